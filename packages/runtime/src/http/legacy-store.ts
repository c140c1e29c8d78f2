// The legacy HTTP session store (2025-11-25 basic/transports § Session Management): sessions by
// Mcp-Session-Id, each with its resumable streams and its open POST exchanges. Limits (issue 21
// #6: 10,000 `initialize` calls used to lock every new client out for 30 minutes): a global and
// a per-client cap; at a cap the oldest session that never made a request after its handshake
// is evicted first, so a flood of bare handshakes displaces only itself; idle sessions expire.
// With a shared SessionStore (ServerOptions.coordination) this map is a cache: a session made on
// another instance is loaded on first sight, its changes are written through and announced, and
// DELETE or eviction ends it on every instance (issue 13).
import { randomHex } from "../platform/bytes.js";
import { principalOf } from "../auth/principal.js";
import type { Coordination, SessionEvent } from "../coordination/types.js";
import { INTERNAL_ERROR, INVALID_REQUEST } from "../core/jsonrpc/codes.js";
import { RpcError } from "../core/jsonrpc/errors.js";
import type { JsonRpcMessage, RequestId } from "../core/jsonrpc/message.js";
import type { LegacySession } from "../server/legacy-session.js";
import type { McpServer } from "../server/server.js";
import type { HttpRequestView, HttpResponder } from "./exchange.js";
import type { HttpLimits } from "./http-limits.js";
import { sendError } from "./reply.js";
import type { ResumableStream, StreamMirror } from "./resumable-stream.js";

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
  /** When the shared store last heard of activity (touches are throttled). */
  sharedTouched: number;
}

export class LegacySessionStore {
  private readonly sessions = new Map<string, SessionEntry>();
  private readonly perClient = new Map<string, number>();
  /** Sessions without traffic after their handshake, oldest first (a Set keeps insertion order). */
  private readonly unused = new Set<SessionEntry>();
  private readonly unusedByClient = new Map<string, Set<SessionEntry>>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly loading = new Map<string, Promise<SessionEntry | undefined>>();
  private readonly unwatch: Array<() => void> = [];

  constructor(
    private readonly server: McpServer,
    private readonly limits: HttpLimits,
    /** Shared state; undefined keeps sessions in this process only. */
    readonly shared?: Coordination,
  ) {
    this.sweeper = setInterval(() => this.sweep(), Math.max(250, Math.min(limits.sessionIdleMs / 2, 60_000)));
    this.sweeper.unref?.();
    if (shared) {
      this.unwatch.push(shared.sessions.watch((event) => this.onSessionEvent(event)));
      this.unwatch.push(shared.replies.onForwarded((id, message) => this.onForwarded(id, message)));
    }
  }

  get size(): number {
    return this.sessions.size;
  }

  reportError(error: unknown): void {
    this.server.reportError(error);
  }

  /** True with a shared SessionStore (ServerOptions.coordination): lookups then go through it. */
  get isShared(): boolean {
    return this.shared !== undefined;
  }

  /** Where a new stream of `entry` logs its events (undefined without shared state). */
  mirrorOf(entry: SessionEntry): StreamMirror | undefined {
    return this.shared ? { log: this.shared.events, sessionId: entry.session.id } : undefined;
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
  create(client: string, id: string = randomHex(16)): SessionEntry {
    const session = this.server.createLegacySession(id);
    if (this.shared) {
      const shared = this.shared;
      session.outboundPrefix = `srv-${shared.instanceId}-`;
      session.onChange = (patch) => this.settle(shared.sessions.update(id, patch, this.limits.sessionIdleMs).then(() => shared.sessions.announce({ type: "patched", id, origin: shared.instanceId, patch })));
    }
    return { session, client, streams: new Map(), standalone: undefined, exchanges: new Set(), used: false, sharedTouched: Date.now() };
  }

  /** Stores a handshaken session where every instance finds it (before its id reaches the client). */
  async share(entry: SessionEntry): Promise<void> {
    const record = entry.session.record();
    if (this.shared && record) await this.shared.sessions.create(entry.session.id, record, this.limits.sessionIdleMs);
  }

  /** lookup(), else the session loaded from the shared store (made or kept alive by another instance). */
  async resolve(id: string): Promise<SessionEntry | undefined> {
    const local = this.lookup(id);
    if (local && this.shared) {
      // The copy here may be stale: a DELETE on another instance must 404 here at once, not
      // after its announcement arrives. One PEXPIRE per legacy request both checks and touches.
      if (await this.shared.sessions.touch(id, this.limits.sessionIdleMs)) return local;
      this.end(local, false);
      return undefined;
    }
    if (local || !this.shared || !/^[0-9a-f]{32}$/.test(id)) return local;
    let loading = this.loading.get(id);
    if (!loading) {
      loading = this.hydrate(id).finally(() => this.loading.delete(id));
      this.loading.set(id, loading);
    }
    return loading;
  }

  private async hydrate(id: string): Promise<SessionEntry | undefined> {
    const shared = this.shared as Coordination;
    const record = await shared.sessions.load(id);
    if (!record) return undefined;
    this.settle(shared.sessions.touch(id, this.limits.sessionIdleMs));
    const raced = this.sessions.get(id);
    if (raced) return raced;
    const entry = this.create("", id);
    entry.session.restore(record);
    this.add(entry);
    return this.lookup(id);
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

  /**
   * Ends a session: open POSTs are answered, streams closed, handlers aborted. `everywhere` also
   * removes it from the shared store and ends the other instances' copies (DELETE, eviction).
   */
  end(entry: SessionEntry, everywhere = true): void {
    if (everywhere && this.shared && this.sessions.get(entry.session.id) === entry) {
      const shared = this.shared;
      const id = entry.session.id;
      this.settle(shared.sessions.remove(id).then(() => shared.sessions.announce({ type: "ended", id, origin: shared.instanceId })));
    }
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

  /** DELETE: gone from the shared store before the client hears so, then ended on every instance. */
  async endEverywhere(entry: SessionEntry): Promise<void> {
    const shared = this.shared;
    if (shared && this.sessions.get(entry.session.id) === entry) {
      const id = entry.session.id;
      this.end(entry, false);
      await shared.sessions.remove(id);
      this.settle(shared.sessions.announce({ type: "ended", id, origin: shared.instanceId }));
      return;
    }
    this.end(entry);
  }

  /** Shutdown: this process's sessions end here; shared ones live on for the other instances. */
  closeAll(): void {
    clearInterval(this.sweeper);
    for (const stop of this.unwatch.splice(0)) stop();
    for (const entry of [...this.sessions.values()]) this.end(entry, this.shared === undefined);
  }

  /**
   * Drain: ends every GET stream here, so clients reconnect to an instance that stays (a shared
   * stream stays resumable elsewhere); POST streams keep running until their requests finish.
   */
  endStandaloneStreams(): void {
    for (const entry of this.sessions.values()) {
      const stream = entry.standalone;
      if (!stream) continue;
      if (this.shared) stream.release();
      else stream.abandon();
      entry.standalone = undefined;
      entry.session.unsolicited = undefined;
    }
  }

  /** Hands a message about a request no local session awaits to the instance that does. */
  forward(entry: SessionEntry, message: JsonRpcMessage): void {
    this.shared?.replies.forward(entry.session.id, message);
  }

  private onForwarded(id: string, message: JsonRpcMessage): void {
    const entry = this.sessions.get(id);
    if (!entry) return;
    if ("method" in message) {
      if (!("id" in message)) entry.session.handleNotification(message);
    } else entry.session.handleResponse(message);
  }

  private onSessionEvent(event: SessionEvent): void {
    if (event.origin === this.shared?.instanceId) return;
    const entry = this.sessions.get(event.id);
    if (!entry) return;
    if (event.type === "ended") this.end(entry, false);
    else if (event.type === "patched") entry.session.restore(event.patch);
    else if (entry.standalone?.id === event.streamId) {
      // The client resumed this GET stream on another instance, which now delivers to it.
      entry.standalone.release();
      entry.streams.delete(event.streamId);
      entry.standalone = undefined;
      entry.session.unsolicited = undefined;
    }
  }

  private touchShared(entry: SessionEntry): void {
    if (!this.shared) return;
    const now = Date.now();
    if (now - entry.sharedTouched < this.limits.sessionIdleMs / 4) return;
    entry.sharedTouched = now;
    this.settle(this.shared.sessions.touch(entry.session.id, this.limits.sessionIdleMs));
  }

  /** Shared-store writes off the request path: a failure is logged, the request still served. */
  private settle(work: Promise<unknown>): void {
    work.catch((error: unknown) => this.server.reportError(error));
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
      if (entry.exchanges.size > 0 || entry.standalone?.connected) {
        entry.session.lastActivity = Date.now();
        this.touchShared(entry);
      }
      // A shared session idle here may be busy elsewhere: only this copy goes; the store's TTL decides.
      else if (entry.session.lastActivity < cutoff) this.end(entry, this.shared === undefined);
    }
  }
}

/**
 * The session a legacy request names, or undefined after answering: 400 without Mcp-Session-Id,
 * 404 for an unknown or ended one (the client then initializes again). PERFORMANCE (issue 10):
 * without a shared store the answer is known at once and is returned as a value, not a promise
 * (one async frame less per legacy request); with one, a promise.
 */
export function findSession(
  store: LegacySessionStore,
  request: HttpRequestView,
  target: Pick<HttpResponder, "respond">,
  id: RequestId | null,
): SessionEntry | undefined | Promise<SessionEntry | undefined> {
  const sessionId = request.header("mcp-session-id");
  if (sessionId === undefined) {
    sendError(target, 400, new RpcError(INVALID_REQUEST, "Bad Request: Mcp-Session-Id header is required"), id);
    return undefined;
  }
  if (!store.isShared) return ownedSession(store.lookup(sessionId.trim()), request, target, id);
  return store.resolve(sessionId.trim()).then(
    (entry) => ownedSession(entry, request, target, id),
    (error: unknown) => {
      // The shared store is unreachable: the session may exist, so no 404 (the client would re-initialize).
      store.reportError(error);
      sendError(target, 503, new RpcError(INTERNAL_ERROR, "Session store unavailable; try again"), id);
      return undefined;
    },
  );
}

/**
 * A session belongs to the token subject that created it (2025-11-25 security_best_practices
 * § Session Hijacking); to anyone else it does not exist.
 */
function ownedSession(found: SessionEntry | undefined, request: HttpRequestView, target: Pick<HttpResponder, "respond">, id: RequestId | null): SessionEntry | undefined {
  const entry = found && request.auth && found.session.principal !== principalOf(request.auth) ? undefined : found;
  if (!entry) sendError(target, 404, new RpcError(INVALID_REQUEST, "Session not found"), id);
  return entry;
}
