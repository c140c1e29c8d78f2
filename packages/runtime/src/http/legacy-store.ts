// The legacy HTTP session store (2025-11-25 basic/transports § Session Management): sessions by
// Mcp-Session-Id, each with its resumable streams and its open POST exchanges. Limits (issue 21
// #6: 10,000 `initialize` calls used to lock every new client out for 30 minutes): a global and
// a per-client cap; at a cap the oldest session that never made a request after its handshake
// is evicted first, so a flood of bare handshakes displaces only itself; idle sessions expire.
import { randomBytes } from "node:crypto";
import { INVALID_REQUEST } from "../core/jsonrpc/codes.js";
import { RpcError } from "../core/jsonrpc/errors.js";
import type { RequestId } from "../core/jsonrpc/message.js";
import type { LegacySession } from "../server/legacy-session.js";
import type { McpServer } from "../server/server.js";
import type { HttpRequestView, HttpResponder } from "./exchange.js";
import type { HttpLimits } from "./http-limits.js";
import { sendError } from "./reply.js";
import type { ResumableStream } from "./resumable-stream.js";

const KEPT_FINISHED_STREAMS = 64;

export interface SessionEntry {
  readonly session: LegacySession;
  readonly client: string;
  /** POST response streams and the GET stream, by stream id (the prefix of their event ids). */
  readonly streams: Map<string, ResumableStream>;
  standalone: ResumableStream | undefined;
  /** Answers each open POST exchange when the session ends (DELETE, expiry, eviction, shutdown). */
  readonly exchanges: Set<() => void>;
  /** Saw traffic after `initialize`; only unused sessions are evicted to make room. */
  used: boolean;
}

export class LegacySessionStore {
  private readonly sessions = new Map<string, SessionEntry>();
  private readonly perClient = new Map<string, number>();
  /** Sessions without traffic after their handshake, oldest first (a Set keeps insertion order). */
  private readonly unused = new Set<SessionEntry>();
  private readonly unusedByClient = new Map<string, Set<SessionEntry>>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly server: McpServer,
    private readonly limits: HttpLimits,
  ) {
    this.sweeper = setInterval(() => this.sweep(), Math.max(250, Math.min(limits.sessionIdleMs / 2, 60_000)));
    this.sweeper.unref?.();
  }

  get size(): number {
    return this.sessions.size;
  }

  /** Makes room for one more session of `client`; false when every candidate is in use. */
  admit(client: string): boolean {
    // "" is an unknown peer (a fetch host that passed no clientAddress): only the global cap applies.
    if (client !== "" && (this.perClient.get(client) ?? 0) >= this.limits.maxSessionsPerClient) {
      const victim = this.unusedByClient.get(client)?.values().next().value as SessionEntry | undefined;
      if (!victim) return false;
      this.end(victim);
    }
    if (this.sessions.size >= this.limits.maxSessions) {
      const victim = this.unused.values().next().value as SessionEntry | undefined;
      if (!victim) return false;
      this.end(victim);
    }
    return true;
  }

  /** Creates a session for `client` (not yet stored: `add` once its `initialize` succeeded). */
  create(client: string): SessionEntry {
    const session = this.server.createLegacySession(randomBytes(16).toString("hex"));
    return { session, client, streams: new Map(), standalone: undefined, exchanges: new Set(), used: false };
  }

  add(entry: SessionEntry): void {
    this.sessions.set(entry.session.id, entry);
    this.perClient.set(entry.client, (this.perClient.get(entry.client) ?? 0) + 1);
    this.unused.add(entry);
    let mine = this.unusedByClient.get(entry.client);
    if (!mine) this.unusedByClient.set(entry.client, (mine = new Set()));
    mine.add(entry);
  }

  /** The live session with this id, marked active; undefined for unknown or ended ones. */
  lookup(id: string): SessionEntry | undefined {
    const entry = this.sessions.get(id);
    if (!entry) return undefined;
    entry.session.lastActivity = Date.now();
    if (!entry.used) {
      entry.used = true;
      this.forgetUnused(entry);
    }
    return entry;
  }

  remember(entry: SessionEntry, stream: ResumableStream): void {
    entry.streams.set(stream.id, stream);
    if (entry.streams.size <= KEPT_FINISHED_STREAMS) return;
    for (const [id, old] of entry.streams) {
      if (entry.streams.size <= KEPT_FINISHED_STREAMS) break;
      if (old.done) entry.streams.delete(id);
    }
  }

  /** Ends a session: open POSTs are answered, streams closed, handlers aborted. */
  end(entry: SessionEntry): void {
    if (this.sessions.get(entry.session.id) === entry) {
      this.sessions.delete(entry.session.id);
      const left = (this.perClient.get(entry.client) ?? 1) - 1;
      if (left <= 0) this.perClient.delete(entry.client);
      else this.perClient.set(entry.client, left);
    }
    this.forgetUnused(entry);
    for (const answer of [...entry.exchanges]) answer();
    entry.exchanges.clear();
    for (const stream of entry.streams.values()) stream.abandon();
    entry.standalone = undefined;
    entry.session.close();
  }

  closeAll(): void {
    clearInterval(this.sweeper);
    for (const entry of [...this.sessions.values()]) this.end(entry);
  }

  private forgetUnused(entry: SessionEntry): void {
    if (!this.unused.delete(entry)) return;
    const mine = this.unusedByClient.get(entry.client);
    mine?.delete(entry);
    if (mine?.size === 0) this.unusedByClient.delete(entry.client);
  }

  private sweep(): void {
    const cutoff = Date.now() - this.limits.sessionIdleMs;
    for (const entry of [...this.sessions.values()]) {
      // An open GET stream or a pending POST is activity even when no new request arrives.
      if (entry.exchanges.size > 0 || entry.standalone?.connected) entry.session.lastActivity = Date.now();
      else if (entry.session.lastActivity < cutoff) this.end(entry);
    }
  }
}

/**
 * The session a legacy request names, or undefined after answering: 400 without Mcp-Session-Id,
 * 404 for an unknown or ended one (the client then initializes again).
 */
export function findSession(
  store: LegacySessionStore,
  request: HttpRequestView,
  target: Pick<HttpResponder, "respond">,
  id: RequestId | null,
): SessionEntry | undefined {
  const sessionId = request.header("mcp-session-id");
  if (sessionId === undefined) {
    sendError(target, 400, new RpcError(INVALID_REQUEST, "Bad Request: Mcp-Session-Id header is required"), id);
    return undefined;
  }
  const entry = store.lookup(sessionId.trim());
  if (!entry) sendError(target, 404, new RpcError(INVALID_REQUEST, "Session not found"), id);
  return entry;
}
