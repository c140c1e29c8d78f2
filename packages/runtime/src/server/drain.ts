// The server's admission gate and graceful drain (issue 17 #1, #4). Every request a transport
// hands to the server passes here: counted while it runs, refused past the in-flight caps, and
// refused once a drain began. A drain stops new work, lets what runs finish up to a deadline and
// then tells the caller, which closes the rest. Long-lived requests (subscriptions/listen, the
// legacy tasks/result wait) are not "work" here: a drain ends them with their close result
// instead of waiting for them, and maxListens bounds them already.
import { INTERNAL_ERROR } from "../core/jsonrpc/codes.js";
import { RpcError } from "../core/jsonrpc/errors.js";

export const DEFAULT_MAX_IN_FLIGHT = 4096;
export const DEFAULT_MAX_IN_FLIGHT_PER_CALLER = 64;
/** What `close()` waits for in-flight requests when no drainMs is given: none (the old behaviour). */
export const DEFAULT_DRAIN_MS = 0;

/** Methods that stay open until something else happens; a drain closes them, it does not wait. */
export function isLongLived(method: string): boolean {
  return method === "subscriptions/listen" || method === "tasks/result";
}

/** The answer to work arriving during a drain (HTTP 503; the endpoint adds Retry-After). */
export function drainingError(): RpcError {
  return new RpcError(INTERNAL_ERROR, "Server is shutting down; retry on another instance", undefined, 503);
}

/**
 * A caller that keeps its own count of requests in flight (a legacy session). PERFORMANCE
 * (issue 10): the gate then updates that field instead of a map entry keyed by the caller's id,
 * which cost four map operations per request on the legacy paths.
 */
export interface CountedCaller {
  inFlight: number;
}

export class RequestGate {
  /** Requests running now (long-lived ones excluded). */
  active = 0;
  draining = false;
  private readonly perCaller = new Map<string, number>();
  private idleWaiters: Array<() => void> = [];

  constructor(
    readonly maxInFlight: number,
    readonly maxPerCaller: number,
  ) {}

  /** True when a new request would be refused now (the HTTP adapters answer 503 + Retry-After before parsing further). */
  get full(): boolean {
    return this.draining || this.active >= this.maxInFlight;
  }

  /** Why a request is refused while `full`. */
  refusal(): RpcError {
    if (this.draining) return drainingError();
    return new RpcError(INTERNAL_ERROR, `Server busy: ${this.maxInFlight} requests in flight; retry later`, undefined, 503);
  }

  /**
   * Admits one request of `caller` (a principal, a session keeping its own count, or undefined:
   * none known). Returns
   * the refusal, or undefined when admitted: the caller must then call `leave(caller)` once.
   */
  enter(caller: string | CountedCaller | undefined): RpcError | undefined {
    if (this.full) return this.refusal();
    if (typeof caller === "object") {
      if (caller.inFlight >= this.maxPerCaller) return this.perCallerRefusal();
      caller.inFlight++;
    } else if (caller !== undefined) {
      const mine = this.perCaller.get(caller) ?? 0;
      if (mine >= this.maxPerCaller) return this.perCallerRefusal();
      this.perCaller.set(caller, mine + 1);
    }
    this.active++;
    return undefined;
  }

  leave(caller: string | CountedCaller | undefined): void {
    this.active--;
    if (typeof caller === "object") caller.inFlight--;
    else if (caller !== undefined) {
      const left = (this.perCaller.get(caller) ?? 1) - 1;
      if (left <= 0) this.perCaller.delete(caller);
      else this.perCaller.set(caller, left);
    }
    if (this.active === 0 && this.idleWaiters.length > 0) for (const wake of this.idleWaiters.splice(0)) wake();
  }

  private perCallerRefusal(): RpcError {
    return new RpcError(INTERNAL_ERROR, `Too many concurrent requests from this caller (limit ${this.maxPerCaller}); retry later`, undefined, 503);
  }

  /** Starts refusing new work and resolves true once nothing runs, or false at the deadline. */
  drain(deadlineMs: number): Promise<boolean> {
    this.draining = true;
    if (this.active === 0) return Promise.resolve(true);
    if (!(deadlineMs > 0)) return Promise.resolve(false);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.idleWaiters = this.idleWaiters.filter((wake) => wake !== onIdle);
        resolve(false);
      }, deadlineMs);
      const onIdle = (): void => {
        clearTimeout(timer);
        resolve(true);
      };
      this.idleWaiters.push(onIdle);
    });
  }
}
