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
}

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
  /** Receives errors thrown by handlers (never sent to clients in detail). */
  onError?: (error: unknown) => void;
}

export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;
