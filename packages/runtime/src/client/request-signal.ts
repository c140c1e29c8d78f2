// One AbortSignal per request, combining the caller's signal, a timeout and the client's
// lifetime. Built by hand instead of AbortSignal.any + AbortSignal.timeout: those leave a
// listener on the long-lived lifetime signal and a 60 s timer behind for EVERY request,
// which a client doing thousands of round trips would pile up. Here both are released as
// soon as the request settles.

export interface RequestSignal {
  signal: AbortSignal;
  /** True when the timeout (not a caller or the client closing) fired. */
  readonly timedOut: boolean;
  dispose(): void;
}

export function requestSignal(sources: Array<AbortSignal | undefined>, timeoutMs: number | undefined): RequestSignal {
  const controller = new AbortController();
  let timedOut = false;
  const present = sources.filter((s): s is AbortSignal => s !== undefined);
  const onAbort = (): void => controller.abort();
  for (const source of present) {
    if (source.aborted) controller.abort();
    else source.addEventListener("abort", onAbort, { once: true });
  }
  const timer =
    timeoutMs !== undefined && Number.isFinite(timeoutMs) && timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs)
      : undefined;
  timer?.unref?.();
  return {
    signal: controller.signal,
    get timedOut() {
      return timedOut;
    },
    dispose() {
      if (timer !== undefined) clearTimeout(timer);
      for (const source of present) source.removeEventListener("abort", onAbort);
    },
  };
}
