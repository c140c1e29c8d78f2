// Change notifications as an async iterator, the same for both eras.
//
// Modern [S26:basic/patterns/subscriptions]: one `subscriptions/listen` request whose id
// is the subscription id; the first message is `notifications/subscriptions/acknowledged`
// with the honoured subset; every later notification carries that id in `_meta`; the
// client ends it by closing the stream (HTTP) or `notifications/cancelled` (stdio).
// Legacy: unsolicited `notifications/*/list_changed` plus `resources/subscribe` per URI,
// filtered here to what the caller asked for; the "acknowledgement" is computed from the
// server's advertised capabilities.

import type { JsonRpcNotification } from "../core/jsonrpc/message.js";

export interface SubscriptionFilter {
  toolsListChanged?: boolean;
  promptsListChanged?: boolean;
  resourcesListChanged?: boolean;
  resourceSubscriptions?: string[];
}

const LIST_CHANGED_FLAG: Record<string, keyof SubscriptionFilter> = {
  "notifications/tools/list_changed": "toolsListChanged",
  "notifications/prompts/list_changed": "promptsListChanged",
  "notifications/resources/list_changed": "resourcesListChanged",
};

/** Whether a notification is one the filter asked for. */
export function filterWants(filter: SubscriptionFilter, notification: JsonRpcNotification): boolean {
  const flag = LIST_CHANGED_FLAG[notification.method];
  if (flag !== undefined) return filter[flag] === true;
  if (notification.method === "notifications/resources/updated") {
    const uri = notification.params?.uri;
    return typeof uri === "string" && (filter.resourceSubscriptions ?? []).some((wanted) => uri === wanted || uri.startsWith(wanted));
  }
  return false;
}

/**
 * Parts of an acknowledgement the client never asked for. The ack must be a subset of
 * the request [S26:basic/patterns/subscriptions § Acknowledgement]; anything extra is
 * reported so a misbehaving server is visible, and filtered out on delivery anyway.
 */
export function unrequestedInAck(requested: SubscriptionFilter, acknowledged: SubscriptionFilter): string[] {
  const extra: string[] = [];
  for (const flag of ["toolsListChanged", "promptsListChanged", "resourcesListChanged"] as const) {
    if (acknowledged[flag] === true && requested[flag] !== true) extra.push(flag);
  }
  const wanted = new Set(requested.resourceSubscriptions ?? []);
  for (const uri of acknowledged.resourceSubscriptions ?? []) if (!wanted.has(uri)) extra.push(`resourceSubscriptions:${uri}`);
  return extra;
}

/** The part of `filter` a legacy server can honour, judged by its capabilities. */
export function legacyHonouredFilter(filter: SubscriptionFilter, serverCapabilities: Record<string, unknown>): SubscriptionFilter {
  const bit = (section: string, key: string): boolean => {
    const value = serverCapabilities[section];
    return typeof value === "object" && value !== null && (value as Record<string, unknown>)[key] === true;
  };
  const honoured: SubscriptionFilter = {};
  if (filter.toolsListChanged === true && bit("tools", "listChanged")) honoured.toolsListChanged = true;
  if (filter.promptsListChanged === true && bit("prompts", "listChanged")) honoured.promptsListChanged = true;
  if (filter.resourcesListChanged === true && bit("resources", "listChanged")) honoured.resourcesListChanged = true;
  if ((filter.resourceSubscriptions?.length ?? 0) > 0 && bit("resources", "subscribe")) honoured.resourceSubscriptions = [...(filter.resourceSubscriptions ?? [])];
  return honoured;
}

export class Subscription implements AsyncIterable<JsonRpcNotification> {
  /** Resolves with the filter the server agreed to honour. */
  readonly acknowledged: Promise<SubscriptionFilter>;
  private resolveAck!: (filter: SubscriptionFilter) => void;
  private rejectAck!: (error: Error) => void;
  private readonly queue: JsonRpcNotification[] = [];
  private waiters: Array<(result: IteratorResult<JsonRpcNotification>) => void> = [];
  private ended = false;
  private endError: Error | undefined;
  private readonly onClose: () => Promise<void>;

  constructor(onClose: () => Promise<void>) {
    this.onClose = onClose;
    this.acknowledged = new Promise((resolve, reject) => {
      this.resolveAck = resolve;
      this.rejectAck = reject;
    });
    this.acknowledged.catch(() => undefined);
  }

  acknowledge(filter: SubscriptionFilter): void {
    this.resolveAck(filter);
  }

  push(notification: JsonRpcNotification): void {
    if (this.ended) return;
    const waiter = this.waiters.shift();
    if (waiter !== undefined) waiter({ value: notification, done: false });
    else this.queue.push(notification);
  }

  /** The stream is over (graceful close result, server cancellation, or an error). */
  end(error?: Error): void {
    if (this.ended) return;
    this.ended = true;
    this.endError = error;
    this.rejectAck(error ?? new Error("subscription ended before it was acknowledged"));
    for (const waiter of this.waiters) waiter({ value: undefined, done: true });
    this.waiters = [];
  }

  get closed(): boolean {
    return this.ended;
  }

  /** Error that ended the stream, if it did not end normally. */
  get error(): Error | undefined {
    return this.endError;
  }

  async close(): Promise<void> {
    if (this.ended) return;
    this.end();
    await this.onClose();
  }

  [Symbol.asyncIterator](): AsyncIterator<JsonRpcNotification> {
    return {
      next: () => {
        const queued = this.queue.shift();
        if (queued !== undefined) return Promise.resolve({ value: queued, done: false });
        if (this.ended) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve) => this.waiters.push(resolve));
      },
      return: async () => {
        await this.close();
        return { value: undefined, done: true };
      },
    };
  }
}
