import { INTERNAL_ERROR, INVALID_PARAMS, METHOD_NOT_FOUND } from "./codes.js";

/**
 * A JSON-RPC error on the wire, in either direction: a server handler or the engine throws it
 * on purpose, and the client surfaces a peer's error response as one (code and data kept).
 * `httpStatus` is the status the modern Streamable HTTP transport answers with (2026-07-28
 * streamable-http § status codes); errors without one stay in-band with 200, as the spec
 * leaves handler errors unspecified. Received errors never carry one.
 */
export class RpcError extends Error {
  readonly code: number;
  readonly data: unknown;
  readonly httpStatus: number | undefined;

  constructor(code: number, message: string, data?: unknown, httpStatus?: number) {
    super(message);
    this.name = "RpcError";
    this.code = code;
    this.data = data;
    this.httpStatus = httpStatus;
  }

  toErrorObject(): { code: number; message: string; data?: unknown } {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data };
  }

  /** The error a peer answered with, as the receiving side raises it. */
  static fromErrorObject(error: { code: number; message: string; data?: unknown }): RpcError {
    return new RpcError(error.code, error.message, error.data);
  }
}

export function invalidParams(message: string, data?: unknown, httpStatus?: number): RpcError {
  return new RpcError(INVALID_PARAMS, message, data, httpStatus);
}

export function methodNotFound(method: string): RpcError {
  return new RpcError(METHOD_NOT_FOUND, `Method not found: ${method}`, undefined, 404);
}

/** Converts anything thrown by user code into an RpcError without leaking stack traces. */
export function toRpcError(error: unknown): RpcError {
  if (error instanceof RpcError) return error;
  return new RpcError(INTERNAL_ERROR, "Internal error");
}
