// The client half of extension methods (server/extension-methods.ts; docs/extensions.md): the
// client declares the extensions it speaks — per request on 2026-07-28, at `initialize` on the
// legacy era, the same `capabilities.extensions` either way (extensions/overview § Client
// Capabilities) — sends custom requests and notifications, and hands the server's custom
// notifications to typed handlers. Generated clients call these; hand-written ones may too.
import { META_TASKS_EXTENSION, withEnvelope } from "../core/era/envelope.js";
import { isPlainObject, type JsonObject, type JsonRpcNotification } from "../core/jsonrpc/message.js";
import type { McpClient } from "./client.js";
import { McpClientError } from "./errors.js";
import type { McpClientOptions, RequestOptions } from "./session/types.js";

/**
 * Options whose capabilities declare `extensions` besides what the client declares itself (the
 * tasks extension: client.ts) and what the caller put in `capabilities.extensions` (which wins).
 */
export function withClientExtensions(options: McpClientOptions, extensions: Readonly<Record<string, JsonObject>>): McpClientOptions {
  const given = options.capabilities ?? {};
  const own = isPlainObject(given["extensions"]) ? given["extensions"] : {};
  return { ...options, capabilities: { ...given, extensions: { [META_TASKS_EXTENSION]: {}, ...extensions, ...own } } };
}

/** The result without the protocol's own fields (`resultType`, `_meta`, cache hints), so a schema sees the method's. */
function ownResult(result: JsonObject): JsonObject {
  const { resultType: _r, _meta: _m, ttlMs: _t, cacheScope: _c, ...rest } = result;
  return rest;
}

/**
 * Sends a custom request and returns its result, checked by `parse` when given (a generated
 * client passes the result schema's parse). A result that fails it raises McpClientError
 * "bad-response" with the parser's message: the server broke its declared contract.
 */
export async function requestExtension<T = JsonObject>(
  client: McpClient,
  method: string,
  params: JsonObject | undefined,
  parse: ((value: unknown) => T) | undefined,
  options: RequestOptions = {},
): Promise<T> {
  const result = ownResult(await client.request(method, params, options));
  if (parse === undefined) return result as T;
  try {
    return parse(result);
  } catch (error) {
    throw new McpClientError("bad-response", `${method} answered a result that does not match its schema: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * Sends a custom client→server notification. On 2026-07-28 it carries the per-request envelope
 * (the server checks the extension against it); on legacy the session's `initialize` stands.
 */
export async function notifyExtension(client: McpClient, options: McpClientOptions, method: string, params: JsonObject = {}): Promise<void> {
  await client.connect();
  const body =
    client.era === "modern"
      ? withEnvelope(params, { protocolVersion: client.protocolVersion ?? "", clientCapabilities: client.clientCapabilities, clientInfo: options.clientInfo })
      : params;
  await options.transport.notify({ jsonrpc: "2.0", method, params: body });
}

/** A handler of one server→client custom notification, given its params without `_meta`. */
export type ExtensionNotificationHandler = (params: JsonObject) => void;

/**
 * Options whose `onNotification` first offers each notification to `handlers` by method (params
 * without `_meta`), then to the caller's own `onNotification`.
 */
export function routeExtensionNotifications(options: McpClientOptions, handlers: () => Readonly<Record<string, ExtensionNotificationHandler | undefined>>): McpClientOptions {
  const next = options.onNotification;
  return {
    ...options,
    onNotification: (message: JsonRpcNotification) => {
      const handler = Object.hasOwn(handlers(), message.method) ? handlers()[message.method] : undefined;
      if (handler === undefined) return next?.(message);
      const { _meta: _m, ...params } = message.params ?? {};
      handler(params);
    },
  };
}
