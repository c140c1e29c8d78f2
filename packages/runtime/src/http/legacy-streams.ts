// Legacy GET and DELETE (2025-11-25 basic/transports § Listening for Messages from the Server,
// § Resumability and Redelivery, § Session Management). The GET stream carries unsolicited
// notifications with event ids, so a client that reconnects with Last-Event-ID gets what it
// missed (issue 10 #8: id-less events made resumption answer 404 and the client went silent).
// While no client is attached the stream keeps a bounded backlog for that reconnect.
import { randomBytes } from "node:crypto";
import { INVALID_REQUEST } from "../core/jsonrpc/codes.js";
import { RpcError } from "../core/jsonrpc/errors.js";
import type { McpServer } from "../server/server.js";
import type { HttpRequestView, HttpResponder } from "./exchange.js";
import type { HttpLimits } from "./http-limits.js";
import { findSession, type LegacySessionStore } from "./legacy-store.js";
import { sendError } from "./reply.js";
import { parseEventId, ResumableStream } from "./resumable-stream.js";
import { SSE_HEADERS } from "./sse.js";

export interface LegacyStreams {
  get(request: HttpRequestView, responder: HttpResponder): void;
  delete(request: HttpRequestView, responder: HttpResponder): void;
}

export function createLegacyStreams(server: McpServer, store: LegacySessionStore, limits: HttpLimits): LegacyStreams {
  // A modern-only server has no sessions: GET and DELETE are not offered (2026-07-28 transports).
  const offered = server.legacyRevisions.length > 0;

  function get(request: HttpRequestView, responder: HttpResponder): void {
    if (!offered) return responder.respond(405, { allow: "POST" });
    const entry = findSession(store, request, responder, null);
    if (!entry) return;
    const headers = { ...SSE_HEADERS, "mcp-session-id": entry.session.id };
    const lastEventId = request.header("last-event-id");
    if (lastEventId !== undefined) {
      // Resume exactly the stream the id names, POST-initiated or GET (§ Resumability, item 2).
      const parsed = parseEventId(lastEventId.trim());
      const stream = parsed ? entry.streams.get(parsed.streamId) : undefined;
      if (!parsed || !stream || !stream.issued(parsed.seq)) {
        return sendError(responder, 404, new RpcError(INVALID_REQUEST, "Unknown Last-Event-ID"));
      }
      stream.attach(responder.openStream(headers), parsed.seq, undefined);
      return;
    }
    // A fresh GET starts a new standalone stream; the older one ends (its backlog was its own).
    const previous = entry.standalone;
    if (previous) {
      previous.abandon();
      entry.streams.delete(previous.id);
    }
    const stream = new ResumableStream(randomBytes(9).toString("base64url"), limits.maxReplayBytes);
    entry.standalone = stream;
    entry.streams.set(stream.id, stream);
    stream.attach(responder.openStream(headers), -1, limits.retryMs);
    entry.session.unsolicited = (message) => stream.send(JSON.stringify(message));
  }

  function remove(request: HttpRequestView, responder: HttpResponder): void {
    if (!offered) return responder.respond(405, { allow: "POST" });
    const entry = findSession(store, request, responder, null);
    if (!entry) return;
    // Ends its streams and answers its pending POSTs (issue 21 #9), then confirms.
    store.end(entry);
    responder.respond(200, {});
  }

  return { get, delete: remove };
}
