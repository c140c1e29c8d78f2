// The Streamable HTTP endpoint for both eras on one path. Each POST is classified by its body
// (era/classify.ts); modern traffic is served statelessly, legacy traffic through sessions
// identified by Mcp-Session-Id (2025-11-25 basic/transports § Session Management).
import { randomBytes } from "node:crypto";
import { classifyEra } from "../core/era/classify.js";
import { claimsModernEra } from "../core/era/envelope.js";
import { revisionAllowsBatch, type Era } from "../core/era/revisions.js";
import { INVALID_REQUEST } from "../core/jsonrpc/codes.js";
import { RpcError } from "../core/jsonrpc/errors.js";
import { inspectMessage, isPlainObject, salvageId, type InboundMessage, type JsonRpcMessage } from "../core/jsonrpc/message.js";
import { parseJsonText } from "../core/jsonrpc/parse.js";
import { serializeError } from "../core/jsonrpc/serialize.js";
import type { LegacyChannel, LegacySession } from "../server/legacy-session.js";
import { Cancellation } from "../server/cancellation.js";
import type { McpServer } from "../server/server.js";
import { BodyTooLargeError, type HttpRequestView, type HttpResponder, type SseSink } from "./exchange.js";
import { createHostGuard } from "./host-guard.js";
import { parseEventId, ResumableStream } from "./resumable-stream.js";
import { JSON_HEADERS, SSE_HEADERS, sseEvent, ssePriming } from "./sse.js";

export type HttpEndpoint = (request: HttpRequestView, responder: HttpResponder) => Promise<void>;

interface SessionEntry {
  session: LegacySession;
  streams: Map<string, ResumableStream>;
  standalone: SseSink | undefined;
}

/** Client reconnection delay advertised in priming events (ms). */
const RETRY_MS = 500;
const KEPT_FINISHED_STREAMS = 64;

function errorBody(error: RpcError, id: string | number | null = null): string {
  return serializeError(id, error);
}

export function createHttpEndpoint(server: McpServer): HttpEndpoint {
  const guard = createHostGuard(server.options.hostGuard);
  const sessions = new Map<string, SessionEntry>();
  const idleMs = server.options.limits?.sessionIdleMs ?? 30 * 60_000;
  const maxSessions = server.options.limits?.maxSessions ?? 10_000;
  const keepAliveMs = server.options.limits?.keepAliveMs ?? 15_000;
  const sweeper = setInterval(() => {
    const cutoff = Date.now() - idleMs;
    for (const [id, entry] of sessions) {
      if (entry.session.lastActivity < cutoff) {
        entry.standalone?.end();
        entry.session.close();
        sessions.delete(id);
      }
    }
  }, Math.min(idleMs, 60_000));
  sweeper.unref?.();

  const fail = (responder: HttpResponder, status: number, error: RpcError, id: string | number | null = null) =>
    responder.respond(status, JSON_HEADERS, errorBody(error, id));

  async function handlePost(request: HttpRequestView, responder: HttpResponder): Promise<void> {
    const contentType = request.header("content-type");
    if (contentType === undefined || !contentType.toLowerCase().includes("application/json")) {
      return fail(responder, 415, new RpcError(INVALID_REQUEST, "Unsupported Media Type: expected application/json"));
    }
    let text: string;
    try {
      text = await request.readBody(server.maxBodyBytes);
    } catch (error) {
      if (error instanceof BodyTooLargeError) return fail(responder, 413, new RpcError(INVALID_REQUEST, "Request body too large"));
      throw error;
    }
    let value: unknown;
    try {
      value = parseJsonText(text);
    } catch (error) {
      return fail(responder, 400, error as RpcError);
    }
    if (Array.isArray(value)) return handleBatch(value, request, responder);
    let inbound: InboundMessage;
    try {
      inbound = inspectMessage(value);
    } catch (error) {
      return fail(responder, 400, error as RpcError, salvageId(value));
    }
    let era: Era;
    try {
      era = classifyEra(inbound, request.header("mcp-protocol-version"));
    } catch (error) {
      const rpc = error as RpcError;
      return fail(responder, rpc.httpStatus ?? 400, rpc, salvageId(value));
    }
    if (era === "modern") return handleModern(inbound, request, responder);
    return handleLegacy(inbound, request, responder);
  }

  async function handleModern(inbound: InboundMessage, request: HttpRequestView, responder: HttpResponder): Promise<void> {
    if (inbound.kind !== "request") {
      // Accepted notifications get 202 with no body (2026-07-28 streamable-http § Sending Messages).
      return responder.respond(202, {});
    }
    // Closing the response stream is cancellation on the modern era (streamable-http § Cancellation).
    const cancellation = new Cancellation();
    request.onDisconnect(() => cancellation.abort());
    let sink: SseSink | undefined;
    const reply = await server.serveModern(inbound.message, {
      headers: (name) => request.header(name),
      cancellation,
      notify(message) {
        // Upgrade to SSE on the first related message (progress, log, listen traffic).
        if (!sink) {
          const stream = responder.openStream(SSE_HEADERS);
          sink = stream;
          // Comment lines keep idle listen streams alive through proxies; clients ignore them.
          const timer = setInterval(() => stream.write(": keepalive\n\n"), keepAliveMs);
          timer.unref?.();
          stream.onClose(() => {
            clearInterval(timer);
            cancellation.abort();
          });
        }
        if (!sink.closed) sink.write(sseEvent(JSON.stringify(message)));
      },
    });
    if (sink) {
      if (reply.body !== undefined && !sink.closed) sink.write(sseEvent(reply.body));
      sink.end();
    } else if (reply.body !== undefined) {
      responder.respond(reply.status, JSON_HEADERS, reply.body);
    } else {
      responder.respond(reply.status === 200 ? 204 : reply.status, {});
    }
  }

  function sessionFor(request: HttpRequestView, responder: HttpResponder, id: string | number | null): SessionEntry | undefined {
    const sessionId = request.header("mcp-session-id");
    if (sessionId === undefined) {
      fail(responder, 400, new RpcError(INVALID_REQUEST, "Bad Request: Mcp-Session-Id header is required"), id);
      return undefined;
    }
    const entry = sessions.get(sessionId.trim());
    if (!entry) {
      // Unknown or terminated session: 404 tells the client to initialize again.
      fail(responder, 404, new RpcError(INVALID_REQUEST, "Session not found"), id);
      return undefined;
    }
    entry.session.lastActivity = Date.now();
    return entry;
  }

  async function handleLegacy(inbound: InboundMessage, request: HttpRequestView, responder: HttpResponder): Promise<void> {
    if (inbound.kind === "request" && inbound.message.method === "initialize" && request.header("mcp-session-id") === undefined) {
      return initializeSession(inbound.message, responder);
    }
    const id = inbound.kind === "request" ? inbound.message.id : null;
    const entry = sessionFor(request, responder, id);
    if (!entry) return;
    const headerVersion = request.header("mcp-protocol-version")?.trim();
    if (headerVersion !== undefined && !server.host.compiled.legacyRevisions.includes(headerVersion)) {
      return fail(responder, 400, new RpcError(INVALID_REQUEST, `Bad Request: unsupported MCP-Protocol-Version ${headerVersion}`), id);
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
    // Answer with JSON unless the handler talks to the client mid-call (a server→client request,
    // progress, a log line) or drops the stream for polling: then upgrade to a resumable SSE
    // stream whose first event is the priming event (2025-11-25 transports § Resumability).
    let stream: ResumableStream | undefined;
    const ensureStream = (): ResumableStream => {
      if (!stream) {
        stream = new ResumableStream(randomBytes(9).toString("base64url"));
        rememberStream(entry, stream);
        stream.attach(responder.openStream({ ...SSE_HEADERS, "mcp-session-id": entry.session.id }), -1, RETRY_MS);
      }
      return stream;
    };
    const channel: LegacyChannel = {
      send: (outbound: JsonRpcMessage) => ensureStream().send(JSON.stringify(outbound)),
      closeStream: () => ensureStream().detach(),
      headers: (name) => request.header(name),
    };
    const body = await entry.session.handleRequest(message, channel);
    if (body === undefined) {
      // Cancelled by notifications/cancelled: no response is owed, so the exchange just ends.
      if (stream) stream.abandon();
      else responder.respond(202, { "mcp-session-id": entry.session.id });
    } else if (stream) stream.finish(body);
    else responder.respond(200, { ...JSON_HEADERS, "mcp-session-id": entry.session.id }, body);
  }

  function rememberStream(entry: SessionEntry, stream: ResumableStream): void {
    entry.streams.set(stream.id, stream);
    if (entry.streams.size > KEPT_FINISHED_STREAMS) {
      for (const [id, old] of entry.streams) {
        if (entry.streams.size <= KEPT_FINISHED_STREAMS) break;
        if (old.done) entry.streams.delete(id);
      }
    }
  }

  async function initializeSession(message: Extract<InboundMessage, { kind: "request" }>["message"], responder: HttpResponder) {
    if (sessions.size >= maxSessions) {
      return fail(responder, 503, new RpcError(INVALID_REQUEST, "Too many sessions; try again later"), message.id);
    }
    const session = server.createLegacySession(randomBytes(16).toString("hex"));
    const body = (await session.handleRequest(message, { send: () => {}, closeStream: () => {} })) as string;
    if (!session.initialized) {
      session.close();
      return responder.respond(400, JSON_HEADERS, body);
    }
    sessions.set(session.id, { session, streams: new Map(), standalone: undefined });
    responder.respond(200, { ...JSON_HEADERS, "mcp-session-id": session.id }, body);
  }

  async function handleBatch(items: unknown[], request: HttpRequestView, responder: HttpResponder): Promise<void> {
    // Batches exist only in 2025-03-26 (basic § Batching); modern bodies must be one message.
    if (items.length === 0) return fail(responder, 400, new RpcError(INVALID_REQUEST, "Invalid Request: empty batch"));
    if (items.some((item) => isPlainObject(item) && isPlainObject(item["params"]) && claimsModernEra(item["params"] as never))) {
      return fail(responder, 400, new RpcError(INVALID_REQUEST, "Invalid Request: batches are not allowed in the modern era"));
    }
    const entry = sessionFor(request, responder, null);
    if (!entry) return;
    if (!revisionAllowsBatch(entry.session.protocolVersion ?? "")) {
      return fail(responder, 400, new RpcError(INVALID_REQUEST, "Invalid Request: batches are not supported by the negotiated revision"));
    }
    const replies: string[] = [];
    for (const item of items) {
      let inbound: InboundMessage;
      try {
        inbound = inspectMessage(item);
      } catch (error) {
        replies.push(errorBody(error as RpcError, salvageId(item)));
        continue;
      }
      if (inbound.kind === "request") {
        const reply = await entry.session.handleRequest(inbound.message, { send: () => {}, closeStream: () => {} });
        if (reply !== undefined) replies.push(reply);
      } else if (inbound.kind === "notification") entry.session.handleNotification(inbound.message);
      else entry.session.handleResponse(inbound.message);
    }
    if (replies.length === 0) return responder.respond(202, {});
    responder.respond(200, { ...JSON_HEADERS, "mcp-session-id": entry.session.id }, `[${replies.join(",")}]`);
  }

  function handleGet(request: HttpRequestView, responder: HttpResponder): void {
    if (server.host.compiled.legacyRevisions.length === 0) return responder.respond(405, { allow: "POST" });
    const entry = sessionFor(request, responder, null);
    if (!entry) return;
    const lastEventId = request.header("last-event-id");
    if (lastEventId !== undefined) {
      const parsed = parseEventId(lastEventId.trim());
      const stream = parsed ? entry.streams.get(parsed.streamId) : undefined;
      if (!parsed || !stream) return fail(responder, 404, new RpcError(INVALID_REQUEST, "Unknown Last-Event-ID"));
      stream.attach(responder.openStream({ ...SSE_HEADERS, "mcp-session-id": entry.session.id }), parsed.seq, undefined);
      return;
    }
    // The standalone stream for unsolicited notifications; a newer GET replaces an older one.
    entry.standalone?.end();
    const sink = responder.openStream({ ...SSE_HEADERS, "mcp-session-id": entry.session.id });
    entry.standalone = sink;
    sink.write(ssePriming(`${entry.session.id}-get`, RETRY_MS));
    entry.session.unsolicited = (message) => {
      if (!sink.closed) sink.write(sseEvent(JSON.stringify(message)));
    };
    sink.onClose(() => {
      if (entry.standalone === sink) {
        entry.standalone = undefined;
        entry.session.unsolicited = undefined;
      }
    });
  }

  function handleDelete(request: HttpRequestView, responder: HttpResponder): void {
    if (server.host.compiled.legacyRevisions.length === 0) return responder.respond(405, { allow: "POST" });
    const entry = sessionFor(request, responder, null);
    if (!entry) return;
    entry.standalone?.end();
    entry.session.close();
    sessions.delete(entry.session.id);
    responder.respond(200, {});
  }

  return async (request, responder) => {
    if (!guard(request.header("host"), request.header("origin"))) {
      return fail(responder, 403, new RpcError(INVALID_REQUEST, "Forbidden: Host or Origin not allowed"));
    }
    switch (request.method) {
      case "POST":
        return handlePost(request, responder);
      case "GET":
        return handleGet(request, responder);
      case "DELETE":
        return handleDelete(request, responder);
      default:
        return responder.respond(405, { allow: "GET, POST, DELETE" });
    }
  };
}
