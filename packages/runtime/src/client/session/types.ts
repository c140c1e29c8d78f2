// The seam between the client facade (client.ts) and the era it settled on. The facade owns
// what both eras share (transport, handlers, ids, progress callbacks, the result cache, page
// walking); a session owns the era's wire rules. The facade never asks which era it talks to.
import type { Era } from "../../core/era/revisions.js";
import type { Implementation, LogLevel } from "../../core/era/envelope.js";
import type { JsonObject, JsonRpcNotification, JsonRpcRequest, RequestId } from "../../core/jsonrpc/message.js";
import type { ResultCache } from "../cache.js";
import type { ClientHandlers } from "../handlers.js";
import type { EraVerdictRecord } from "../probe.js";
import type { Subscription, SubscriptionFilter } from "../subscription.js";
import type { ClientTransport } from "../transport/types.js";
import type { TaskDriver } from "../tasks/handle.js";
import type { ElicitationCompletions } from "../url-elicitation.js";

export interface Progress {
  progress: number;
  total?: number;
  message?: string;
}

/** One `notifications/message` [S25/S26:server/utilities/logging]. */
export interface LogMessage {
  level: LogLevel;
  logger?: string;
  data: unknown;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Request timeout in ms (default: the client's `requestTimeoutMs`, 60 000). */
  timeoutMs?: number;
  /**
   * Restart the request timeout whenever the server reports progress for this request (a
   * progress token is sent even without `onProgress`). Default: the client's setting (false).
   */
  resetTimeoutOnProgress?: boolean;
  /** Cap on the whole request in ms that progress never extends (all MRTR rounds and retries included). */
  maxTotalTimeoutMs?: number;
  onProgress?: (progress: Progress) => void;
  /** Skip the result cache for this call. */
  noCache?: boolean;
  /** tools/call: return a CreateTaskResult as is instead of polling it (startTool). */
  keepTask?: boolean;
}

export type ProtocolChoice = "auto" | string;

export interface McpClientOptions {
  transport: ClientTransport;
  clientInfo: Implementation;
  /** "auto" probes the server (default); a revision string pins the era and version. */
  protocol?: ProtocolChoice;
  handlers?: ClientHandlers;
  /** Extra capabilities merged over the ones implied by `handlers`. */
  capabilities?: Record<string, unknown>;
  /** MRTR round limit per call (default 10). */
  maxInputRounds?: number;
  /** Per-request timeout (ms, default 60 000). */
  requestTimeoutMs?: number;
  /** Default of RequestOptions.resetTimeoutOnProgress (false). */
  resetTimeoutOnProgress?: boolean;
  /** Default of RequestOptions.maxTotalTimeoutMs (none). */
  maxTotalTimeoutMs?: number;
  /** How long a stdio probe waits for `server/discover` before assuming legacy (ms, default 3000). */
  probeTimeoutMs?: number;
  /** `true` for a private per-client cache, or a cache instance (mark it `shared` when several clients use it). */
  cache?: boolean | ResultCache;
  /** Where probe verdicts are remembered (default: one process-wide map). */
  eraCache?: Map<string, EraVerdictRecord>;
  /**
   * Ask the server for log notifications at this level and above (later: `setLogLevel`).
   * Modern: sent on every request's `_meta`; legacy: `logging/setLevel` after initialize.
   */
  logLevel?: LogLevel;
  /** Every `notifications/message` (the server's log), both eras; not passed to onNotification. */
  onLog?: (message: LogMessage) => void;
  /**
   * 2025-11-25 `notifications/elicitation/complete`: the URL elicitation with this id is done.
   * Without it the notification goes to onNotification.
   */
  onElicitationComplete?: (elicitationId: string) => void;
  /** Fill omitted accepted elicitation fields from schema defaults (default true). */
  applyElicitationDefaults?: boolean;
  /** Legacy HTTP: open the standalone GET stream after initialize (default true). */
  legacyServerStream?: boolean;
  /** Pinned modern: call `server/discover` on connect (default true). */
  discoverOnConnect?: boolean;
  onWarning?: (message: string) => void;
  /** Every server notification not consumed by a subscription or progress callback. */
  onNotification?: (notification: JsonRpcNotification) => void;
}

export interface SendSettings extends RequestOptions {
  /** Called with each JSON-RPC id used (a call may take several: MRTR, version retry). */
  onId?: (id: RequestId) => void;
  isRetry?: boolean;
  /** When the whole call started (set once by the facade), so the total cap spans every round. */
  startedAt?: number;
}

/** What the facade lends every session. */
export interface SessionContext {
  readonly options: McpClientOptions;
  readonly transport: ClientTransport;
  readonly handlers: ClientHandlers;
  readonly cache: ResultCache | undefined;
  /** Aborted when the client closes: no request outlives it. */
  readonly lifetime: AbortSignal;
  readonly progressCallbacks: Map<string | number, (progress: Progress) => void>;
  clientCapabilities(era: Era): JsonObject;
  /** The log level requested so far (options.logLevel, then setLogLevel). */
  logLevel(): LogLevel | undefined;
  /** Completed 2025-11-25 URL elicitations, for the -32042 retry. */
  readonly elicitations: ElicitationCompletions;
  nextId(): number;
  nextProgressToken(): number;
  warn(message: string): void;
  /** Every page of `tools/list`, through the facade (so header plans are recorded). */
  listAllTools(options: RequestOptions): Promise<JsonObject[]>;
}

export interface ServerFacts {
  capabilities: JsonObject;
  info: JsonObject | undefined;
  instructions: string | undefined;
}

/** One era's conversation with one server. */
export interface ClientSession {
  readonly era: Era;
  readonly protocolVersion: string;
  readonly server: ServerFacts;
  /** The era's whole request pipeline (envelope, headers, retries, MRTR, cache). */
  request(method: string, params: JsonObject | undefined, options: RequestOptions): Promise<JsonObject>;
  /** Filters one `tools/list` page (modern HTTP drops tools whose `x-mcp-header` is invalid). */
  admitTools(tools: readonly JsonObject[]): JsonObject[];
  /** Work a `tools/call` needs first (modern HTTP: the tools' header plans). */
  beforeToolCall(): Promise<void>;
  ping(options: RequestOptions): Promise<void>;
  /** `server/discover` (modern); undefined where the era has none (legacy learns it from initialize). */
  discover(settings: { tolerateMissing?: boolean }): Promise<JsonObject | undefined>;
  subscribe(filter: SubscriptionFilter, signal: AbortSignal | undefined): Promise<Subscription>;
  /** Routes a notification to the era's subscriptions; true when one consumed it. */
  routeNotification(message: JsonRpcNotification): boolean;
  /** A server→client request (answered in legacy, refused in modern). */
  answerServerRequest(request: JsonRpcRequest): Promise<void>;
  /** Legacy: logging/setLevel; modern: nothing (the level rides on each request's `_meta`). */
  setLogLevel(level: LogLevel): Promise<void>;
  /** Legacy: sends notifications/roots/list_changed (true); modern: nothing to send (false). */
  notifyRootsListChanged(): Promise<boolean>;
  /** What a task handle polls through (modern: the tasks extension); undefined where the era has none. */
  taskDriver(): TaskDriver | undefined;
  close(): Promise<void>;
}
