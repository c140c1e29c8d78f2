// Builds the HandlerContext a user handler sees from the era-specific CallScope.
import type { LogLevel } from "../era/envelope.js";
import type { HandleCodec } from "../handles/handles.js";
import type { JsonObject } from "../jsonrpc/message.js";
import { buildInputRequest, type EmbeddedInputRequest, type InputRequestDeclaration } from "../mrtr/input-requests.js";
import type { HandlerContext, ServerControl } from "./definition.js";
import type { CallScope, InputChannel } from "./scope.js";

/** Builds the context; also returns the input channel so the caller can finish an MRTR round. */
export function createHandlerContext(
  scope: CallScope,
  declarations: Readonly<Record<string, InputRequestDeclaration>>,
  handles: HandleCodec,
  server: ServerControl,
): { ctx: HandlerContext; inputs: InputChannel } {
  const inputs = scope.openInputs(declarations);
  const declared = (key: string): InputRequestDeclaration => {
    const decl = Object.hasOwn(declarations, key) ? declarations[key] : undefined;
    if (decl === undefined) throw new Error(`input request '${key}' is not declared for ${scope.method}`);
    return decl;
  };
  const askAll = async (requests: Readonly<Record<string, JsonObject | undefined>>) => {
    const built: Record<string, EmbeddedInputRequest> = {};
    for (const [key, overrides] of Object.entries(requests)) built[key] = buildInputRequest(declared(key), overrides);
    return inputs.askAll(built);
  };
  let lastProgress = -Infinity;
  const ctx: HandlerContext = {
    era: scope.era,
    protocolVersion: scope.protocolVersion,
    method: scope.method,
    requestId: scope.requestId,
    clientCapabilities: scope.clientCapabilities,
    clientInfo: scope.clientInfo,
    get signal() {
      return scope.cancellation.signal;
    },
    progress(progress, total, message) {
      // Progress must strictly increase and stop once the request is over
      // (2026-07-28 basic/patterns/progress); stale or late values are dropped.
      if (scope.progressToken === undefined || scope.cancellation.aborted || !(progress > lastProgress)) return;
      lastProgress = progress;
      const params: JsonObject = { progressToken: scope.progressToken, progress };
      if (total !== undefined) params["total"] = total;
      if (message !== undefined) params["message"] = message;
      scope.notify("notifications/progress", params);
    },
    log(level: LogLevel, data: unknown, logger?: string) {
      if (scope.cancellation.aborted || !scope.shouldLog(level)) return;
      const params: JsonObject = { level, data };
      if (logger !== undefined) params["logger"] = logger;
      scope.notify("notifications/message", params);
    },
    async ask(key, overrides) {
      const answers = await askAll({ [key]: overrides });
      return answers[key] as JsonObject;
    },
    askAll,
    canAsk(key) {
      return inputs.canAsk(buildInputRequest(declared(key), undefined));
    },
    get state() {
      return inputs.state;
    },
    setState(data) {
      inputs.setState(data);
    },
    handles,
    server,
    closeStream() {
      scope.closeStream();
    },
  };
  return { ctx, inputs };
}
