// Legacy GET and DELETE (2025-11-25 basic/transports § Listening for Messages from the Server,
// § Resumability and Redelivery, § Session Management). The GET stream carries unsolicited
// notifications with event ids, so a client that reconnects with Last-Event-ID gets what it
// missed (issue 10 #8: id-less events made resumption answer 404 and the client went silent).
// While no client is attached the stream keeps a bounded backlog for that reconnect.
import { randomBase64url } from "../platform/bytes.js";
import type { Coordination, LoggedEvent } from "../coordination/types.js";
import { INTERNAL_ERROR, INVALID_REQUEST } from "../core/jsonrpc/codes.js";
import { RpcError } from "../core/jsonrpc/errors.js";
import type { McpServer } from "../server/server.js";
import type { HttpRequestView, HttpResponder } from "./exchange.js";
import type { HttpLimits } from "./http-limits.js";
import { findSession, type LegacySessionStore, type SessionEntry } from "./legacy-store.js";
import { sendError } from "./reply.js";
import { parseEventId, ResumableStream } from "./resumable-stream.js";
import { SSE_HEADERS } from "./sse.js";

export interface LegacyStreams {
  get(request: HttpRequestView, responder: HttpResponder): Promise<void>;
  delete(request: HttpRequestView, responder: HttpResponder): Promise<void>;
}

export function createLegacyStreams(server: McpServer, store: LegacySessionStore, limits: HttpLimits): LegacyStreams {
  // A modern-only server has no sessions: GET and DELETE are not offered (2026-07-28 transports).
  // Nor does a stateless legacy endpoint (ServerOptions.legacyHttp): there is no session to stream for.
  const offered = server.legacyRevisions.length > 0 && server.options.legacyHttp !== "stateless";

  async function get(request: HttpRequestView, responder: HttpResponder): Promise<void> {
    if (!offered) return responder.respond(405, { allow: "POST" });
    const entry = await findSession(store, request, responder, null);
    if (!entry) return;
    const headers = { ...SSE_HEADERS, "mcp-session-id": entry.session.id };
    const lastEventId = request.header("last-event-id");
    if (lastEventId !== undefined) {
      // Resume exactly the stream the id names, POST-initiated or GET (§ Resumability, item 2).
      const parsed = parseEventId(lastEventId.trim());
      const stream = parsed ? entry.streams.get(parsed.streamId) : undefined;
      if (parsed && !stream && store.shared) return resumeShared(entry, parsed, headers, responder);
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
    const stream = new ResumableStream(randomBase64url(9), limits.maxReplayBytes, store.mirrorOf(entry));
    adoptStandalone(entry, stream);
    stream.attach(responder.openStream(headers), -1, limits.retryMs);
    if (store.shared) {
      entry.session.standaloneStream = stream.id;
      entry.session.onChange?.({ standaloneStream: stream.id });
    }
  }

  function adoptStandalone(entry: SessionEntry, stream: ResumableStream): void {
    entry.standalone = stream;
    entry.streams.set(stream.id, stream);
    entry.session.unsolicited = (message) => stream.send(JSON.stringify(message));
  }

  /**
   * Resumes a stream another instance wrote (it may have died): replay from the shared log, then
   * either take the session's GET stream over (this instance now delivers its notifications) or
   * follow a POST stream until the instance serving that request finishes it.
   */
  async function resumeShared(entry: SessionEntry, parsed: { streamId: string; seq: number }, headers: Record<string, string>, responder: HttpResponder): Promise<void> {
    const shared = store.shared as Coordination;
    const pending: Array<LoggedEvent | "end"> = [];
    let deliver: ((event: LoggedEvent | "end") => void) | undefined;
    const takeover = entry.session.standaloneStream === parsed.streamId;
    let unfollow = (): void => {};
    let log;
    try {
      // Following starts before the read, so no event falls between the two (duplicates are skipped by seq).
      if (!takeover) unfollow = await shared.events.follow(parsed.streamId, (event) => (deliver ? deliver(event) : pending.push(event)));
      log = await shared.events.read(parsed.streamId, parsed.seq);
    } catch (error) {
      unfollow();
      store.reportError(error);
      return sendError(responder, 503, new RpcError(INTERNAL_ERROR, "Stream log unavailable; try again"));
    }
    if (!log || log.sessionId !== entry.session.id || parsed.seq < 1 || parsed.seq > log.lastSeq) {
      unfollow();
      return sendError(responder, 404, new RpcError(INVALID_REQUEST, "Unknown Last-Event-ID"));
    }
    const sink = responder.openStream(headers);
    let written = parsed.seq;
    const write = (event: LoggedEvent): void => {
      if (event.seq <= written) return;
      written = event.seq;
      sink.write(event.frame);
    };
    for (const event of log.events) write(event);
    if (takeover) {
      const previous = entry.standalone;
      if (previous) entry.streams.delete(previous.id);
      previous?.release();
      const stream = new ResumableStream(parsed.streamId, limits.maxReplayBytes, store.mirrorOf(entry), log.lastSeq);
      adoptStandalone(entry, stream);
      stream.attach(sink, log.lastSeq, undefined);
      void shared.sessions.announce({ type: "streamClaimed", id: entry.session.id, origin: shared.instanceId, streamId: parsed.streamId }).catch((error: unknown) => store.reportError(error));
      return;
    }
    if (log.ended) {
      unfollow();
      return sink.end();
    }
    deliver = (event) => {
      if (event === "end") {
        unfollow();
        sink.end();
      } else write(event);
    };
    sink.onClose(unfollow);
    for (const event of pending.splice(0)) deliver(event);
  }

  async function remove(request: HttpRequestView, responder: HttpResponder): Promise<void> {
    if (!offered) return responder.respond(405, { allow: "POST" });
    const entry = await findSession(store, request, responder, null);
    if (!entry) return;
    // Ends its streams and answers its pending POSTs (issue 21 #9), then confirms.
    try {
      await store.endEverywhere(entry);
    } catch (error) {
      store.reportError(error);
      return sendError(responder, 503, new RpcError(INTERNAL_ERROR, "Session store unavailable; try again"));
    }
    responder.respond(200, {});
  }

  return { get, delete: remove };
}
