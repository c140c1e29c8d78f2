// The transport-neutral view of one HTTP exchange. Both adapters (node:http and fetch) implement
// it, so the protocol logic in endpoint.ts is written once and the node path avoids the cost of
// building web Request/Response objects.
export class BodyTooLargeError extends Error {
  constructor() {
    super("request body too large");
  }
}

export interface HttpRequestView {
  readonly method: string;
  /** Header by lower-case name; repeated headers are joined with ", ". */
  header(name: string): string | undefined;
  /** Reads the whole body as UTF-8; rejects with BodyTooLargeError past the limit. */
  readBody(limit: number): Promise<string>;
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

/**
 * The SseSink both adapters hand out: writes stop once the connection is closed by either side,
 * and close listeners run exactly once. `markClosed` is for the adapter's own "peer went away" signal.
 */
export function createSseSink(write: (chunk: string) => void, end: () => void): { sink: SseSink; markClosed: () => void } {
  const listeners: Array<() => void> = [];
  let closed = false;
  const markClosed = (): void => {
    if (closed) return;
    closed = true;
    for (const listener of listeners.splice(0)) listener();
  };
  const sink: SseSink = {
    write(chunk) {
      if (!closed) write(chunk);
    },
    end() {
      if (!closed) end();
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
  openStream(headers: Readonly<Record<string, string>>): SseSink;
}
