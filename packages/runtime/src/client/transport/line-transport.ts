// What every newline-delimited-JSON client transport shares, whatever carries the lines (a child
// process's pipes, two in-process streams): splitting the inbound stream into messages, pairing
// each response with the request that waits for it, and failing every waiter once the pipe is
// gone [S26:basic/transports/stdio; S25:basic/transports § stdio]. A subclass owns the pipe: it
// opens it, writes a line to it, and says when it closed.
import type { Readable } from "node:stream";
import { McpClientError } from "../errors.js";
import { isResponse, parseMessage, type JsonRpcNotification, type JsonRpcRequest, type JsonRpcResponse, type RequestId } from "../../core/jsonrpc/message.js";
import type { ClientTransport, InboundSink, SendOptions } from "./types.js";

interface Pending {
  resolve: (response: JsonRpcResponse) => void;
  reject: (error: Error) => void;
}

export abstract class LineClientTransport implements ClientTransport {
  readonly kind = "stdio" as const;
  abstract readonly serverKey: string;
  abstract start(sink: InboundSink): Promise<void>;
  abstract close(): Promise<void>;
  protected sink: InboundSink = () => undefined;
  /** Set once the pipe is gone: every later write throws it. */
  protected closedError: Error | undefined;
  private readonly pending = new Map<RequestId, Pending>();

  /** Writes one serialized message to the pipe; throws if the pipe is not open. */
  protected abstract writeLine(line: string): void;

  /** Feeds `stream` to receive() one line at a time; blank lines are skipped, a trailing CR dropped. */
  protected readLines(stream: Readable | null | undefined): void {
    let buffer = "";
    stream?.setEncoding("utf8").on("data", (chunk: string) => {
      buffer += chunk;
      let newline = buffer.indexOf("\n");
      while (newline !== -1) {
        const line = buffer.slice(0, newline).replace(/\r$/, "");
        buffer = buffer.slice(newline + 1);
        if (line.trim() !== "") this.receive(line);
        newline = buffer.indexOf("\n");
      }
    });
  }

  /** The pipe is gone: later writes throw `error`, and every request still waiting fails with it. */
  protected closeWith(error: Error): void {
    this.closedError = error;
    for (const waiter of this.pending.values()) waiter.reject(error);
    this.pending.clear();
  }

  private receive(line: string): void {
    // A line that is not JSON-RPC is ignored rather than fatal (some servers print banners by mistake).
    const message = parseMessage(line);
    if (message === null) return;
    if (isResponse(message) && message.id !== undefined && message.id !== null) {
      const waiter = this.pending.get(message.id);
      this.pending.delete(message.id);
      // No waiter: a late answer to a cancelled request, which the spec says to ignore.
      waiter?.resolve(message);
      return;
    }
    this.sink(message);
  }

  private write(message: unknown): void {
    if (this.closedError !== undefined) throw this.closedError;
    this.writeLine(`${JSON.stringify(message)}\n`);
  }

  setEra(): void {
    // No era-specific framing on a line transport.
  }

  handshakeComplete(): void {
    // No headers or sessions on a line transport.
  }

  request(message: JsonRpcRequest, options?: SendOptions): Promise<JsonRpcResponse> {
    return new Promise<JsonRpcResponse>((resolve, reject) => {
      const signal = options?.signal;
      if (signal?.aborted) return reject(new McpClientError("aborted", "request aborted"));
      const onAbort = (): void => {
        this.pending.delete(message.id);
        reject(new McpClientError("aborted", "request aborted"));
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      const settle = () => signal?.removeEventListener("abort", onAbort);
      this.pending.set(message.id, {
        resolve: (response) => (settle(), resolve(response)),
        reject: (error) => (settle(), reject(error)),
      });
      try {
        this.write(message);
      } catch (error) {
        this.pending.delete(message.id);
        settle();
        reject(error as Error);
      }
    });
  }

  async notify(message: JsonRpcNotification): Promise<void> {
    this.write(message);
  }

  async respond(message: JsonRpcResponse): Promise<void> {
    this.write(message);
  }
}
