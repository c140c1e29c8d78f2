// What every HTTP request of an MCP path passes before its transport sees it, on the Streamable
// HTTP endpoint and the 2024-11-05 HTTP+SSE paths alike: the Host/Origin guard (403) and CORS
// (preflight answered here; allowed origins get their headers on every answer).
import type { AuthInfo } from "../auth/types.js";
import { INVALID_REQUEST } from "../core/jsonrpc/codes.js";
import { RpcError } from "../core/jsonrpc/errors.js";
import type { McpServer } from "../server/server.js";
import { createCors } from "./cors.js";
import type { HttpRequestView, HttpResponder } from "./exchange.js";
import { createHostGuard } from "./host-guard.js";
import { sendError } from "./reply.js";

/** Returns the responder to answer with (CORS headers added), or undefined when the request was already answered. */
export type Admission = (request: HttpRequestView, responder: HttpResponder) => HttpResponder | undefined;

export function createAdmission(server: McpServer): Admission {
  const guard = createHostGuard(server.options.hostGuard);
  const cors = server.options.cors ? createCors(server.options.cors, server.definition) : undefined;
  return (request, responder) => {
    const origin = request.header("origin");
    if (!guard({ host: request.header("host"), hostCount: request.headerCount("host"), origin })) {
      sendError(responder, 403, new RpcError(INVALID_REQUEST, "Forbidden: Host or Origin not allowed"));
      return undefined;
    }
    if (!cors || origin === undefined) return responder;
    if (request.method === "OPTIONS" && request.header("access-control-request-method") !== undefined) {
      const headers = cors.preflight(origin);
      if (headers) responder.respond(204, headers);
      else responder.respond(403, { "content-type": "text/plain" }, "Forbidden: origin not allowed");
      return undefined;
    }
    const extra = cors.responseHeaders(origin);
    return extra ? withHeaders(responder, extra) : responder;
  };
}

/** A responder whose answers carry `extra` headers too (CORS). */
function withHeaders(responder: HttpResponder, extra: Readonly<Record<string, string>>): HttpResponder {
  return {
    respond: (status, headers, body) => responder.respond(status, { ...headers, ...extra }, body),
    openStream: (headers) => responder.openStream({ ...headers, ...extra }),
  };
}

/**
 * Attaches the verified token to the request. PERFORMANCE: both adapters build one view per
 * request, so it is set on that view (a wrapper object in front of it would put every header
 * lookup of the pipeline behind a prototype hop); the views declare the field, so this keeps
 * their shape.
 */
export function attachAuth(request: HttpRequestView, auth: AuthInfo): void {
  (request as { auth?: AuthInfo }).auth = auth;
}
