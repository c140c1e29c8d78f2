// The Streamable HTTP endpoint for both eras on one path: a router. Each POST is classified by
// its body (core/era/classify.ts); modern traffic goes to modern-post.ts (stateless), legacy
// traffic to legacy-post.ts through the session store (2025-11-25 basic/transports § Session
// Management); GET and DELETE exist only for legacy sessions (legacy-streams.ts).
import { createHttpAuth, type HttpAuth, type ScopedMessage } from "../auth/http-guard.js";
import { METADATA_PATH } from "../auth/metadata.js";
import { classifyEra } from "../core/era/classify.js";
import { INVALID_REQUEST } from "../core/jsonrpc/codes.js";
import { RpcError } from "../core/jsonrpc/errors.js";
import { inspectMessage, isPlainObject, salvageId, type InboundMessage } from "../core/jsonrpc/message.js";
import { parseJsonText } from "../core/jsonrpc/parse.js";
import type { McpServer } from "../server/server.js";
import { BodyTooLargeError, type HttpRequestView, type HttpResponder } from "./exchange.js";
import { attachAuth, createAdmission } from "./admission.js";
import { httpLimitsOf } from "./http-limits.js";
import { createLegacyPost } from "./legacy-post.js";
import { LegacySessionStore } from "./legacy-store.js";
import { createLegacyStreams } from "./legacy-streams.js";
import { isJsonMediaType } from "./media-type.js";
import { createModernPost } from "./modern-post.js";
import { sendError } from "./reply.js";
import { JSON_HEADERS } from "./sse.js";
import { serializeError } from "../core/jsonrpc/serialize.js";

export type HttpEndpoint = (request: HttpRequestView, responder: HttpResponder) => Promise<void>;

/** What createHttpEndpoint returns for an exchange answered synchronously: one settled promise, shared. */
const DONE: Promise<void> = Promise.resolve();

/** The messages of a batch that scopes apply to (requests); malformed items are answered later. */
function scopedItems(items: unknown[]): ScopedMessage[] {
  const out: ScopedMessage[] = [];
  for (const item of items) {
    if (!isPlainObject(item) || typeof item["method"] !== "string" || !("id" in item)) continue;
    const params = isPlainObject(item["params"]) ? item["params"] : undefined;
    out.push({ method: item["method"], params, id: salvageId(item) });
  }
  return out;
}

/** 503 with Retry-After: a drain began, or maxInFlight requests run (server/drain.ts). */
function sendBusy(server: McpServer, responder: HttpResponder, id: string | number | null): void {
  responder.respond(503, { ...JSON_HEADERS, "retry-after": server.gate.draining ? "5" : "1" }, serializeError(id, server.gate.refusal()));
}

/**
 * The endpoint as adapters use it: it may answer synchronously (undefined) and may throw; a
 * returned promise rejects on failures the adapter answers (500).
 */
export type ExchangeHandler = (request: HttpRequestView, responder: HttpResponder) => Promise<void> | void;

export function createExchangeHandler(server: McpServer, mcpPath = "/mcp"): ExchangeHandler {
  const admit = createAdmission(server);
  const auth = server.options.auth ? createHttpAuth(server.options.auth, mcpPath, server.reportError) : undefined;
  const limits = httpLimitsOf(server);
  const store = new LegacySessionStore(server, limits, server.options.coordination);
  const modern = createModernPost(server, limits);
  const legacy = createLegacyPost(server, store, limits);
  const streams = createLegacyStreams(server, store, limits);
  const gate = server.gate;
  server.onClosing((phase) => (phase === "drain" ? store.endStandaloneStreams() : store.closeAll()));

  /**
   * PERFORMANCE (issue 10): neither `post` nor the endpoint is an async function, and with an
   * adapter that reads bodies by callback (node:http, HttpRequestView.readBodyInto) there is no
   * promise between the socket and the era's pipeline; each async frame this replaced cost a
   * promise and a resumption per request on both eras' hot paths.
   */
  function post(request: HttpRequestView, responder: HttpResponder): Promise<void> | void {
    if (!isJsonMediaType(request.header("content-type"))) {
      return sendError(responder, 415, new RpcError(INVALID_REQUEST, "Unsupported Media Type: expected application/json"));
    }
    const received = (text: string) => route(text, request, responder);
    const failed = (error: unknown) => bodyFailed(error, responder);
    if (request.readBodyInto !== undefined) return request.readBodyInto(server.maxBodyBytes, received, failed);
    return request.readBody(server.maxBodyBytes).then(received, failed);
  }

  /** A POSTed body, to the era that serves it (or answered here when it is malformed). */
  function route(text: string, request: HttpRequestView, responder: HttpResponder): Promise<void> | void {
    let value: unknown;
    try {
      value = parseJsonText(text);
    } catch (error) {
      return sendError(responder, 400, error as RpcError);
    }
    if (Array.isArray(value)) {
      if (gate.full && value.some((item) => isPlainObject(item) && "method" in item && "id" in item)) return sendBusy(server, responder, null);
      if (auth && request.auth && !auth.authorize(request.auth, scopedItems(value), request, responder)) return;
      return legacy.batch(value, request, responder);
    }
    let inbound: InboundMessage;
    try {
      inbound = inspectMessage(value);
    } catch (error) {
      return sendError(responder, 400, error as RpcError, salvageId(value));
    }
    // Responses and notifications still pass: in-flight calls may be waiting for them.
    if (gate.full && inbound.kind === "request") return sendBusy(server, responder, inbound.message.id);
    // Scopes before dispatch: a request lacking one never reaches a handler (403 + challenge).
    if (auth && request.auth && inbound.kind === "request") {
      const { method, params, id } = inbound.message;
      if (!auth.authorize(request.auth, [{ method, params, id }], request, responder)) return;
    }
    let modernEra: boolean;
    try {
      modernEra = classifyEra(inbound, request.header("mcp-protocol-version")) === "modern";
    } catch (error) {
      const rpc = error as RpcError;
      return sendError(responder, rpc.httpStatus ?? 400, rpc, salvageId(value));
    }
    return modernEra ? modern(inbound, request, responder) : legacy.message(inbound, request, responder);
  }

  function serveMethod(request: HttpRequestView, responder: HttpResponder): Promise<void> | void {
    switch (request.method) {
      case "POST":
        return post(request, responder);
      case "GET":
        if (gate.draining) return sendBusy(server, responder, null);
        return streams.get(request, responder);
      case "DELETE":
        return streams.delete(request, responder);
      default:
        return responder.respond(405, { allow: "GET, POST, DELETE" });
    }
  }

  /** With ServerOptions.auth: metadata documents, then authentication before the body is read. */
  async function serveAuthenticated(request: HttpRequestView, responder: HttpResponder, httpAuth: HttpAuth): Promise<void> {
    const target = request.target ?? mcpPath;
    const mark = target.indexOf("?");
    const path = mark === -1 ? target : target.slice(0, mark);
    if (path.startsWith(METADATA_PATH)) {
      if (!httpAuth.serveMetadata(path, request, responder)) responder.respond(404, { "content-type": "text/plain" }, "Not Found");
      return;
    }
    // Authentication before the body is read: an anonymous client cannot make the server parse.
    const verified = await httpAuth.authenticate(request, responder);
    if (!verified) return;
    attachAuth(request, verified);
    return serveMethod(request, responder);
  }

  return (request, incoming) => {
    const responder = admit(request, incoming);
    if (responder === undefined) return;
    return auth ? serveAuthenticated(request, responder, auth) : serveMethod(request, responder);
  };
}

/** What an unreadable body is answered with: 413 past the limit; anything else is the adapter's (500). */
function bodyFailed(error: unknown, responder: HttpResponder): void {
  if (!(error instanceof BodyTooLargeError)) throw error;
  sendError(responder, 413, new RpcError(INVALID_REQUEST, "Request body too large"));
}

/**
 * `mcpPath`: where the adapter serves MCP; it locates the RFC 9728 metadata (ServerOptions.auth).
 * The promise settles once the exchange is answered (or its stream opened).
 */
export function createHttpEndpoint(server: McpServer, mcpPath = "/mcp"): HttpEndpoint {
  const handle = createExchangeHandler(server, mcpPath);
  return (request, responder) => {
    try {
      return handle(request, responder) ?? DONE;
    } catch (error) {
      return Promise.reject(error);
    }
  };
}
