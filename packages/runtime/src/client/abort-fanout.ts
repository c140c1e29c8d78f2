// One "abort" listener per long-lived signal, however many requests wait on it. A client with
// 20 calls in flight used to add 20 listeners to its lifetime signal (and to a caller's shared
// signal), which Node reports as MaxListenersExceededWarning past 10 and which costs a listener
// per request. Here each signal gets a single listener that fans out to a set; a request that
// settles removes only its set entry.

const waiting = new WeakMap<AbortSignal, Set<() => void>>();

/** Calls `callback` once when `signal` aborts; returns the function that unregisters it. */
export function onAbort(signal: AbortSignal, callback: () => void): () => void {
  let callbacks = waiting.get(signal);
  if (callbacks === undefined) {
    const created = new Set<() => void>();
    callbacks = created;
    waiting.set(signal, created);
    signal.addEventListener(
      "abort",
      () => {
        waiting.delete(signal);
        for (const each of [...created]) each();
      },
      { once: true },
    );
  }
  const own = callbacks;
  own.add(callback);
  return () => {
    own.delete(callback);
  };
}
