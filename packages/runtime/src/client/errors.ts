// Failures the client makes up locally (timeouts, round limits, transport failures). They carry
// a string `reason` and no numeric code, because [S26:basic/index § Error Codes] forbids local
// errors that look like peer errors. A peer's JSON-RPC error is the shared wire error class,
// core/jsonrpc/errors.ts `RpcError`, with the peer's code and data.

export type ClientFailureReason =
  | "transport-closed"
  | "http-status"
  | "bad-response"
  | "round-limit"
  | "timeout"
  | "aborted"
  | "session-expired"
  | "unsupported-version"
  | "auth-required"
  // Client authorization (client/auth/): the AS refused a grant (OAuthError.oauthError names
  // its error code), answered something that is not a token response, the local configuration
  // (key, assertion, options) is unusable, or the credential store is unreadable/unwritable.
  | "auth-refused"
  | "auth-bad-response"
  | "auth-config"
  | "auth-store"
  | "no-handler"
  | "invalid-structured-content";

export class McpClientError extends Error {
  readonly reason: ClientFailureReason;
  readonly status: number | undefined;
  constructor(reason: ClientFailureReason, message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "McpClientError";
    this.reason = reason;
    this.status = options.status;
  }
}

/** What a timed-out request waited for (McpTimeoutError.data). */
export interface TimeoutDetails {
  method: string;
  /** Which clock fired: the request timeout (restarted by progress when asked) or the total cap. */
  limit: "request" | "total";
  timeoutMs: number;
  maxTotalTimeoutMs?: number;
  /** From the start of the whole request (all MRTR rounds and retries) to the timeout. */
  elapsedMs: number;
  /** Progress notifications that restarted the request timeout. */
  progressResets: number;
}

/** A request the client gave up on (reason "timeout"); `data` says which limit and after how long. */
export class McpTimeoutError extends McpClientError {
  readonly data: TimeoutDetails;
  constructor(data: TimeoutDetails) {
    const what = data.limit === "total" ? `the total cap of ${String(data.maxTotalTimeoutMs)} ms` : `${data.timeoutMs} ms without an answer${data.progressResets > 0 ? " or progress" : ""}`;
    super("timeout", `${data.method} timed out after ${what} (${data.elapsedMs} ms in all)`);
    this.name = "McpTimeoutError";
    this.data = data;
  }
}
