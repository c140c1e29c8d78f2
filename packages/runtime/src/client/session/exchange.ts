// One request/response exchange, the part both eras share: id, progress token, timeout (reset
// by progress when asked, under an optional total cap), caller abort, cancellation on abort,
// and turning a peer's error response into an RpcError. The era decides what the body and
// headers look like (`EraWire`).
import { withProgressToken } from "../../core/era/envelope.js";
import { isFailure, type JsonObject, type JsonRpcRequest, type RequestId } from "../../core/jsonrpc/message.js";
import { McpClientError, McpTimeoutError } from "../errors.js";
import { requestSignal } from "../request-signal.js";
import { peerError } from "../url-elicitation.js";
import type { SendSettings, SessionContext } from "./types.js";

export interface EraWire {
  /** The params as the era sends them (modern: with the `_meta` envelope). */
  body(params: JsonObject | undefined): JsonObject | undefined;
  /** HTTP headers derived from the original params; undefined when none apply. */
  headers(method: string, params: JsonObject | undefined): Record<string, string> | undefined;
  /** Tells the server a request was abandoned (as the era and transport require). */
  cancel(id: RequestId, reason: string): Promise<void>;
}

export function defaultTimeout(context: SessionContext, override?: number): number {
  return override ?? context.options.requestTimeoutMs ?? 60_000;
}

export async function exchangeOnce(context: SessionContext, wire: EraWire, method: string, params: JsonObject | undefined, settings: SendSettings): Promise<JsonObject> {
  const id = context.nextId();
  settings.onId?.(id);
  const startedAt = settings.startedAt ?? Date.now();
  const timeoutMs = defaultTimeout(context, settings.timeoutMs);
  const maxTotalTimeoutMs = settings.maxTotalTimeoutMs ?? context.options.maxTotalTimeoutMs;
  const combined = requestSignal([settings.signal, context.lifetime], timeoutMs, maxTotalTimeoutMs === undefined ? undefined : { maxTotalTimeoutMs, startedAt });
  const resetOnProgress = settings.resetTimeoutOnProgress ?? context.options.resetTimeoutOnProgress ?? false;
  let body: JsonObject | undefined = params;
  let progressToken: number | undefined;
  if (settings.onProgress !== undefined || resetOnProgress) {
    // A progress token is what lets the server's progress reach this request, so a request that
    // resets its timeout on progress carries one even when the caller wants no callback.
    const onProgress = settings.onProgress;
    progressToken = context.nextProgressToken();
    context.progressCallbacks.set(progressToken, (progress) => {
      if (resetOnProgress) combined.reset();
      onProgress?.(progress);
    });
    body = withProgressToken(params, progressToken);
  }
  body = wire.body(body);
  const request: JsonRpcRequest = { jsonrpc: "2.0", id, method, ...(body === undefined ? {} : { params: body }) };
  const headers = wire.headers(method, params);
  try {
    const response = await context.transport.request(request, { signal: combined.signal, ...(headers === undefined ? {} : { headers }) });
    if (isFailure(response)) throw peerError(response.error);
    return response.result;
  } catch (error) {
    if (error instanceof McpClientError && error.reason === "aborted") {
      if (context.lifetime.aborted) throw new McpClientError("transport-closed", `${method} was abandoned because the client closed`);
      await wire.cancel(id, combined.timedOut ? "timeout" : "aborted by the caller");
      if (combined.timedOut) {
        throw new McpTimeoutError({
          method,
          limit: combined.limit ?? "request",
          timeoutMs,
          ...(maxTotalTimeoutMs === undefined ? {} : { maxTotalTimeoutMs }),
          elapsedMs: Date.now() - startedAt,
          progressResets: combined.resets,
        });
      }
    }
    throw error;
  } finally {
    combined.dispose();
    if (progressToken !== undefined) context.progressCallbacks.delete(progressToken);
  }
}

/** A signal that fires after the request timeout, for exchanges that are never cancelled (initialize, probe). */
export function timeoutSignal(timeoutMs: number): AbortSignal | undefined {
  return Number.isFinite(timeoutMs) && timeoutMs > 0 ? AbortSignal.timeout(timeoutMs) : undefined;
}
