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

export interface HttpResponder {
  respond(status: number, headers: Readonly<Record<string, string>>, body?: string): void;
  openStream(headers: Readonly<Record<string, string>>): SseSink;
}
