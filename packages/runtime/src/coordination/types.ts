// What several instances of one server share so that a plain balancer may send any request to
// any of them (issue 13). Four seams, each with an in-process implementation (memory.ts) and a
// Redis one (@mcp-gen/redis). Nothing here is on the modern hot path except ChangeBus.publish:
// the 2026-07-28 era is stateless by design (2026-07-28 basic/transports), so only change
// notifications, legacy sessions, their resumable streams and server→client replies need it.
import type { JsonObject, JsonRpcMessage } from "../core/jsonrpc/message.js";
import type { ChangeBus } from "../subscriptions/event-bus.js";
import type { TaskStore } from "../tasks/types.js";

/** What a legacy session carries between requests (2025-11-25 basic/lifecycle, basic/transports § Session Management). */
export interface SessionRecord {
  protocolVersion: string;
  clientCapabilities: JsonObject;
  clientInfo?: JsonObject;
  logLevel?: string;
  /** resources/subscribe URIs. */
  subscriptions: string[];
  /** The caller the session was opened for (ServerOptions.callerOf at initialize), if any. */
  principal?: string;
  /** Id of the session's GET stream (HTTP), so that a resume on another instance takes it over. */
  standaloneStream?: string;
}

/** Announcements between instances about one session; `origin` is the sending instance. */
export type SessionEvent =
  | { type: "patched"; id: string; origin: string; patch: Partial<SessionRecord> }
  | { type: "ended"; id: string; origin: string }
  /** An instance took over the session's GET stream (a resume landed on it). */
  | { type: "streamClaimed"; id: string; origin: string; streamId: string };

export interface SessionStore {
  /** Stores a new session; resolves once other instances can load it. */
  create(id: string, record: SessionRecord, idleMs: number): Promise<void>;
  /** The live record, or undefined for an unknown or expired session. */
  load(id: string): Promise<SessionRecord | undefined>;
  /** Changes fields and tells the other instances (a "patched" event). */
  update(id: string, patch: Partial<SessionRecord>, idleMs: number): Promise<void>;
  /** Pushes the idle expiry out again; false when the session no longer exists (ended elsewhere, expired). */
  touch(id: string, idleMs: number): Promise<boolean>;
  /** Deletes the session and tells every instance (an "ended" event). */
  remove(id: string): Promise<void>;
  announce(event: SessionEvent): Promise<void>;
  /** Every announced event, this instance's own included (filter on `origin`). */
  watch(listener: (event: SessionEvent) => void): () => void;
}

export interface LoggedEvent {
  seq: number;
  /** The complete SSE frame, as first written. */
  frame: string;
}

export interface StreamLog {
  sessionId: string;
  events: LoggedEvent[];
  /** Highest sequence number issued so far (events before the retained ones were trimmed). */
  lastSeq: number;
  ended: boolean;
}

/** Legacy SSE streams' events, so that `Last-Event-ID` resumes on any instance (2025-11-25 basic/transports § Resumability and Redelivery). */
export interface StreamEventLog {
  append(streamId: string, sessionId: string, event: LoggedEvent): void;
  /** Marks the stream complete (its final response was appended, or it was abandoned). */
  end(streamId: string): void;
  /** Retained events after `afterSeq`, or undefined for a stream never logged (or expired). */
  read(streamId: string, afterSeq: number): Promise<StreamLog | undefined>;
  /** Live appends and the end of one stream from any instance; resolves (to unsubscribe) once live. */
  follow(streamId: string, listener: (event: LoggedEvent | "end") => void): Promise<() => void>;
}

/** A client message about a request another instance is serving (its answer to a server→client request, a cancellation). */
export interface ReplyRouter {
  forward(sessionId: string, message: JsonRpcMessage): void;
  /** Messages forwarded by other instances. */
  onForwarded(listener: (sessionId: string, message: JsonRpcMessage) => void): () => void;
}

/** One instance's view of the shared state (ServerOptions.coordination). */
export interface Coordination {
  /** Unique per instance; stamped on what it announces. */
  readonly instanceId: string;
  readonly bus: ChangeBus;
  readonly sessions: SessionStore;
  readonly events: StreamEventLog;
  readonly replies: ReplyRouter;
  /** Whether the shared state is reachable now; `/readyz` reports not ready when false (http/health.ts). */
  ready?(): boolean;
  /**
   * A task store shared by the instances (e.g. @mcp-gen/redis's); servers given this coordination
   * use it unless `tasks.store` names another, so tasks cross instances behind a balancer.
   */
  readonly tasks?: TaskStore;
  /** Ends subscriptions and connections (the server's close() calls it). */
  close(): Promise<void>;
}
