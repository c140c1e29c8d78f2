// stdio transport: spawn the server and exchange newline-delimited JSON-RPC
// [S26:basic/transports/stdio; S25:basic/transports § stdio].
//
// stdout carries only MCP messages; a line that is not JSON-RPC is ignored rather than
// fatal (some servers print banners by mistake). stderr is passed through or captured,
// never treated as an error signal. Shutdown follows the spec: close stdin, wait, then
// SIGTERM, then SIGKILL.

import { spawn, type ChildProcess } from "node:child_process";
import { McpClientError } from "../errors.js";
import { isResponse, parseMessage, type JsonRpcNotification, type JsonRpcRequest, type JsonRpcResponse, type RequestId } from "../../core/jsonrpc/message.js";
import type { ClientTransport, InboundSink, SendOptions } from "./types.js";

export interface StdioTransportOptions {
  command: string;
  args?: string[];
  env?: Record<string, string | undefined>;
  cwd?: string;
  /** "inherit" (default) shows server logs; "pipe" hands them to onStderr. */
  stderr?: "inherit" | "pipe" | "ignore";
  onStderr?: (chunk: string) => void;
  /** How long close() waits after closing stdin before signalling (ms). */
  shutdownGraceMs?: number;
}

interface Pending {
  resolve: (response: JsonRpcResponse) => void;
  reject: (error: Error) => void;
}

export class StdioClientTransport implements ClientTransport {
  readonly kind = "stdio" as const;
  readonly serverKey: string;
  private readonly options: StdioTransportOptions;
  private child: ChildProcess | undefined;
  private sink: InboundSink = () => undefined;
  private readonly pending = new Map<RequestId, Pending>();
  private exited: Promise<void> = Promise.resolve();
  private exitError: Error | undefined;

  constructor(options: StdioTransportOptions) {
    this.options = options;
    this.serverKey = `stdio:${[options.command, ...(options.args ?? [])].join(" ")}`;
  }

  /**
   * Start a fresh server process after the previous one exited. Used by era probing:
   * some legacy stdio servers exit on any request before `initialize`, and a server that
   * died on `server/discover` is a legacy server, not an outage.
   */
  async restart(): Promise<void> {
    await this.close();
    this.exitError = undefined;
    await this.start(this.sink);
  }

  async start(sink: InboundSink): Promise<void> {
    this.sink = sink;
    const child = spawn(this.options.command, this.options.args ?? [], {
      cwd: this.options.cwd,
      env: { ...process.env, ...(this.options.env ?? {}) },
      stdio: ["pipe", "pipe", this.options.stderr ?? "inherit"],
    });
    this.child = child;
    this.exited = new Promise((resolve) => {
      child.once("close", (code, signal) => {
        this.exitError = new McpClientError("transport-closed", `server process exited (code ${code ?? "none"}, signal ${signal ?? "none"})`);
        for (const waiter of this.pending.values()) waiter.reject(this.exitError);
        this.pending.clear();
        resolve();
      });
    });
    await new Promise<void>((resolve, reject) => {
      child.once("spawn", () => resolve());
      child.once("error", (error) => reject(new McpClientError("transport-closed", `cannot start ${this.options.command}: ${error.message}`, { cause: error })));
    });
    child.stdin?.on("error", () => undefined); // EPIPE after the server exits is reported through "close"
    if (this.options.stderr === "pipe") child.stderr?.setEncoding("utf8").on("data", (chunk: string) => this.options.onStderr?.(chunk));
    let buffer = "";
    child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
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

  private receive(line: string): void {
    const message = parseMessage(line);
    if (message === null) return;
    if (isResponse(message) && message.id !== undefined && message.id !== null) {
      const waiter = this.pending.get(message.id);
      if (waiter !== undefined) {
        this.pending.delete(message.id);
        waiter.resolve(message);
        return;
      }
      // A late answer to a cancelled request: the spec says to ignore it.
      return;
    }
    this.sink(message);
  }

  private write(message: unknown): void {
    if (this.exitError !== undefined) throw this.exitError;
    const stdin = this.child?.stdin;
    if (stdin === undefined || stdin === null || stdin.destroyed) throw new McpClientError("transport-closed", "server stdin is closed");
    stdin.write(`${JSON.stringify(message)}\n`);
  }

  setEra(): void {
    // stdio has no era-specific framing.
  }

  handshakeComplete(): void {
    // No headers or sessions on stdio.
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
      this.pending.set(message.id, {
        resolve: (response) => {
          signal?.removeEventListener("abort", onAbort);
          resolve(response);
        },
        reject: (error) => {
          signal?.removeEventListener("abort", onAbort);
          reject(error);
        },
      });
      try {
        this.write(message);
      } catch (error) {
        this.pending.delete(message.id);
        signal?.removeEventListener("abort", onAbort);
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

  async close(): Promise<void> {
    const child = this.child;
    if (child === undefined || this.exitError !== undefined) return;
    child.stdin?.end();
    const grace = this.options.shutdownGraceMs ?? 2000;
    const timedOut = (ms: number): Promise<boolean> => Promise.race([this.exited.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), ms).unref())]);
    if (await timedOut(grace)) {
      child.kill("SIGTERM");
      if (await timedOut(grace)) child.kill("SIGKILL");
    }
    await this.exited;
  }
}

export function createStdioTransport(options: StdioTransportOptions): StdioClientTransport {
  return new StdioClientTransport(options);
}
