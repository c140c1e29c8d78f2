// Errors the client raises. A peer's JSON-RPC error keeps its code; errors the client
// makes up locally (timeouts, round limits, transport failures) carry a string `reason`
// and no numeric code, because [S26:basic/index § Error Codes] forbids local errors that
// look like peer errors.

export class McpRpcError extends Error {
  readonly code: number;
  readonly data: unknown;
  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.name = "McpRpcError";
    this.code = code;
    this.data = data;
  }
}

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

/** Codes the spec assigns to the modern era (renumbered late: never the old -32001/3/4). */
export const HEADER_MISMATCH = -32020;
export const MISSING_CLIENT_CAPABILITY = -32021;
export const UNSUPPORTED_PROTOCOL_VERSION = -32022;
export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
