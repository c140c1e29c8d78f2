// What a client may learn when a handler fails (issue 21 #8). An error's message can carry
// secrets (`db failed: postgres://admin:hunter2@…`) or internals (a TypeError about a bad return
// value), so clients get a generic text and `onError` gets the error itself. A handler opts a
// message in by throwing a SafeError, or any Error with `expose: true` (the convention of the
// http-errors family, so errors of other libraries and of another copy of this package work too).

/** A handler error whose message is meant for the client (and the model reading a tool result). */
export class SafeError extends Error {
  readonly expose = true as const;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "SafeError";
  }
}

/** The message to show the client, or undefined when the error is not marked safe. */
export function exposedMessage(error: unknown): string | undefined {
  if (!(error instanceof Error) || (error as { expose?: unknown }).expose !== true) return undefined;
  return typeof error.message === "string" && error.message !== "" ? error.message : undefined;
}

/** Raised when a handler outlives `limits.handlerTimeoutMs`; reported to `onError`. */
export class HandlerTimeoutError extends Error {
  readonly method: string;
  readonly timeoutMs: number;
  constructor(method: string, timeoutMs: number) {
    super(`${method} handler did not settle within ${timeoutMs} ms`);
    this.name = "HandlerTimeoutError";
    this.method = method;
    this.timeoutMs = timeoutMs;
  }
}
