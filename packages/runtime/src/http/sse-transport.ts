// The 2024-11-05 "HTTP with SSE" transport, served beside the Streamable HTTP endpoint for
// clients that still speak it (issue 16 #2). Off unless the adapter's `sse` option is set.
//
// DECISION RECORD (2024-11-05 basic/transports § HTTP with SSE; 2025-11-25 basic/transports
// § Backwards Compatibility, which tells servers to keep both endpoints of the old transport):
// - GET on `path` opens the event stream; its first event is `endpoint`, whose data is the
//   message URL: `messagesPath?sessionId=<id>`. The spec leaves the URI's form open; the id in
//   the query is what the official SDKs and the deployed servers do, so every client follows it.
//   The URI is a path, resolved against the stream's URL by the client (same origin).
// - Every client message is a POST to that URL, answered 202 once accepted; responses, server
//   requests (elicitation, sampling, roots) and notifications travel as `message` events on the
//   stream. Bad input is refused on the POST itself with the status the Streamable endpoint
//   uses (400, 404 unknown session, 413, 415, 503) and a JSON-RPC error body.
// - One stream is one session: it is a LegacySession (server/legacy-session.ts), so the
//   handshake, negotiation, capabilities and server→client requests are the legacy era's own.
//   The session ends when its stream closes (the spec's "Close SSE connection"), and the
//   stream closes when the session ends (eviction, shutdown).
// - Sessions stay in this process: the stream is one connection, so no other instance could
//   write to it. They get their own LegacySessionStore (caps, per-client caps, eviction of
//   unused sessions) without ServerOptions.coordination.
// - The same guards as /mcp: Host/Origin (403), CORS, bearer authentication with the session
//   bound to the token's principal (another principal's POST finds no session: 404), scopes
//   per message, the body cap, the in-flight gate and the drain (503 on new streams).
import { createHttpAuth } from "../auth/http-guard.js";
import { principalOf } from "../auth/principal.js";
import { INVALID_REQUEST } from "../core/jsonrpc/codes.js";
import { RpcError } from "../core/jsonrpc/errors.js";
import type { McpServer } from "../server/server.js";
import { attachAuth, createAdmission } from "./admission.js";
import type { HttpRequestView, HttpResponder, SseSink } from "./exchange.js";
import { httpLimitsOf } from "./http-limits.js";
import { LegacySessionStore, type SessionEntry } from "./legacy-store.js";
import { sendError } from "./reply.js";
import { serializeError } from "../core/jsonrpc/serialize.js";
import { JSON_HEADERS, SSE_HEADERS, sseEvent } from "./sse.js";
import { createSseMessagePost } from "./sse-transport-post.js";

export interface SseTransportOptions {
  /** GET here opens the event stream. Default "/sse". */
  path?: string;
  /** Clients POST their messages here; the `endpoint` event names it. Default "/messages". */
  messagesPath?: string;
}

/** `true` serves the defaults; an object picks the paths. */
export type SseOption = boolean | SseTransportOptions;

export const SSE_TRANSPORT_DEFAULTS = Object.freeze({ path: "/sse", messagesPath: "/messages" });

export interface SseTransport {
  readonly path: string;
  readonly messagesPath: string;
  /** True for the two paths this transport serves. */
  owns(path: string): boolean;
  /** Serves one exchange on one of its paths (`path` without the query). */
  serve(path: string, request: HttpRequestView, responder: HttpResponder): Promise<void>;
}

/** The resolved paths of an `sse` option, or undefined when it is off. */
export function sseTransportPaths(option: SseOption | undefined): { path: string; messagesPath: string } | undefined {
  if (option === undefined || option === false) return undefined;
  const chosen = option === true ? {} : option;
  const path = chosen.path ?? SSE_TRANSPORT_DEFAULTS.path;
  const messagesPath = chosen.messagesPath ?? SSE_TRANSPORT_DEFAULTS.messagesPath;
  for (const value of [path, messagesPath]) {
    if (!value.startsWith("/") || /[?#\s]/.test(value)) throw new Error(`sse paths must be absolute paths without query or spaces, got '${value}'`);
  }
  if (path === messagesPath) throw new Error(`sse.path and sse.messagesPath must differ, both are '${path}'`);
  return { path, messagesPath };
}

const KEEP_ALIVE = ": keepalive\n\n";

/** The 2024-11-05 transport on `paths`; `mcpPath` is the Streamable endpoint's (auth metadata is keyed on it). */
export function createSseTransport(server: McpServer, paths: { path: string; messagesPath: string }, mcpPath = "/mcp"): SseTransport {
  if (paths.path === mcpPath || paths.messagesPath === mcpPath) throw new Error(`sse paths must differ from the MCP path '${mcpPath}'`);
  const admit = createAdmission(server);
  const limits = httpLimitsOf(server);
  const auth = server.options.auth ? createHttpAuth(server.options.auth, mcpPath, server.reportError) : undefined;
  const store = new LegacySessionStore(server, limits);
  const streams = new Map<SessionEntry, SseSink>();
  const post = createSseMessagePost(server, store, streams, auth);
  const offered = server.legacyRevisions.length > 0;
  server.onClosing((phase) => {
    if (phase === "close") store.closeAll();
  });

  function openStream(request: HttpRequestView, responder: HttpResponder): void {
    if (server.gate.draining) return responder.respond(503, { ...JSON_HEADERS, "retry-after": "5" }, serializeError(null, server.gate.refusal()));
    const client = request.clientAddress ?? "";
    if (!store.admit(client)) return sendError(responder, 503, new RpcError(INVALID_REQUEST, "Too many sessions; try again later"));
    const entry = store.create(client);
    if (request.auth) entry.session.principal = principalOf(request.auth);
    const sink = responder.openStream(SSE_HEADERS);
    if (sink.closed) return entry.session.close();
    store.add(entry);
    streams.set(entry, sink);
    const keepAlive = limits.keepAliveMs > 0 ? setInterval(() => sink.write(KEEP_ALIVE), limits.keepAliveMs) : undefined;
    keepAlive?.unref?.();
    // An open stream counts as activity for the store's idle sweep; the store calls this when it
    // ends the session (eviction, shutdown), which closes the stream.
    const closeStream = (): void => sink.end();
    entry.exchanges.add(closeStream);
    let ended = false;
    const finish = (): void => {
      if (ended) return;
      ended = true;
      clearInterval(keepAlive);
      entry.exchanges.delete(closeStream);
      streams.delete(entry);
      store.end(entry);
      sink.end();
    };
    sink.onClose(finish);
    request.onDisconnect(finish);
    entry.session.unsolicited = (message) => {
      if (!sink.closed) sink.write(sseEvent(JSON.stringify(message)));
    };
    sink.write(`event: endpoint\ndata: ${paths.messagesPath}?sessionId=${entry.session.id}\n\n`);
  }

  async function serve(path: string, request: HttpRequestView, incoming: HttpResponder): Promise<void> {
    const responder = admit(request, incoming);
    if (responder === undefined) return;
    const method = path === paths.path ? "GET" : "POST";
    if (request.method !== method) return responder.respond(405, { allow: method });
    if (!offered) return sendError(responder, 404, new RpcError(INVALID_REQUEST, "This server serves no legacy-era revision, so no HTTP+SSE transport"));
    if (auth) {
      const verified = await auth.authenticate(request, responder);
      if (!verified) return;
      attachAuth(request, verified);
    }
    if (method === "GET") return openStream(request, responder);
    return post(request, responder);
  }

  return {
    path: paths.path,
    messagesPath: paths.messagesPath,
    owns: (candidate) => candidate === paths.path || candidate === paths.messagesPath,
    serve,
  };
}
