// A value that may be ready now or later. PERFORMANCE (issue 10): the request pipelines pass a
// handler's plain return value straight through instead of wrapping it in a promise, so a
// synchronous handler is answered in the tick its request arrived in. Every promise hop on the
// tools/call path cost ~0.3 µs of microtask work plus its allocation (bench/server profiles).

export type MaybePromise<T> = T | Promise<T>;

/** True for anything with a callable `then` (a promise from this realm or another, or a thenable). */
export function isThenable<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof value === "object" && value !== null && typeof (value as { then?: unknown }).then === "function";
}
