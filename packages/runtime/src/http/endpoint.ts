// The Streamable HTTP endpoint for both eras on one path: a router. Each POST is classified by
// its body (core/era/classify.ts); modern traffic goes to modern-post.ts (stateless), legacy
// traffic to legacy-post.ts through the session store (2025-11-25 basic/transports § Session
// Management); GET and DELETE exist only for legacy sessions (legacy-streams.ts).
import { classifyEra } from "../core/era/classify.js";
import { INVALID_REQUEST } from "../core/jsonrpc/codes.js";
import { RpcError } from "../core/jsonrpc/errors.js";
import { inspectMessage, salvageId, type InboundMessage } from "../core/jsonrpc/message.js";
import { parseJsonText } from "../core/jsonrpc/parse.js";
import type { McpServer } from "../server/server.js";
import { BodyTooLargeError, type HttpRequestView, type HttpResponder } from "./exchange.js";
import { createHostGuard } from "./host-guard.js";
import { httpLimitsOf } from "./http-limits.js";
import { createLegacyPost } from "./legacy-post.js";
import { LegacySessionStore } from "./legacy-store.js";
import { createLegacyStreams } from "./legacy-streams.js";
import { isJsonMediaType } from "./media-type.js";
import { createModernPost } from "./modern-post.js";
import { sendError } from "./reply.js";

export type HttpEndpoint = (request: HttpRequestView, responder: HttpResponder) => Promise<void>;

export function createHttpEndpoint(server: McpServer): HttpEndpoint {
  const guard = createHostGuard(server.options.hostGuard);
  const limits = httpLimitsOf(server);
  const store = new LegacySessionStore(server, limits, server.options.coordination);
  const modern = createModernPost(server, limits);
  const legacy = createLegacyPost(server, store, limits);
  const streams = createLegacyStreams(server, store, limits);

  async function post(request: HttpRequestView, responder: HttpResponder): Promise<void> {
    if (!isJsonMediaType(request.header("content-type"))) {
      return sendError(responder, 415, new RpcError(INVALID_REQUEST, "Unsupported Media Type: expected application/json"));
    }
    let text: string;
    try {
      text = await request.readBody(server.maxBodyBytes);
    } catch (error) {
      if (error instanceof BodyTooLargeError) return sendError(responder, 413, new RpcError(INVALID_REQUEST, "Request body too large"));
      throw error;
    }
    let value: unknown;
    try {
      value = parseJsonText(text);
    } catch (error) {
      return sendError(responder, 400, error as RpcError);
    }
    if (Array.isArray(value)) return legacy.batch(value, request, responder);
    let inbound: InboundMessage;
    try {
      inbound = inspectMessage(value);
    } catch (error) {
      return sendError(responder, 400, error as RpcError, salvageId(value));
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

  return async (request, responder) => {
    if (!guard({ host: request.header("host"), hostCount: request.headerCount("host"), origin: request.header("origin") })) {
      return sendError(responder, 403, new RpcError(INVALID_REQUEST, "Forbidden: Host or Origin not allowed"));
    }
    switch (request.method) {
      case "POST":
        return post(request, responder);
      case "GET":
        return streams.get(request, responder);
      case "DELETE":
        return streams.delete(request, responder);
      default:
        return responder.respond(405, { allow: "GET, POST, DELETE" });
    }
  };
}
