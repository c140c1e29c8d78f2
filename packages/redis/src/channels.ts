// One subscriber connection shared by every listener of this instance: channels are subscribed
// on first use and unsubscribed when their last listener goes. ioredis re-subscribes them all
// after a reconnect.
import type { Redis } from "ioredis";

export type MessageListener = (message: string) => void;

export class Channels {
  private readonly listeners = new Map<string, Set<MessageListener>>();

  constructor(
    private readonly subscriber: Redis,
    private readonly report: (error: unknown) => void,
  ) {
    subscriber.on("message", (channel: string, message: string) => {
      for (const listener of [...(this.listeners.get(channel) ?? [])]) {
        try {
          listener(message);
        } catch (error) {
          this.report(error);
        }
      }
    });
  }

  /** Resolves once Redis confirmed the subscription (first listener of the channel). */
  listen(channel: string, listener: MessageListener): { ready: Promise<unknown>; stop: () => void } {
    let set = this.listeners.get(channel);
    let ready: Promise<unknown> = Promise.resolve();
    if (!set) {
      this.listeners.set(channel, (set = new Set()));
      ready = this.subscriber.subscribe(channel).catch((error: unknown) => this.report(error));
    }
    set.add(listener);
    const stop = () => {
      const current = this.listeners.get(channel);
      if (!current?.delete(listener) || current.size > 0) return;
      this.listeners.delete(channel);
      this.subscriber.unsubscribe(channel).catch((error: unknown) => this.report(error));
    };
    return { ready, stop };
  }
}
