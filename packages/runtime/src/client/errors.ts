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
