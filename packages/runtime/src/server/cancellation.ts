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

  /** Aborts the controller from the request that created it (see the signal getter). */
  private abortLater: (() => void) | undefined;

  get signal(): AbortSignal {
    if (!this.controller) {
      const controller = (this.controller = new AbortController());
      if (this.done) controller.abort();
      // Workers refuse to abort a controller from another request than the one that made it (a
      // tasks/cancel for a task a tools/call started): a continuation registered here runs in
      // the creating request instead. Elsewhere the direct abort succeeds and this never runs.
      else new Promise<void>((resolve) => (this.abortLater = resolve)).then(() => controller.abort());
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
    try {
      this.controller?.abort();
    } catch {
      this.abortLater?.(); // another request's controller on Workers (see signal)
    }
    const listeners = this.listeners;
    this.listeners = undefined;
    if (listeners) for (const listener of listeners) listener();
  }
}
