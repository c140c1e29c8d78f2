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
import { isThenable } from "../core/maybe-promise.js";
import { Cancellation } from "./cancellation.js";
import { HandlerTimeoutError } from "./safe-error.js";

export const DEFAULT_HANDLER_TIMEOUT_MS = 60_000;

const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * PERFORMANCE: calls under the same timeout expire in the order they started, so they share one
 * timer: a FIFO list per timeout value whose timer is due at its head's deadline. A call joins
 * and leaves the list in O(1) (no setTimeout/clearTimeout per request, which with the wrapper
 * promise cost ~6% of a tools/call); the timer is unref'd while its list is empty, so an idle
 * server does not stay alive for it.
 */
class DeadlineList {
  head: HandlerCall | undefined;
  tail: HandlerCall | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private dueAt = Infinity;

  add(call: HandlerCall): void {
    call.prev = this.tail;
    call.next = undefined;
    if (this.tail) this.tail.next = call;
    else this.head = call;
    this.tail = call;
    call.list = this;
    if (this.timer === undefined || call.deadline < this.dueAt) this.schedule(call.deadline);
    else if (this.head === call) (this.timer as { ref?: () => void }).ref?.();
  }

  remove(call: HandlerCall): void {
    if (call.list !== this) return;
    if (call.prev) call.prev.next = call.next;
    else this.head = call.next;
    if (call.next) call.next.prev = call.prev;
    else this.tail = call.prev;
    call.prev = call.next = call.list = undefined;
    if (this.head === undefined) (this.timer as { unref?: () => void } | undefined)?.unref?.();
  }

  private schedule(at: number): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.dueAt = at;
    this.timer = setTimeout(() => this.expire(), Math.min(Math.max(at - Date.now(), 0), MAX_TIMER_MS));
  }

  private expire(): void {
    this.timer = undefined;
    const now = Date.now();
    while (this.head !== undefined && this.head.deadline <= now) {
      const call = this.head;
      this.remove(call);
      call.expire();
    }
    if (this.head !== undefined) this.schedule(this.head.deadline);
    else this.dueAt = Infinity;
  }
}

const listsByTimeout = new Map<number, DeadlineList>();

function listFor(timeoutMs: number): DeadlineList {
  let list = listsByTimeout.get(timeoutMs);
  if (list === undefined) listsByTimeout.set(timeoutMs, (list = new DeadlineList()));
  return list;
}

export class HandlerCall {
  /** Aborted when the request is cancelled or the deadline passes; what `ctx.signal` reflects. */
  readonly cancellation = new Cancellation();
  /** Deadline bookkeeping (DeadlineList); `deadline` is an epoch ms while the clock runs. */
  deadline = Infinity;
  prev: HandlerCall | undefined;
  next: HandlerCall | undefined;
  list: DeadlineList | undefined;
  /** A resumed call's own timer: its remaining time no longer matches its list's order. */
  private ownTimer: ReturnType<typeof setTimeout> | undefined;
  private remainingMs: number;
  private pauses = 0;
  /** Set while the call runs (see run). */
  private resolveRun: ((value: unknown) => void) | undefined;
  private rejectRun: ((error: unknown) => void) | undefined;
  private parent: Cancellation | undefined;
  private onParentAbort: (() => void) | undefined;

  constructor(
    private readonly method: string,
    private readonly timeoutMs: number,
  ) {
    this.remainingMs = timeoutMs;
  }

  /**
   * Runs `work`, settling with it, or earlier on cancellation of `parent` or on the deadline.
   *
   * PERFORMANCE (issue 10, bench/server/README.md § GC promotion): every closure here captures
   * only `this`; the settle functions and the parent hook live in declared fields, cleared on
   * settle. The earlier settle-once closures, whose shared context also held `parent` and `work`
   * (the handler context, and through it the request), made V8 pretenure a dozen per-request
   * allocation sites under node:http load: each scavenge then promoted ~2.5 MB of finished
   * requests kept by old-space garbage. Measured: in that shape, clearing `parent` and `work`
   * on settle alone removed it; here, adding a per-call closure as a property the class does
   * not declare brings it back. Check `promoted=` (bench/server/README.md) after changing this.
   */
  run<T>(parent: Cancellation, work: (call: HandlerCall) => T | PromiseLike<T>): Promise<T>;
  run<T, A>(parent: Cancellation, work: (arg: A) => T | PromiseLike<T>, arg: A): Promise<T>;
  run<T>(parent: Cancellation, work: (arg: never) => T | PromiseLike<T>, arg: unknown = this): Promise<T> {
    let outcome: T | Promise<T>;
    try {
      outcome = this.runNow(parent, work as (arg: unknown) => T | PromiseLike<T>, arg);
    } catch (error) {
      return Promise.reject(error);
    }
    return isThenable(outcome) ? (outcome as Promise<T>) : Promise.resolve(outcome);
  }

  /**
   * `run`, but a work that finishes synchronously is answered synchronously: its value is
   * returned and what it throws is thrown. Nothing can cancel or time out a call that never
   * yielded, so such a call neither joins the deadline list nor listens to `parent`; only a
   * promise returned by `work` is raced against them. PERFORMANCE (issue 10): a synchronous tool
   * handler then costs no promise at all on the way to its answer.
   */
  runNow<T, A>(parent: Cancellation, work: (arg: A) => T | PromiseLike<T>, arg: A): T | Promise<T> {
    if (parent.aborted) {
      this.cancellation.abort();
      throw cancelled();
    }
    const running = work(arg);
    if (!isThenable(running)) return running;
    return this.race(parent, running);
  }

  private race<T>(parent: Cancellation, running: PromiseLike<T>): Promise<T> {
    const settled = new Promise<T>((resolve, reject) => {
      this.resolveRun = resolve as (value: unknown) => void;
      this.rejectRun = reject;
    });
    // The work's synchronous part may have cancelled the request already.
    if (parent.aborted) {
      this.fail(cancelled());
      running.then(undefined, () => {});
      return settled;
    }
    this.parent = parent;
    parent.addAbortListener((this.onParentAbort = () => this.fail(cancelled())));
    this.arm();
    running.then(
      (value) => this.settle(true, value),
      (error: unknown) => this.settle(false, error),
    );
    return settled;
  }

  /** Settles once (the first of: work's outcome, cancellation, deadline) and drops the references. */
  private settle(ok: boolean, outcome: unknown, abort = false): void {
    const resolve = this.resolveRun;
    const reject = this.rejectRun;
    if (resolve === undefined || reject === undefined) return;
    this.resolveRun = this.rejectRun = undefined;
    this.disarm();
    if (this.parent !== undefined && this.onParentAbort !== undefined) this.parent.removeAbortListener(this.onParentAbort);
    this.parent = this.onParentAbort = undefined;
    if (abort) this.cancellation.abort();
    if (ok) resolve(outcome);
    else reject(outcome);
  }

  /** Ends the call early (cancelled or timed out): the handler's signal aborts, the call rejects. */
  private fail(error: unknown): void {
    this.settle(false, error, true);
  }

  /** Stops the clock while the handler waits for the client; calls nest. */
  pause(): void {
    if (this.pauses++ === 0 && this.deadline !== Infinity) {
      this.remainingMs = this.deadline - Date.now();
      this.disarm();
    }
  }

  resume(): void {
    if (this.pauses > 0 && --this.pauses === 0 && this.resolveRun !== undefined) this.arm();
  }

  /** Called by the deadline list (or the own timer) when the deadline passed. */
  expire(): void {
    this.deadline = Infinity;
    this.fail(new HandlerTimeoutError(this.method, this.timeoutMs));
  }

  private arm(): void {
    if (!(this.timeoutMs > 0) || !Number.isFinite(this.timeoutMs) || this.pauses > 0) return;
    // A deadline past 2^31-1 ms means "none" in practice (setTimeout would fire at once).
    if (this.remainingMs > MAX_TIMER_MS) return;
    this.deadline = Date.now() + Math.max(this.remainingMs, 0);
    if (this.remainingMs === this.timeoutMs) listFor(this.timeoutMs).add(this);
    else this.ownTimer = setTimeout(() => this.expire(), Math.max(this.remainingMs, 0));
  }

  private disarm(): void {
    this.deadline = Infinity;
    this.list?.remove(this);
    if (this.ownTimer !== undefined) clearTimeout(this.ownTimer);
    this.ownTimer = undefined;
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
