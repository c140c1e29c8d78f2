// LAZY ABORT SIGNALS. An AbortController costs a few microseconds and a lot of GC pressure on
// Node 20 (AbortSignal is a transferable EventTarget), and almost no request is ever cancelled.
// A Cancellation records the abort cheaply and only materialises an AbortSignal when a handler
// actually reads `ctx.signal`.
export class Cancellation {
  private controller: AbortController | undefined;
  private listeners: Array<() => void> | undefined;
  private done = false;

  get aborted(): boolean {
    return this.done;
  }

  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.done) this.controller.abort();
    }
    return this.controller.signal;
  }

  /**
   * Runs the listener once on abort (immediately if already aborted). Returns a function that
   * removes it, so a finished call does not stay reachable from a longer-lived cancellation.
   */
  onAbort(listener: () => void): () => void {
    if (this.done) {
      listener();
      return () => {};
    }
    (this.listeners ??= []).push(listener);
    return () => {
      const at = this.listeners?.indexOf(listener) ?? -1;
      if (at >= 0) this.listeners!.splice(at, 1);
    };
  }

  /** onAbort without the remover closure, for the per-request path (removeAbortListener undoes it). */
  addAbortListener(listener: () => void): void {
    if (this.done) listener();
    else (this.listeners ??= []).push(listener);
  }

  removeAbortListener(listener: () => void): void {
    const listeners = this.listeners;
    if (listeners === undefined) return;
    const at = listeners.lastIndexOf(listener);
    if (at >= 0) listeners.splice(at, 1);
  }

  abort(): void {
    if (this.done) return;
    this.done = true;
    this.controller?.abort();
    const listeners = this.listeners;
    this.listeners = undefined;
    if (listeners) for (const listener of listeners) listener();
  }
}
