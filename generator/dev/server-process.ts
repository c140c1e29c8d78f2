// The server child of `mcp-gen dev`: started with the same `--port` every time, ready when it
// prints `listening <url>` (what serveFromArgv writes to stderr), stopped with SIGTERM (which
// serveFromArgv turns into a clean close), killed only when it does not exit in time.
import { type ChildProcess, spawn } from "node:child_process";
import type { ServerLaunch } from "./entry.js";

export interface ServerEvents {
  /** A line the server wrote (stdout or stderr), forwarded to the terminal. */
  readonly onLine: (line: string) => void;
  /** The server exited without being asked to (a crash, or its own exit). */
  readonly onCrash: (code: number | null, signal: NodeJS.Signals | null) => void;
}

export type StartResult = { readonly ok: true; readonly url: string; readonly ms: number } | { readonly ok: false; readonly ms: number };

/** How long a stopping server may take to close its connections before SIGKILL. */
const STOP_GRACE_MS = 3000;
const LISTENING = /^listening (\S+)/;

export class ServerProcess {
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  private stopping = false;

  constructor(
    private readonly launch: ServerLaunch,
    private readonly serverArgs: readonly string[],
    private readonly events: ServerEvents,
  ) {}

  get running(): boolean {
    return this.child !== undefined;
  }

  /** Starts the server; resolves once it listens, or fails when it exits first. */
  start(): Promise<StartResult> {
    const started = performance.now();
    this.stopping = false;
    const child = spawn(this.launch.command, [...this.launch.args, ...this.serverArgs], {
      cwd: this.launch.cwd,
      // Same process group as mcp-gen dev: if dev itself is killed hard, a Ctrl-C still reaches the server.
      stdio: ["ignore", "pipe", "pipe"],
      env: process.env,
    });
    this.child = child;
    return new Promise<StartResult>((resolveStart) => {
      let settled = false;
      const settle = (result: StartResult) => {
        if (!settled) {
          settled = true;
          resolveStart(result);
        }
      };
      const forward = (stream: NodeJS.ReadableStream) => {
        let buffered = "";
        stream.setEncoding("utf8");
        stream.on("data", (chunk: string) => {
          buffered += chunk;
          const lines = buffered.split("\n");
          buffered = lines.pop() ?? "";
          for (const line of lines) {
            this.events.onLine(line);
            const url = LISTENING.exec(line)?.[1];
            if (url !== undefined) settle({ ok: true, url, ms: performance.now() - started });
          }
        });
        stream.on("end", () => {
          if (buffered !== "") this.events.onLine(buffered);
        });
      };
      forward(child.stdout!);
      forward(child.stderr!);
      this.exited = new Promise<void>((resolveExit) => {
        child.once("exit", (code, signal) => {
          if (this.child === child) this.child = undefined;
          if (!this.stopping) this.events.onCrash(code, signal);
          settle({ ok: false, ms: performance.now() - started });
          resolveExit();
        });
        child.once("error", (err) => {
          // spawn itself failed (e.g. the node binary vanished): reported like a crash.
          this.events.onLine(`cannot start the server: ${err.message}`);
          if (this.child === child) this.child = undefined;
          settle({ ok: false, ms: performance.now() - started });
          resolveExit();
        });
      });
    });
  }

  /** Stops the server (SIGTERM, then SIGKILL after a grace period); resolves once it has exited. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.stopping = true;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
    await this.exited;
    clearTimeout(timer);
  }
}
