// In-process coordination: several servers in one process (tests, worker pools) share state the
// way instances share Redis. One hub holds the state; each hub.instance() is one server's view,
// with its own instance id, so every cross-instance path can be exercised without a network.
import { randomHex } from "../platform/bytes.js";
import type { JsonRpcMessage } from "../core/jsonrpc/message.js";
import { LocalChangeBus, type ChangeBus, type ChangeEvent, type ChangeListener } from "../subscriptions/event-bus.js";
import type { Coordination, LoggedEvent, ReplyRouter, SessionEvent, SessionRecord, SessionStore, StreamEventLog, StreamLog } from "./types.js";

export interface EventLogBounds {
  /** Events kept per stream (oldest trimmed first). Default 1000. */
  maxEvents?: number;
  /** Age past which events are trimmed and an idle stream's log is dropped, in ms. Default 10 minutes. */
  maxAgeMs?: number;
}

export const EVENT_LOG_DEFAULTS = Object.freeze({ maxEvents: 1000, maxAgeMs: 10 * 60_000 });

export interface MemoryHub {
  instance(): Coordination;
  /** Logged streams currently held (for leak checks). */
  readonly streamCount: number;
  readonly sessionCount: number;
}

interface LoggedStream {
  sessionId: string;
  events: Array<LoggedEvent & { at: number }>;
  lastSeq: number;
  ended: boolean;
  touched: number;
}

export function newInstanceId(): string {
  return randomHex(6);
}

export function createMemoryHub(bounds: EventLogBounds = {}): MemoryHub {
  const maxEvents = bounds.maxEvents ?? EVENT_LOG_DEFAULTS.maxEvents;
  const maxAgeMs = bounds.maxAgeMs ?? EVENT_LOG_DEFAULTS.maxAgeMs;
  const buses = new Map<string, LocalChangeBus>();
  const sessions = new Map<string, { record: SessionRecord; expires: number }>();
  const sessionWatchers = new Set<(event: SessionEvent) => void>();
  const streams = new Map<string, LoggedStream>();
  const followers = new Map<string, Set<(event: LoggedEvent | "end") => void>>();
  const replyListeners = new Map<string, Set<(sessionId: string, message: JsonRpcMessage) => void>>();

  // Deliveries to other instances are deferred, as a network hop would be.
  const later = (fn: () => void): void => void queueMicrotask(fn);

  const live = (id: string): { record: SessionRecord; expires: number } | undefined => {
    const entry = sessions.get(id);
    if (entry && entry.expires <= Date.now()) sessions.delete(id);
    return entry && entry.expires > Date.now() ? entry : undefined;
  };

  const sessionStore: SessionStore = {
    async create(id, record, idleMs) {
      sessions.set(id, { record: structuredClone(record), expires: Date.now() + idleMs });
    },
    async load(id) {
      const entry = live(id);
      return entry ? structuredClone(entry.record) : undefined;
    },
    async update(id, patch, idleMs) {
      const entry = live(id);
      if (!entry) return;
      entry.record = { ...entry.record, ...structuredClone(patch) };
      entry.expires = Date.now() + idleMs;
    },
    async touch(id, idleMs) {
      const entry = live(id);
      if (entry) entry.expires = Date.now() + idleMs;
      return entry !== undefined;
    },
    async remove(id) {
      sessions.delete(id);
    },
    async announce(event) {
      for (const watcher of [...sessionWatchers]) later(() => watcher(event));
    },
    watch(listener) {
      sessionWatchers.add(listener);
      return () => sessionWatchers.delete(listener);
    },
  };

  const trim = (stream: LoggedStream, now: number): void => {
    const cutoff = now - maxAgeMs;
    let drop = Math.max(0, stream.events.length - maxEvents);
    while (drop < stream.events.length && (stream.events[drop] as { at: number }).at < cutoff) drop++;
    if (drop > 0) stream.events.splice(0, drop);
  };

  const sweepStreams = (now: number): void => {
    for (const [id, stream] of streams) if (stream.touched < now - maxAgeMs) streams.delete(id);
  };

  const eventLog: StreamEventLog = {
    append(streamId, sessionId, event) {
      const now = Date.now();
      let stream = streams.get(streamId);
      if (!stream) {
        sweepStreams(now);
        streams.set(streamId, (stream = { sessionId, events: [], lastSeq: 0, ended: false, touched: now }));
      }
      stream.events.push({ ...event, at: now });
      stream.lastSeq = Math.max(stream.lastSeq, event.seq);
      stream.touched = now;
      trim(stream, now);
      for (const follower of followers.get(streamId) ?? []) later(() => follower(event));
    },
    end(streamId) {
      const stream = streams.get(streamId);
      if (stream) stream.ended = true;
      for (const follower of followers.get(streamId) ?? []) later(() => follower("end"));
    },
    async read(streamId, afterSeq): Promise<StreamLog | undefined> {
      const stream = streams.get(streamId);
      if (!stream) return undefined;
      trim(stream, Date.now());
      return {
        sessionId: stream.sessionId,
        events: stream.events.filter((e) => e.seq > afterSeq).map(({ seq, frame }) => ({ seq, frame })),
        lastSeq: stream.lastSeq,
        ended: stream.ended,
      };
    },
    async follow(streamId, listener) {
      let set = followers.get(streamId);
      if (!set) followers.set(streamId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) followers.delete(streamId);
      };
    },
  };

  function instance(): Coordination {
    const instanceId = newInstanceId();
    const local = new LocalChangeBus();
    buses.set(instanceId, local);
    const bus: ChangeBus = {
      subscribe: (listener: ChangeListener) => local.subscribe(listener),
      publish(event: ChangeEvent) {
        local.publish(event);
        for (const [id, other] of buses) if (id !== instanceId) later(() => other.publish(event));
      },
    };
    const mine = new Set<(sessionId: string, message: JsonRpcMessage) => void>();
    replyListeners.set(instanceId, mine);
    const replies: ReplyRouter = {
      forward(sessionId, message) {
        for (const [id, listeners] of replyListeners) if (id !== instanceId) for (const l of listeners) later(() => l(sessionId, message));
      },
      onForwarded(listener) {
        mine.add(listener);
        return () => mine.delete(listener);
      },
    };
    return {
      instanceId,
      bus,
      sessions: sessionStore,
      events: eventLog,
      replies,
      async close() {
        buses.delete(instanceId);
        replyListeners.delete(instanceId);
      },
    };
  }

  return {
    instance,
    get streamCount() {
      return streams.size;
    },
    get sessionCount() {
      for (const id of [...sessions.keys()]) live(id);
      return sessions.size;
    },
  };
}
