// Serving the extension methods of ./extension-methods.ts, the same on both eras: the extension
// check, params validation, the handler under the usual deadline/cancellation, and the result
// check. Client→server notifications are delivered here too; they have no answer, so whatever
// goes wrong is reported to onError and nothing reaches the client.
import { INTERNAL_ERROR } from "../core/jsonrpc/codes.js";
import { invalidParams, RpcError } from "../core/jsonrpc/errors.js";
import { isPlainObject, type JsonObject } from "../core/jsonrpc/message.js";
import type { Era } from "../core/era/revisions.js";
import type { AuthInfo } from "../auth/types.js";
import type { ExtensionMethodDefinition, ServerControl } from "./definition.js";
import { declaresExtension, missingExtensionError, type CompiledExtensions } from "./extension-methods.js";
import { runWithInputs, type OperationHost } from "./operations.js";
import type { CallScope } from "./scope.js";

/** `params` without `_meta`: the envelope is the protocol's, not the method's. */
function ownParams(params: JsonObject): JsonObject {
  if (!Object.hasOwn(params, "_meta")) return params;
  const { _meta: _m, ...rest } = params;
  return rest;
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  try {
    return typeof error === "string" ? error : JSON.stringify(error);
  } catch {
    return "invalid value";
  }
}

/**
 * Serves one extension method call. `httpStatus` is the status a missing extension carries
 * (400 on modern HTTP; legacy errors stay in-band); bad params stay in-band like a tool's. DECISION (docs/extensions.md § Legacy era): legacy
 * sessions are checked against the capabilities sent at `initialize` and get the same -32021
 * with the same data — 2025-11-25 defines no code for it, and -32021 lies in the range it
 * leaves to implementations (JSON-RPC server errors).
 */
export async function serveExtensionMethod(host: OperationHost, scope: CallScope, def: ExtensionMethodDefinition<any, any>, httpStatus?: number): Promise<JsonObject> {
  if (def.requiresClientExtension !== false && !declaresExtension(scope.clientCapabilities, def.extension)) throw missingExtensionError(def.extension, httpStatus);
  const raw = ownParams(scope.params);
  let params: unknown = raw;
  if (def.parseParams) {
    const parsed = def.parseParams(raw);
    if (!parsed.success) throw invalidParams(`Invalid params for ${def.method}: ${describe(parsed.error)}`);
    params = parsed.data;
  }
  return runWithInputs(
    host,
    scope,
    undefined,
    async (ctx) => {
      const result: unknown = await def.handler(params, ctx);
      if (!isPlainObject(result)) throw new Error(`extension method '${def.method}' returned ${result === null ? "null" : typeof result}, not an object`);
      if (def.parseResult) {
        const checked = def.parseResult(result);
        if (!checked.success) {
          // The server MUST keep to what it declared, as with a tool's outputSchema: the caller
          // gets a protocol error, the operator the reason.
          host.reportError(new Error(`extension method '${def.method}' returned a result that violates its result schema: ${describe(checked.error)}`));
          throw new RpcError(INTERNAL_ERROR, `${def.method} produced a result that does not match its result schema`);
        }
      }
      return result;
    },
    def.timeoutMs ?? host.handlerTimeoutMs,
  );
}

/** Who sent an inbound notification. */
export interface NotificationSender {
  era: Era;
  clientCapabilities: JsonObject;
  clientInfo: JsonObject | undefined;
  sessionId?: string;
  auth?: AuthInfo;
}

/**
 * Delivers a client→server extension notification. Returns false when the method is not one of
 * the definition's (the caller keeps its own handling). A sender that did not declare the
 * extension, bad params and handler failures are reported, never answered (no id to answer).
 */
export function deliverExtensionNotification(
  extensions: CompiledExtensions,
  control: ServerControl,
  reportError: (error: unknown) => void,
  method: string,
  rawParams: JsonObject | undefined,
  sender: NotificationSender,
): boolean {
  const def = extensions.inbound.get(method);
  if (def === undefined || def.handler === undefined) return false;
  if (!declaresExtension(sender.clientCapabilities, def.extension)) {
    reportError(new Error(`dropped ${method}: the client did not declare the extension ${def.extension}`));
    return true;
  }
  const raw = ownParams(rawParams ?? {});
  let params: unknown = raw;
  if (def.parseParams) {
    const parsed = def.parseParams(raw);
    if (!parsed.success) {
      reportError(new Error(`dropped ${method}: invalid params: ${describe(parsed.error)}`));
      return true;
    }
    params = parsed.data;
  }
  const handler = def.handler;
  const info = {
    era: sender.era,
    method,
    clientCapabilities: sender.clientCapabilities,
    clientInfo: sender.clientInfo,
    sessionId: sender.sessionId,
    auth: sender.auth,
    server: control,
  };
  try {
    Promise.resolve(handler(params, info)).catch(reportError);
  } catch (error) {
    reportError(error);
  }
  return true;
}
