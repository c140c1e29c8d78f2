// In-memory client transport: the client talks to an McpServer in this process, with no port, no
// child process and no file descriptor. It exists for unit tests of handlers (issue 19 #3).
//
// DECISION: the pipe carries newline-delimited JSON through the real stdio serving loop
// (serveStdio over two in-process streams) rather than calling the server's methods directly.
// Every message is serialized and parsed as on a real connection, so a handler returning a value
// that does not survive JSON, a missing capability or an era mismatch fails in the test exactly as
// it would over stdio, and both eras are served the way stdio serves them (2026-07-28
// basic/transports/stdio; 2025-11-25 basic/transports § stdio). The transport reports kind
// "stdio" to the client for the same reason: its framing and era probing are those of stdio.
import { PassThrough } from "node:stream";
import { McpClientError } from "../client/errors.js";
import type { ClientTransport, InboundSink, SendOptions } from "../client/transport/types.js";
import { isResponse, parseMessage, type JsonRpcNotification, type JsonRpcRequest, type JsonRpcResponse, type RequestId } from "../core/jsonrpc/message.js";
import type { McpServer } from "../server/server.js";
import { serveStdio, type StdioConnection } from "../stdio/stdio.js";

interface Pending {
  resolve: (response: JsonRpcResponse) => void;
  reject: (error: Error) => void;
}

let serial = 0;

export class MemoryClientTransport implements ClientTransport {
  readonly kind = "stdio" as const;
  /** Unique per transport: an era verdict cached for one in-memory server says nothing about another. */
  readonly serverKey = `memory:${++serial}`;
  private readonly server: McpServer;
  private sink: InboundSink = () => undefined;
  private readonly pending = new Map<RequestId, Pending>();
  private toServer: PassThrough | undefined;
  private connection: StdioConnection | undefined;
  private closedError: Error | undefined;

  constructor(server: McpServer) {
    this.server = server;
  }

  async start(sink: InboundSink): Promise<void> {
    this.sink = sink;
    this.closedError = undefined;
    const toServer = new PassThrough();
    const fromServer = new PassThrough();
    this.toServer = toServer;
    this.connection = serveStdio(this.server, { input: toServer, output: fromServer });
    let buffer = "";
    fromServer.setEncoding("utf8").on("data", (chunk: string) => {
      buffer += chunk;
      let newline = buffer.indexOf("\n");
      while (newline !== -1) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        if (line.trim() !== "") this.receive(line);
        newline = buffer.indexOf("\n");
      }
    });
  }

  /** A fresh connection to the same server, as a stdio client would spawn a fresh process. */
  async restart(): Promise<void> {
    await this.close();
    await this.start(this.sink);
  }

  private receive(line: string): void {
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
    const toServer = this.toServer;
    if (toServer === undefined) throw new McpClientError("transport-closed", "the in-memory transport is not started");
    toServer.write(`${JSON.stringify(message)}\n`);
  }

  setEra(): void {
    // Like stdio: no era-specific framing.
  }

  handshakeComplete(): void {
    // Like stdio: no headers or sessions.
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

  /** Ends the server's input, as closing a stdio server's stdin does, and waits until it has settled. */
  async close(): Promise<void> {
    const connection = this.connection;
    if (connection === undefined || this.closedError !== undefined) return;
    this.closedError = new McpClientError("transport-closed", "the in-memory transport is closed");
    for (const waiter of this.pending.values()) waiter.reject(this.closedError);
    this.pending.clear();
    this.toServer?.end();
    connection.close();
    await connection.closed;
  }
}

/** A client transport connected in memory to `server` (see connectClient / a generated connect()). */
export function createMemoryTransport(server: McpServer): MemoryClientTransport {
  return new MemoryClientTransport(server);
}
