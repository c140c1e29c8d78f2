// One AbortSignal per request, combining the caller's signal, a timeout and the client's
// lifetime. Built by hand instead of AbortSignal.any + AbortSignal.timeout: those leave a
// listener on the long-lived lifetime signal and a 60 s timer behind for EVERY request,
// which a client doing thousands of round trips would pile up. Here both are released as
// soon as the request settles, and the sources are watched through abort-fanout.ts (one
// listener per source signal, not one per request).
//
// Two clocks: the request timeout, which `reset()` restarts (a progress notification for the
// request's token does, when the caller asked for it), and an optional total cap counted from
// `startedAt` that nothing restarts — the same pair the official SDK offers
// (`resetTimeoutOnProgress`, `maxTotalTimeout`).
import { onAbort } from "./abort-fanout.js";

export type TimeoutLimit = "request" | "total";

export interface RequestSignal {
  signal: AbortSignal;
  /** True when a timeout (not a caller or the client closing) fired. */
  readonly timedOut: boolean;
  /** Which clock fired: the (resettable) request timeout or the total cap. */
  readonly limit: TimeoutLimit | undefined;
  /** How many times `reset()` restarted the request timeout. */
  readonly resets: number;
  /** Restarts the request timeout (not the total cap). */
  reset(): void;
  dispose(): void;
}

export interface TotalCap {
  /** Cap on the whole request in ms, resets included. */
  maxTotalTimeoutMs: number;
  /** When the whole request started (Date.now()); a multi-round request shares one start. */
  startedAt: number;
}

const usable = (ms: number | undefined): ms is number => ms !== undefined && Number.isFinite(ms) && ms > 0;

export function requestSignal(sources: Array<AbortSignal | undefined>, timeoutMs: number | undefined, total?: TotalCap): RequestSignal {
  const controller = new AbortController();
  let limit: TimeoutLimit | undefined;
  let resets = 0;
  const fire = (which: TimeoutLimit) => (): void => {
    limit ??= which;
    controller.abort();
  };
  const releases: Array<() => void> = [];
  for (const source of sources) {
    if (source === undefined) continue;
    if (source.aborted) controller.abort();
    else releases.push(onAbort(source, () => controller.abort()));
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = (): void => {
    if (!usable(timeoutMs) || controller.signal.aborted) return;
    timer = setTimeout(fire("request"), timeoutMs);
    (timer as { unref?: () => void }).unref?.();
  };
  arm();
  let cap: ReturnType<typeof setTimeout> | undefined;
  if (total !== undefined && usable(total.maxTotalTimeoutMs)) {
    const remaining = total.startedAt + total.maxTotalTimeoutMs - Date.now();
    if (remaining <= 0) fire("total")();
    else {
      cap = setTimeout(fire("total"), remaining);
      (cap as { unref?: () => void }).unref?.();
    }
  }
  return {
    signal: controller.signal,
    get timedOut() {
      return limit !== undefined;
    },
    get limit() {
      return limit;
    },
    get resets() {
      return resets;
    },
    reset() {
      if (controller.signal.aborted) return;
      if (timer !== undefined) clearTimeout(timer);
      resets++;
      arm();
    },
    dispose() {
      if (timer !== undefined) clearTimeout(timer);
      if (cap !== undefined) clearTimeout(cap);
      for (const release of releases) release();
    },
  };
}
