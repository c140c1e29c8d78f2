// The message endpoint of the 2024-11-05 HTTP+SSE transport (sse-transport.ts has the decision
// record): one POST per client message (or batch, where the negotiated revision has them),
// accepted with 202 and answered on the session's event stream. Refusals happen on the POST,
// before anything is dispatched, with a JSON-RPC error body.
import type { HttpAuth, ScopedMessage } from "../auth/http-guard.js";
import { principalOf } from "../auth/principal.js";
import { revisionAllowsBatch } from "../core/era/revisions.js";
import { INVALID_REQUEST } from "../core/jsonrpc/codes.js";
import { RpcError } from "../core/jsonrpc/errors.js";
import { inspectMessage, isPlainObject, salvageId, type InboundMessage, type JsonRpcRequest } from "../core/jsonrpc/message.js";
import { parseJsonText } from "../core/jsonrpc/parse.js";
import { answerText, serializeError } from "../core/jsonrpc/serialize.js";
import type { LegacyChannel } from "../server/legacy-session.js";
import type { McpServer } from "../server/server.js";
import { BodyTooLargeError, type HttpRequestView, type HttpResponder, type SseSink } from "./exchange.js";
import type { LegacySessionStore, SessionEntry } from "./legacy-store.js";
import { isJsonMediaType } from "./media-type.js";
import { sendError } from "./reply.js";
import { JSON_HEADERS, sseEvent } from "./sse.js";

export type SseMessagePost = (request: HttpRequestView, responder: HttpResponder) => Promise<void>;

/** The `sessionId` query parameter of a request target. */
function sessionIdOf(target: string | undefined): string | undefined {
  const mark = target?.indexOf("?") ?? -1;
  if (target === undefined || mark === -1) return undefined;
  return new URLSearchParams(target.slice(mark + 1)).get("sessionId") ?? undefined;
}

function scopedOf(messages: readonly unknown[]): ScopedMessage[] {
  const out: ScopedMessage[] = [];
  for (const item of messages) {
    if (!isPlainObject(item) || typeof item["method"] !== "string" || !("id" in item)) continue;
    out.push({ method: item["method"], params: isPlainObject(item["params"]) ? item["params"] : undefined, id: salvageId(item) });
  }
  return out;
}

const isRequestItem = (item: unknown): boolean => isPlainObject(item) && "method" in item && "id" in item;

export function createSseMessagePost(server: McpServer, store: LegacySessionStore, streams: ReadonlyMap<SessionEntry, SseSink>, auth: HttpAuth | undefined): SseMessagePost {
  const gate = server.gate;

  const busy = (responder: HttpResponder, id: JsonRpcRequest["id"] | null): void =>
    responder.respond(503, { ...JSON_HEADERS, "retry-after": gate.draining ? "5" : "1" }, serializeError(id, gate.refusal()));

  function channelFor(sink: SseSink, request: HttpRequestView): LegacyChannel {
    return {
      send(message) {
        if (sink.closed) return false;
        sink.write(sseEvent(JSON.stringify(message)));
        return true;
      },
      // The stream is the session's only channel: a handler that drops "its" stream keeps it.
      closeStream: () => {},
      headers: (name) => request.header(name),
      ...(request.auth ? { auth: request.auth } : {}),
    };
  }

  async function serveRequest(entry: SessionEntry, sink: SseSink, message: JsonRpcRequest, request: HttpRequestView): Promise<void> {
    const session = entry.session;
    const body = await session.handleRequest(message, channelFor(sink, request));
    if (message.method === "initialize" && session.initialized && session.principal === undefined) {
      session.principal = server.options.callerOf?.({ headers: (name) => request.header(name), clientInfo: session.clientInfo });
    }
    if (body !== undefined && !sink.closed) sink.write(sseEvent(answerText(body)));
  }

  async function serveBatch(entry: SessionEntry, sink: SseSink, items: readonly unknown[], request: HttpRequestView): Promise<void> {
    const replies: string[] = [];
    for (const item of items) {
      let inbound: InboundMessage;
      try {
        inbound = inspectMessage(item);
      } catch (error) {
        replies.push(serializeError(salvageId(item), error as RpcError));
        continue;
      }
      if (inbound.kind === "request") {
        const reply = await entry.session.handleRequest(inbound.message, channelFor(sink, request));
        if (reply !== undefined) replies.push(answerText(reply));
      } else if (inbound.kind === "notification") entry.session.handleNotification(inbound.message);
      else entry.session.handleResponse(inbound.message);
    }
    if (replies.length > 0 && !sink.closed) sink.write(sseEvent(`[${replies.join(",")}]`));
  }

  const report = (work: Promise<void>): void => {
    work.catch((error: unknown) => server.reportError(error));
  };

  return async (request, responder) => {
    const sessionId = sessionIdOf(request.target);
    if (sessionId === undefined) return sendError(responder, 400, new RpcError(INVALID_REQUEST, "Bad Request: the sessionId query parameter is required"));
    const entry = store.lookup(sessionId);
    const sink = entry ? streams.get(entry) : undefined;
    // A session belongs to the token subject that opened its stream; to anyone else it does not exist.
    if (!entry || !sink || sink.closed || (request.auth !== undefined && entry.session.principal !== principalOf(request.auth))) {
      return sendError(responder, 404, new RpcError(INVALID_REQUEST, "Session not found"));
    }
    if (!isJsonMediaType(request.header("content-type"))) {
      return sendError(responder, 415, new RpcError(INVALID_REQUEST, "Unsupported Media Type: expected application/json"));
    }
    let value: unknown;
    try {
      value = parseJsonText(await request.readBody(server.maxBodyBytes));
    } catch (error) {
      if (error instanceof BodyTooLargeError) return sendError(responder, 413, new RpcError(INVALID_REQUEST, "Request body too large"));
      if (error instanceof RpcError) return sendError(responder, 400, error);
      throw error;
    }
    if (Array.isArray(value)) {
      if (value.length === 0 || !revisionAllowsBatch(entry.session.protocolVersion ?? "")) {
        return sendError(responder, 400, new RpcError(INVALID_REQUEST, "Invalid Request: batches are not supported by the negotiated revision"));
      }
      if (gate.full && value.some(isRequestItem)) return busy(responder, null);
      if (auth && request.auth && !auth.authorize(request.auth, scopedOf(value), request, responder)) return;
      responder.respond(202, {});
      return report(serveBatch(entry, sink, value, request));
    }
    let inbound: InboundMessage;
    try {
      inbound = inspectMessage(value);
    } catch (error) {
      return sendError(responder, 400, error as RpcError, salvageId(value));
    }
    if (inbound.kind === "response") {
      entry.session.handleResponse(inbound.message);
      return responder.respond(202, {});
    }
    if (inbound.kind === "notification") {
      entry.session.handleNotification(inbound.message);
      return responder.respond(202, {});
    }
    const message = inbound.message;
    if (gate.full) return busy(responder, message.id);
    if (auth && request.auth && !auth.authorize(request.auth, scopedOf([message]), request, responder)) return;
    responder.respond(202, {});
    report(serveRequest(entry, sink, message, request));
  };
}
