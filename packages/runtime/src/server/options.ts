import type { AuthOptions } from "../auth/types.js";
import type { Coordination } from "../coordination/types.js";
import type { TaskStore } from "../tasks/types.js";

/** Which Host and Origin headers an HTTP endpoint accepts (DNS-rebinding protection, http/host-guard.ts). */
export interface HostGuardOptions {
  /** Host names (without port) accepted in the Host header. Default: localhost, 127.0.0.1, [::1]. */
  allowedHosts?: readonly string[];
  /** Exact origins accepted in Origin; default: http(s) origins on an allowed host. */
  allowedOrigins?: readonly string[];
  /** Turn the guard off (e.g. behind a reverse proxy that already validates). */
  disabled?: boolean;
}

export interface ServerLimits {
  /** Largest accepted HTTP body or stdio line, in bytes (HTTP answers 413 beyond it). Default 4 MiB. */
  maxBodyBytes?: number;
  /** Items per list page; lists are not paginated when unset. */
  pageSize?: number;
  /** Concurrent subscriptions/listen streams; beyond it listen answers -32603. Default 1024. */
  maxListens?: number;
  /**
   * Concurrent legacy HTTP sessions. At the cap, `initialize` first evicts the oldest session that
   * never made a request after its handshake, else answers 503. Default 10 000.
   */
  maxSessions?: number;
  /** Concurrent legacy HTTP sessions per client address (same eviction, then 503). Default 256. */
  maxSessionsPerClient?: number;
  /**
   * Unsent bytes one SSE stream may hold; a stream whose client stops reading is closed past it
   * and the reason goes to onError. Legacy streams also retain this much for Last-Event-ID replay.
   * Default 4 MiB.
   */
  maxStreamBufferBytes?: number;
  /** Interval of SSE keepalive comments on long-lived modern streams, in ms. Default 15 s. */
  keepAliveMs?: number;
  /** Lifetime of legacy HTTP sessions without traffic (no request and no open stream), in ms. Default 5 minutes. */
  sessionIdleMs?: number;
  /** Timeout of a legacy server→client request, in ms. Default 10 minutes. */
  clientRequestTimeoutMs?: number;
  /**
   * Deadline of one handler invocation, in ms; on expiry the call is answered with an error (tools:
   * an isError result) and `ctx.signal` aborts. Time spent waiting for the client does not count.
   * 0 disables it. Default 60 s.
   */
  handlerTimeoutMs?: number;
  /** Longest `uri` resources/read accepts (-32602 beyond it), in characters. Default 16 KiB. */
  maxUriLength?: number;
  /**
   * Unsent stdout bytes past which the stdio transport drops notifications (reported once to
   * onError per episode); stdin reading pauses whenever stdout is full. Default 4 MiB.
   */
  maxStdoutBufferBytes?: number;
  /**
   * Requests served at once, over every transport (subscriptions/listen streams are counted by
   * maxListens instead). Beyond it: HTTP 503 with Retry-After, stdio -32603. Default 4096.
   */
  maxInFlight?: number;
  /**
   * Requests served at once for one legacy session or one caller (the verified token's principal,
   * else ServerOptions.callerOf); same answers. Requests with neither only meet maxInFlight. Default 64.
   */
  maxInFlightPerCaller?: number;
}

/** `/healthz` and `/readyz` beside the MCP path (http/health.ts). On by default on HTTP. */
export interface HealthOptions {
  /** false turns both paths off (they answer 404 like any other path). */
  enabled?: boolean;
  /** Liveness path. Default "/healthz". */
  healthPath?: string;
  /** Readiness path. Default "/readyz". */
  readyPath?: string;
  /** An extra readiness condition (a database ping, …), asked on every probe. */
  ready?: () => boolean | Promise<boolean>;
}

/** Cross-origin access for browser clients (http/cors.ts). Off unless `allowedOrigins` is given. */
export interface CorsOptions {
  /**
   * Exact origins (scheme://host[:port]) that may call from a browser, or "*" for any origin the
   * Host/Origin guard accepts. The guard still runs first: CORS never lets in an origin it refuses.
   */
  allowedOrigins: readonly string[] | "*";
  /** Extra request headers a preflight allows (beyond both eras' MCP headers). */
  allowHeaders?: readonly string[];
  /** Access-Control-Max-Age of a preflight, in seconds. Default 600. */
  maxAgeSeconds?: number;
  /** Send Access-Control-Allow-Credentials (cookies, HTTP auth). Default false. */
  credentials?: boolean;
}

/** What a request hook sees about one MCP request (ServerOptions.hooks). */
export interface RequestInfo {
  readonly method: string;
  readonly id: string | number;
  readonly era: "modern" | "legacy";
  /** The request's params (read-only view; `_meta` carries trace context). */
  readonly params: Readonly<Record<string, unknown>> | undefined;
  /** The legacy session id, when the request belongs to one. */
  readonly sessionId: string | undefined;
  /** The negotiated or claimed protocol revision, when known before dispatch. */
  readonly protocolVersion: string | undefined;
  /** HTTP request headers by lower-case name (undefined on stdio). */
  readonly headers: ((lowerCaseName: string) => string | undefined) | undefined;
}

/** How one MCP request ended (ServerOptions.hooks.after). */
export interface RequestOutcome {
  readonly durationMs: number;
  /** The JSON-RPC error code, when the request was answered with an error. */
  readonly errorCode: number | undefined;
  /** tools/call answered with an `isError` result. */
  readonly toolError: boolean;
  /** No answer was sent (the client cancelled or left). */
  readonly cancelled: boolean;
}

/** Plain before/after hooks around every request (logging, metrics); they must not throw. */
export interface RequestHooks {
  before?(info: RequestInfo): void;
  after?(info: RequestInfo, outcome: RequestOutcome): void;
}

/**
 * Wraps every request's handling (OpenTelemetry server spans, `@mcp-gen/runtime/otel`). `run`
 * serves the request and resolves with its serialized answer; whatever async context `around`
 * runs it in is the one handlers see.
 */
export type RequestInterceptor = (info: RequestInfo, run: () => Promise<string | undefined>) => Promise<string | undefined>;

export interface ServerOptions {
  /**
   * State shared with the other instances behind one balancer: change bus, legacy sessions, their
   * stream event logs and server→client replies (docs/deployment.md). Default: this process only.
   * `@mcp-gen/redis` provides one; createMemoryHub() shares between servers of one process.
   */
  coordination?: Coordination;
  /**
   * "stateless": legacy HTTP clients get no Mcp-Session-Id; every request is served on its own
   * (negotiated revision from MCP-Protocol-Version), GET/DELETE answer 405 and server→client
   * requests fail as unavailable. For deployments that want neither sessions nor shared state.
   * Default "sessions".
   */
  legacyHttp?: "sessions" | "stateless";
  /** HMAC key for requestState (≥ 32 bytes). Default: env MCP_GEN_STATE_KEY, else a per-process random key. */
  stateKey?: string | Uint8Array;
  /** requestState lifetime in ms. Default 10 minutes. */
  stateTtlMs?: number;
  /** HMAC key for handles (≥ 32 bytes). Default: env MCP_GEN_HANDLE_KEY, else a per-process random key. */
  handleKey?: string | Uint8Array;
  limits?: ServerLimits;
  /**
   * Names the caller a request acts for (e.g. from an Authorization header checked upstream).
   * Handles minted while serving a caller only open for that caller. Default: unbound handles.
   */
  callerOf?: (request: { headers: ((lowerCaseName: string) => string | undefined) | undefined; clientInfo: Record<string, unknown> | undefined }) => string | undefined;
  /**
   * HTTP request headers handlers may read through `ctx.request.headers` (names, any case).
   * Default none; `authorization`/`cookie` only when listed here (SERVER.md § Handlers see the request).
   */
  exposeHeaders?: readonly string[];
  /**
   * The 2024-11-05 HTTP+SSE transport the HTTP adapters serve when their own `sse` option is
   * unset, and serveFromArgv without `--sse` (a generated server's manifest `http.sse`): `true`
   * for GET /sse + POST /messages, or the paths (docs/sse.md).
   */
  sse?: boolean | { path?: string; messagesPath?: string };
  /** Host/Origin validation for the HTTP transports. */
  hostGuard?: HostGuardOptions;
  /**
   * Makes the HTTP endpoint an OAuth 2.1 resource server (auth/http-guard.ts): RFC 9728 metadata,
   * 401/403 challenges, per-target scopes, `ctx.auth`. Verifiers: `@mcp-gen/runtime/auth`.
   * stdio is unaffected (the spec leaves stdio credentials to the environment).
   */
  auth?: AuthOptions;
  /** Tools that run as tasks (ToolDefinition.task): where tasks live and how many (tasks/engine.ts). */
  tasks?: {
    /** Default: in memory, this process only. */
    store?: TaskStore;
    /** Retained tasks past which creation answers -32603 "Too many tasks". Default 10 000. */
    maxTasks?: number;
    /** Unfinished tasks per principal. Default 100. */
    maxActiveTasksPerCaller?: number;
  };
  /** `/healthz` and `/readyz` on the HTTP adapters (http/health.ts); default on. */
  health?: HealthOptions;
  /** CORS for browser clients (http/cors.ts); default off. */
  cors?: CorsOptions;
  /** Before/after hooks around every request, with timing. */
  hooks?: RequestHooks;
  /** Wrappers around every request, outermost first (e.g. `otelServerInterceptor(api)` from `@mcp-gen/runtime/otel`). */
  interceptors?: readonly RequestInterceptor[];
  /** Receives errors thrown by handlers (never sent to clients in detail). */
  onError?: (error: unknown) => void;
}

export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;
