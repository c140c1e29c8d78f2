// One handler invocation under a deadline and its request's cancellation (issue 21 #9). A
// handler that never settles must neither hold its request (socket, stdio slot, arguments)
// forever nor outlive a client that left:
// - client cancels or disconnects → the call's signal aborts and the call settles at once, so
//   the transport drops everything it holds for the request;
// - the deadline passes → the signal aborts and the call fails with HandlerTimeoutError, which
//   the operation answers with an error.
// Time spent waiting for the client (legacy elicitation/sampling/roots) does not count: the
// deadline pauses there, since a person may be typing; those waits have their own bound
// (limits.clientRequestTimeoutMs).
import { INTERNAL_ERROR, INVALID_REQUEST } from "../core/jsonrpc/codes.js";
import { RpcError } from "../core/jsonrpc/errors.js";
import { Cancellation } from "./cancellation.js";
import { HandlerTimeoutError } from "./safe-error.js";

export const DEFAULT_HANDLER_TIMEOUT_MS = 60_000;

const noop = (): void => {};
const MAX_TIMER_MS = 2 ** 31 - 1;

export class HandlerCall {
  /** Aborted when the request is cancelled or the deadline passes; what `ctx.signal` reflects. */
  readonly cancellation = new Cancellation();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private remainingMs: number;
  private armedAt = 0;
  private pauses = 0;
  private fail: (error: unknown) => void = noop;

  constructor(
    private readonly method: string,
    private readonly timeoutMs: number,
  ) {
    this.remainingMs = timeoutMs;
  }

  /** Runs `work`, settling with it, or earlier on cancellation of `parent` or on the deadline. */
  run<T>(parent: Cancellation, work: (call: HandlerCall) => Promise<T>): Promise<T> {
    if (parent.aborted) {
      this.cancellation.abort();
      return Promise.reject(cancelled());
    }
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      let detach = noop;
      const finish = (): boolean => {
        if (settled) return false;
        settled = true;
        this.disarm();
        detach();
        this.fail = noop;
        return true;
      };
      this.fail = (error) => {
        if (!finish()) return;
        this.cancellation.abort();
        reject(error);
      };
      detach = parent.onAbort(() => this.fail(cancelled()));
      this.arm();
      work(this).then(
        (value) => {
          if (finish()) resolve(value);
        },
        (error: unknown) => {
          if (finish()) reject(error);
        },
      );
    });
  }

  /** Stops the clock while the handler waits for the client; calls nest. */
  pause(): void {
    if (this.pauses++ === 0 && this.timer !== undefined) {
      this.disarm();
      this.remainingMs -= Date.now() - this.armedAt;
    }
  }

  resume(): void {
    if (this.pauses > 0 && --this.pauses === 0 && this.fail !== noop) this.arm();
  }

  private arm(): void {
    if (!(this.timeoutMs > 0) || !Number.isFinite(this.timeoutMs) || this.pauses > 0) return;
    this.armedAt = Date.now();
    const method = this.method;
    const timeoutMs = this.timeoutMs;
    // setTimeout fires at once for delays past 2^31-1 ms; such a deadline means "none" in practice.
    const delay = Math.min(Math.max(this.remainingMs, 0), MAX_TIMER_MS);
    this.timer = setTimeout(() => this.fail(new HandlerTimeoutError(method, timeoutMs)), delay);
  }

  private disarm(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/**
 * What an abandoned call settles with. The client cancelled or left, so the transport sends
 * nothing for it; an RpcError keeps it out of `onError`, since nothing failed.
 */
function cancelled(): RpcError {
  return new RpcError(INTERNAL_ERROR, "Request cancelled");
}

/**
 * The answer to a request whose id is still in flight on the same connection or session. JSON-RPC
 * ids are unique per session; serving the second would leave the first uncancellable
 * (`notifications/cancelled` names an id), so the duplicate is refused (issue 21 #12).
 */
export function duplicateRequestId(): RpcError {
  return new RpcError(INVALID_REQUEST, "Invalid Request: a request with this id is still in progress");
}
