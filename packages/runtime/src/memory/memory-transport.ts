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
import { LineClientTransport } from "../client/transport/line-transport.js";
import type { InboundSink } from "../client/transport/types.js";
import type { McpServer } from "../server/server.js";
import { serveStdio, type StdioConnection } from "../stdio/stdio.js";

let serial = 0;

export class MemoryClientTransport extends LineClientTransport {
  /** Unique per transport: an era verdict cached for one in-memory server says nothing about another. */
  readonly serverKey = `memory:${++serial}`;
  private readonly server: McpServer;
  private toServer: PassThrough | undefined;
  private connection: StdioConnection | undefined;

  constructor(server: McpServer) {
    super();
    this.server = server;
  }

  async start(sink: InboundSink): Promise<void> {
    this.sink = sink;
    this.closedError = undefined;
    const toServer = new PassThrough();
    const fromServer = new PassThrough();
    this.toServer = toServer;
    this.connection = serveStdio(this.server, { input: toServer, output: fromServer });
    this.readLines(fromServer);
  }

  /** A fresh connection to the same server, as a stdio client would spawn a fresh process. */
  async restart(): Promise<void> {
    await this.close();
    await this.start(this.sink);
  }

  protected writeLine(line: string): void {
    const toServer = this.toServer;
    if (toServer === undefined) throw new McpClientError("transport-closed", "the in-memory transport is not started");
    toServer.write(line);
  }

  /** Ends the server's input, as closing a stdio server's stdin does, and waits until it has settled. */
  async close(): Promise<void> {
    const connection = this.connection;
    if (connection === undefined || this.closedError !== undefined) return;
    this.closeWith(new McpClientError("transport-closed", "the in-memory transport is closed"));
    this.toServer?.end();
    connection.close();
    await connection.closed;
  }
}

/** A client transport connected in memory to `server` (see connectClient / a generated connect()). */
export function createMemoryTransport(server: McpServer): MemoryClientTransport {
  return new MemoryClientTransport(server);
}
