// stdio transport: spawn the server and exchange newline-delimited JSON-RPC
// [S26:basic/transports/stdio; S25:basic/transports § stdio].
//
// stdout carries only MCP messages; a line that is not JSON-RPC is ignored rather than
// fatal (some servers print banners by mistake). stderr is passed through or captured,
// never treated as an error signal. Shutdown follows the spec: close stdin, wait, then
// SIGTERM, then SIGKILL.

import type { ChildProcess } from "node:child_process";
import { McpClientError } from "../errors.js";
import type { InboundSink } from "./types.js";
import { LineClientTransport } from "./line-transport.js";

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

export class StdioClientTransport extends LineClientTransport {
  readonly serverKey: string;
  private readonly options: StdioTransportOptions;
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();

  constructor(options: StdioTransportOptions) {
    super();
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
    this.closedError = undefined;
    await this.start(this.sink);
  }

  async start(sink: InboundSink): Promise<void> {
    this.sink = sink;
    // Imported here, not at the top: ./node is loaded by every server start, which spawns nothing.
    const { spawn } = await import("node:child_process");
    const child = spawn(this.options.command, this.options.args ?? [], {
      cwd: this.options.cwd,
      env: { ...process.env, ...(this.options.env ?? {}) },
      stdio: ["pipe", "pipe", this.options.stderr ?? "inherit"],
    });
    this.child = child;
    this.exited = new Promise((resolve) => {
      child.once("close", (code, signal) => {
        this.closeWith(new McpClientError("transport-closed", `server process exited (code ${code ?? "none"}, signal ${signal ?? "none"})`));
        resolve();
      });
    });
    await new Promise<void>((resolve, reject) => {
      child.once("spawn", () => resolve());
      child.once("error", (error) => reject(new McpClientError("transport-closed", `cannot start ${this.options.command}: ${error.message}`, { cause: error })));
    });
    child.stdin?.on("error", () => undefined); // EPIPE after the server exits is reported through "close"
    if (this.options.stderr === "pipe") child.stderr?.setEncoding("utf8").on("data", (chunk: string) => this.options.onStderr?.(chunk));
    this.readLines(child.stdout);
  }

  protected writeLine(line: string): void {
    const stdin = this.child?.stdin;
    if (stdin === undefined || stdin === null || stdin.destroyed) throw new McpClientError("transport-closed", "server stdin is closed");
    stdin.write(line);
  }

  async close(): Promise<void> {
    const child = this.child;
    if (child === undefined || this.closedError !== undefined) return;
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
