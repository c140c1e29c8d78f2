// Legacy-era POSTs (2025-11-25 basic/transports § Sending Messages to the Server): `initialize`
// mints a session; every other message names one. A request is answered with JSON unless its
// handler talks to the client mid-call (a server→client request, progress, a log line) or drops
// its stream for polling: then the answer becomes a resumable SSE stream whose first event is
// the priming event (§ Resumability). 2025-03-26 sessions also accept batches (basic § Batching).
import { randomBase64url } from "../platform/bytes.js";
import { principalOf } from "../auth/principal.js";
import type { AuthInfo } from "../auth/types.js";
import { claimsModernEra } from "../core/era/envelope.js";
import { revisionAllowsBatch } from "../core/era/revisions.js";
import { INTERNAL_ERROR, INVALID_REQUEST } from "../core/jsonrpc/codes.js";
import { RpcError } from "../core/jsonrpc/errors.js";
import { inspectMessage, isPlainObject, salvageId, type InboundMessage, type JsonRpcMessage, type JsonRpcRequest, type RequestId } from "../core/jsonrpc/message.js";
import { answerText, serializeError } from "../core/jsonrpc/serialize.js";
import { isThenable } from "../core/maybe-promise.js";
import type { LegacyAnswer, LegacyChannel } from "../server/legacy-session.js";
import type { McpServer } from "../server/server.js";
import type { HttpRequestView, HttpResponder } from "./exchange.js";
import type { HttpLimits } from "./http-limits.js";
import { findSession, type LegacySessionStore, type SessionEntry } from "./legacy-store.js";
import { ExchangeReply, sendError } from "./reply.js";
import { ResumableStream } from "./resumable-stream.js";
import { JSON_HEADERS, SSE_HEADERS } from "./sse.js";

export interface LegacyPost {
  message(inbound: InboundMessage, request: HttpRequestView, responder: HttpResponder): Promise<void> | void;
  batch(items: unknown[], request: HttpRequestView, responder: HttpResponder): Promise<void>;
}

const NO_CHANNEL: LegacyChannel = { send: () => {}, closeStream: () => {} };

/** What a handler that asks the client is told in stateless mode (ServerOptions.legacyHttp). */
export const STATELESS_NO_CLIENT_REQUESTS =
  "server→client requests (elicitation, sampling, roots) are unavailable: this server runs legacy HTTP without sessions (legacyHttp: stateless)";

export function createLegacyPost(server: McpServer, store: LegacySessionStore, limits: HttpLimits): LegacyPost {
  const stateless = server.options.legacyHttp === "stateless";
  const sessionHeader = (entry: SessionEntry): Record<string, string> => (stateless ? {} : { "mcp-session-id": entry.session.id });

  /**
   * Stateless mode: one throwaway session per request, never stored, no Mcp-Session-Id. The
   * revision is the MCP-Protocol-Version header's, else 2025-03-26 (2025-11-25 basic/transports
   * § Protocol Version Header), else the preferred one; the client declared no capabilities here.
   */
  function throwaway(request: HttpRequestView, method: string | undefined): SessionEntry {
    const entry = store.create(request.clientAddress ?? "");
    entry.session.clientRequestsUnavailable = STATELESS_NO_CLIENT_REQUESTS;
    if (method !== "initialize") {
      const header = request.header("mcp-protocol-version")?.trim() ?? "2025-03-26";
      const served = server.legacyRevisions;
      entry.session.restore({ protocolVersion: served.includes(header) ? header : (served[0] as string), clientCapabilities: {} });
    }
    return entry;
  }

  async function statelessMessage(inbound: InboundMessage, request: HttpRequestView, responder: HttpResponder): Promise<void> {
    // Answers and notifications have no session to belong to (there are no server→client requests).
    if (inbound.kind !== "request") return responder.respond(202, {});
    const entry = throwaway(request, inbound.message.method);
    try {
      await serveRequest(entry, inbound.message, request, responder);
    } finally {
      entry.session.close();
    }
  }
  async function initialize(message: JsonRpcRequest, request: HttpRequestView, responder: HttpResponder): Promise<void> {
    const client = request.clientAddress ?? "";
    if (!store.admit(client)) return sendError(responder, 503, new RpcError(INVALID_REQUEST, "Too many sessions; try again later"), message.id);
    const entry = store.create(client);
    const body = answerText((await entry.session.handleRequest(message, NO_CHANNEL)) as LegacyAnswer);
    if (!entry.session.initialized) {
      entry.session.close();
      return responder.respond(400, JSON_HEADERS, body);
    }
    entry.session.principal = request.auth
      ? principalOf(request.auth)
      : server.options.callerOf?.({ headers: (name) => request.header(name), clientInfo: entry.session.clientInfo });
    try {
      await store.share(entry);
    } catch (error) {
      // No instance but this one could serve the session: refuse it rather than hand out a dead id.
      entry.session.close();
      server.reportError(error);
      return sendError(responder, 503, new RpcError(INTERNAL_ERROR, "Session store unavailable; try again"), message.id);
    }
    store.add(entry);
    responder.respond(200, { ...JSON_HEADERS, "mcp-session-id": entry.session.id }, body);
  }

  // One response-header object per session and kind, not a spread per request (no JSON header
  // object ever reaches a responder that mutates it: NodeResponder copies before adding length).
  const replyHeaders = new WeakMap<SessionEntry, { json: Record<string, string>; sse: Record<string, string>; bare: Record<string, string> }>();
  const headersOf = (entry: SessionEntry) => {
    let headers = replyHeaders.get(entry);
    if (headers === undefined) {
      const bare = sessionHeader(entry);
      headers = { bare, json: { ...JSON_HEADERS, ...bare }, sse: { ...SSE_HEADERS, ...bare } };
      replyHeaders.set(entry, headers);
    }
    return headers;
  };

  /**
   * PERFORMANCE (issue 10): `serveRequest` and `message` are not async functions; the session's
   * promise is chained once, and a local session is found without a promise (findSession).
   */
  function serveRequest(entry: SessionEntry, message: JsonRpcRequest, request: HttpRequestView, responder: HttpResponder): Promise<void> | void {
    const headers = headersOf(entry);
    const exchange = new PostExchange(new ExchangeReply(responder), entry, request, store, limits, headers.sse);
    const handled = entry.session.handleRequest(message, exchange);
    // Answered synchronously: nothing is in flight that a DELETE would have to terminate.
    if (!isThenable(handled)) return exchange.finish(handled, headers);
    const terminate = (): void => exchange.terminate(message.id);
    entry.exchanges.add(terminate);
    return (handled as Promise<LegacyAnswer | undefined>).then(
      (body) => {
        entry.exchanges.delete(terminate);
        exchange.finish(body, headers);
      },
      (error: unknown) => {
        entry.exchanges.delete(terminate);
        throw error;
      },
    );
  }

  /** A message for an existing session, once the session is known. */
  function inSession(entry: SessionEntry, inbound: InboundMessage, request: HttpRequestView, responder: HttpResponder): Promise<void> | void {
    const id = inbound.kind === "request" ? inbound.message.id : null;
    const headerVersion = request.header("mcp-protocol-version")?.trim();
    if (headerVersion !== undefined && !server.legacyRevisions.includes(headerVersion)) {
      return sendError(responder, 400, new RpcError(INVALID_REQUEST, `Bad Request: unsupported MCP-Protocol-Version ${headerVersion}`), id);
    }
    if (inbound.kind === "response") {
      if (!entry.session.handleResponse(inbound.message)) store.forward(entry, inbound.message);
      return responder.respond(202, {});
    }
    if (inbound.kind === "notification") {
      if (!entry.session.handleNotification(inbound.message)) store.forward(entry, inbound.message);
      return responder.respond(202, {});
    }
    return serveRequest(entry, inbound.message, request, responder);
  }

  function message(inbound: InboundMessage, request: HttpRequestView, responder: HttpResponder): Promise<void> | void {
    if (stateless) return statelessMessage(inbound, request, responder);
    if (inbound.kind === "request" && inbound.message.method === "initialize" && request.header("mcp-session-id") === undefined) {
      return initialize(inbound.message, request, responder);
    }
    const found = findSession(store, request, responder, inbound.kind === "request" ? inbound.message.id : null);
    if (found === undefined) return;
    if (found instanceof Promise) return found.then((entry) => (entry ? inSession(entry, inbound, request, responder) : undefined));
    return inSession(found, inbound, request, responder);
  }

  async function batch(items: unknown[], request: HttpRequestView, responder: HttpResponder): Promise<void> {
    // Batches exist only in 2025-03-26 (basic § Batching); modern bodies must be one message.
    if (items.length === 0) return sendError(responder, 400, new RpcError(INVALID_REQUEST, "Invalid Request: empty batch"));
    if (items.some((item) => isPlainObject(item) && isPlainObject(item["params"]) && claimsModernEra(item["params"] as never))) {
      return sendError(responder, 400, new RpcError(INVALID_REQUEST, "Invalid Request: batches are not allowed in the modern era"));
    }
    const entry = stateless ? throwaway(request, undefined) : await findSession(store, request, responder, null);
    if (!entry) return;
    try {
      await serveBatch(entry, items, responder);
    } finally {
      if (stateless) entry.session.close();
    }
  }

  async function serveBatch(entry: SessionEntry, items: unknown[], responder: HttpResponder): Promise<void> {
    if (!revisionAllowsBatch(entry.session.protocolVersion ?? "")) {
      return sendError(responder, 400, new RpcError(INVALID_REQUEST, "Invalid Request: batches are not supported by the negotiated revision"));
    }
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
        const reply = await entry.session.handleRequest(inbound.message, NO_CHANNEL);
        if (reply !== undefined) replies.push(answerText(reply));
      } else if (inbound.kind === "notification") {
        if (!entry.session.handleNotification(inbound.message)) store.forward(entry, inbound.message);
      } else if (!entry.session.handleResponse(inbound.message)) store.forward(entry, inbound.message);
    }
    if (replies.length === 0) return responder.respond(202, {});
    responder.respond(200, headersOf(entry).json, `[${replies.join(",")}]`);
  }

  return { message, batch };
}

/**
 * One POSTed request's exchange and the channel its handler talks through. Every message about
 * the request goes through here; it is answered with JSON unless a message arrives mid-call, which
 * turns the answer into a resumable SSE stream. Once answered with JSON there is no stream to
 * upgrade to, so a late message is dropped. A class, not an object of closures: per-request
 * allocation is what the legacy bench rows pay for (bench/server).
 */
class PostExchange implements LegacyChannel {
  readonly auth: AuthInfo | undefined;
  readonly headers: (name: string) => string | undefined;
  private stream: ResumableStream | undefined;

  constructor(
    private readonly reply: ExchangeReply,
    private readonly entry: SessionEntry,
    request: HttpRequestView,
    private readonly store: LegacySessionStore,
    private readonly limits: HttpLimits,
    private readonly streamHeaders: Readonly<Record<string, string>>,
  ) {
    this.auth = request.auth;
    this.headers = (name) => request.header(name);
  }

  private openStream(): ResumableStream | undefined {
    if (!this.stream && !this.reply.answered && !this.reply.streaming) {
      const stream = new ResumableStream(randomBase64url(9), this.limits.maxReplayBytes, this.store.mirrorOf(this.entry));
      this.stream = stream;
      this.store.remember(this.entry, stream);
      stream.attach(this.reply.stream(this.streamHeaders), -1, this.limits.retryMs);
    }
    return this.stream;
  }

  send(outbound: JsonRpcMessage): boolean {
    const target = this.openStream();
    if (!target || target.done) return false;
    target.send(JSON.stringify(outbound));
    return true;
  }

  closeStream(): void {
    this.openStream()?.detach();
  }

  terminate(id: RequestId): void {
    const error = new RpcError(INVALID_REQUEST, "Session terminated");
    if (this.stream) this.stream.finish(serializeError(id, error));
    else sendError(this.reply, 404, error, id);
  }

  /** A shared result (a list page) goes out as its bytes where the adapter can write them (SharedSuccess). */
  finish(body: LegacyAnswer | undefined, headers: { json: Record<string, string>; bare: Record<string, string> }): void {
    if (this.stream) {
      // Cancelled by notifications/cancelled: no response is owed, so the stream just ends.
      if (body === undefined) this.stream.abandon();
      else this.stream.finish(answerText(body));
    } else if (body === undefined) this.reply.respond(202, headers.bare);
    else if (typeof body === "string") this.reply.respond(200, headers.json, body);
    else this.reply.respondShared(200, headers.json, body);
  }
}
