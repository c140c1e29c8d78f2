// 2025-11-25 URL-mode elicitation, client side: the `URLElicitationRequired` error (-32042)
// and `notifications/elicitation/complete` [S25:client/elicitation § URL Elicitation Required
// Error, § Completion Notifications]. Both were removed in 2026-07-28, where URL elicitation is
// an ordinary MRTR input request (protocol-brief §3.4).
//
// Decision (the spec says the client MAY wait for the completion notification to retry): when a
// `urlElicitation` handler is registered the client asks it about every listed elicitation;
// if the user accepted all of them it waits for each one's completion notification (within the
// request timeout) and retries the request once. Without a handler, or when the user declines,
// the caller gets the typed error and can do the same by hand.
import { URL_ELICITATION_REQUIRED } from "../core/jsonrpc/codes.js";
import { RpcError } from "../core/jsonrpc/errors.js";
import { isPlainObject } from "../core/jsonrpc/message.js";
import { onAbort } from "./abort-fanout.js";
import { McpClientError } from "./errors.js";
import type { UrlElicitationParams } from "./input-types.js";

/** A peer's -32042: the request can go ahead once these URL elicitations are done. */
export class McpUrlElicitationRequiredError extends RpcError {
  readonly elicitations: UrlElicitationParams[];
  constructor(message: string, data: unknown) {
    super(URL_ELICITATION_REQUIRED, message, data);
    this.name = "McpUrlElicitationRequiredError";
    const listed = isPlainObject(data) && Array.isArray(data["elicitations"]) ? data["elicitations"] : [];
    this.elicitations = listed.filter(
      (e): e is UrlElicitationParams => isPlainObject(e) && typeof e["url"] === "string" && typeof e["elicitationId"] === "string",
    ).map((e) => ({ ...e, mode: "url" as const }));
  }
}

/** A peer's error response as the client raises it (the -32042 one typed). */
export function peerError(error: { code: number; message: string; data?: unknown }): RpcError {
  return error.code === URL_ELICITATION_REQUIRED ? new McpUrlElicitationRequiredError(error.message, error.data) : RpcError.fromErrorObject(error);
}

// Completions can arrive before the waiter asks (the user may finish in the browser while the
// handler is still returning): remember the latest ones, a bounded few.
const REMEMBERED = 256;

/** Tracks `notifications/elicitation/complete` by elicitation id. */
export class ElicitationCompletions {
  private readonly done = new Set<string>();
  private readonly waiters = new Map<string, Set<() => void>>();

  complete(elicitationId: string): void {
    this.done.add(elicitationId);
    if (this.done.size > REMEMBERED) this.done.delete(this.done.values().next().value as string);
    const waiting = this.waiters.get(elicitationId);
    this.waiters.delete(elicitationId);
    for (const resolve of waiting ?? []) resolve();
  }

  /** Resolves when the server reports the elicitation complete; rejects on abort or after `timeoutMs`. */
  wait(elicitationId: string, timeoutMs: number, signal?: AbortSignal): Promise<void> {
    if (this.done.has(elicitationId)) return Promise.resolve();
    if (signal?.aborted === true) return Promise.reject(new McpClientError("aborted", `waiting for elicitation ${elicitationId} was aborted`));
    return new Promise<void>((resolve, reject) => {
      let set = this.waiters.get(elicitationId);
      if (set === undefined) this.waiters.set(elicitationId, (set = new Set()));
      const waiting = set;
      const finish = (outcome: Error | undefined): void => {
        clearTimeout(timer);
        release?.();
        waiting.delete(settle);
        if (waiting.size === 0 && this.waiters.get(elicitationId) === waiting) this.waiters.delete(elicitationId);
        if (outcome === undefined) resolve();
        else reject(outcome);
      };
      const settle = (): void => finish(undefined);
      waiting.add(settle);
      const timer = setTimeout(() => finish(new McpClientError("timeout", `elicitation ${elicitationId} was not reported complete within ${timeoutMs} ms`)), timeoutMs);
      (timer as { unref?: () => void }).unref?.();
      const release = signal === undefined ? undefined : onAbort(signal, () => finish(new McpClientError("aborted", `waiting for elicitation ${elicitationId} was aborted`)));
    });
  }
}

/**
 * Asks the URL handler about each elicitation a -32042 listed; true when the user accepted all
 * of them and the server then reported each complete (so the request may be retried).
 */
export async function settleUrlElicitations(
  error: McpUrlElicitationRequiredError,
  handler: (params: UrlElicitationParams) => Promise<{ action?: unknown }> | { action?: unknown },
  completions: ElicitationCompletions,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<boolean> {
  if (error.elicitations.length === 0) return false;
  for (const elicitation of error.elicitations) {
    const answer = await handler(elicitation);
    if (answer.action !== "accept") return false;
  }
  await Promise.all(error.elicitations.map((e) => completions.wait(e.elicitationId as string, timeoutMs, signal)));
  return true;
}
