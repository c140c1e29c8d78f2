// The transport-neutral view of one HTTP exchange. Both adapters (node:http and fetch) implement
// it, so the protocol logic in endpoint.ts is written once and the node path avoids the cost of
// building web Request/Response objects.
import type { AuthInfo } from "../auth/types.js";
import type { SplicedSuccess } from "../core/jsonrpc/serialize.js";
export class BodyTooLargeError extends Error {
  constructor() {
    super("request body too large");
  }
}

/** Reported to onError when an SSE stream is cut because its client stopped reading. */
export class SlowConsumerError extends Error {
  constructor(bufferedBytes: number, limit: number) {
    super(`SSE stream closed: the client left ${bufferedBytes} bytes unread (limit ${limit})`);
    this.name = "SlowConsumerError";
  }
}

export interface HttpRequestView {
  readonly method: string;
  /** Header by lower-case name; repeated headers are joined with ", ". */
  header(name: string): string | undefined;
  /** How many times a header occurs (0 when absent); Host must occur at most once. */
  headerCount(name: string): number;
  /** The peer address, when the adapter knows it (per-client limits key on it). */
  readonly clientAddress: string | undefined;
  /** The request target (path and query), when the adapter knows it: metadata routing, query-token refusal. */
  readonly target?: string;
  /** The verified bearer token (ServerOptions.auth), set by the endpoint before dispatch; adapters leave it unset. */
  readonly auth?: AuthInfo;
  /** Reads the whole body as UTF-8; rejects with BodyTooLargeError past the limit. */
  readBody(limit: number): Promise<string>;
  /**
   * Optional, for adapters that can (node:http): readBody without a promise. `received` runs with
   * the complete body; `failed` with BodyTooLargeError or a read error. What either throws, or a
   * promise `received` returns rejects with, the adapter answers as it answers a rejection of the
   * endpoint's promise (500). PERFORMANCE (issue 10): with it, a request whose handler answers
   * synchronously passes through the endpoint without a single promise.
   */
  readBodyInto?(limit: number, received: (text: string) => Promise<void> | void, failed: (error: unknown) => void): void;
  /** Registers a listener for the client going away before the response finished. */
  onDisconnect(listener: () => void): void;
}

export interface SseSink {
  write(chunk: string): void;
  end(): void;
  readonly closed: boolean;
  /** Called once when the connection closes, by either side. */
  onClose(listener: () => void): void;
}

/** What an adapter gives createSseSink: raw writes plus a view of its unsent bytes. */
export interface SseTransport {
  write(chunk: string): void;
  end(): void;
  /** Drops the connection without flushing (a slow consumer is cut, not drained). */
  destroy(): void;
  /** Bytes written but not yet taken by the peer. */
  bufferedBytes(): number;
}

export interface StreamLimits {
  /** Unsent bytes one SSE stream may hold before it is cut. */
  maxBufferedBytes: number;
  /** Receives the reason a stream was cut. */
  report(error: unknown): void;
}

/**
 * The SseSink both adapters hand out: writes stop once the connection is closed by either side,
 * close listeners run exactly once, and a stream whose peer stops reading is cut once its unsent
 * bytes pass the limit (issue 21 #5: buffering without bound let one client exhaust memory).
 * `markClosed` is for the adapter's own "peer went away" signal.
 */
export function createSseSink(transport: SseTransport, limits: StreamLimits): { sink: SseSink; markClosed: () => void } {
  const listeners: Array<() => void> = [];
  let closed = false;
  const markClosed = (): void => {
    if (closed) return;
    closed = true;
    for (const listener of listeners.splice(0)) listener();
  };
  const sink: SseSink = {
    write(chunk) {
      if (closed) return;
      // Checked before writing, so one message larger than the limit never cuts a reader that
      // keeps up; what a stalled reader costs is bounded by the limit plus one message.
      const buffered = transport.bufferedBytes();
      if (buffered > limits.maxBufferedBytes) {
        transport.destroy();
        markClosed();
        limits.report(new SlowConsumerError(buffered, limits.maxBufferedBytes));
        return;
      }
      transport.write(chunk);
    },
    end() {
      if (!closed) transport.end();
      markClosed();
    },
    get closed() {
      return closed;
    },
    onClose(listener) {
      if (closed) listener();
      else listeners.push(listener);
    },
  };
  return { sink, markClosed };
}

export interface HttpResponder {
  respond(status: number, headers: Readonly<Record<string, string>>, body?: string): void;
  /** Optional: the same as `respond` with the body given as `head`, `bytes` and `tail` (a shared pre-serialized result, node:http). */
  respondSpliced?(status: number, headers: Readonly<Record<string, string>>, body: SplicedSuccess): void;
  openStream(headers: Readonly<Record<string, string>>): SseSink;
}

/** A sink that is already closed: what a guarded writer hands out once an exchange is answered. */
export const CLOSED_SINK: SseSink = Object.freeze({
  write() {},
  end() {},
  closed: true,
  onClose(listener: () => void) {
    listener();
  },
});
