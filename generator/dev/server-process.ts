// The server child of `mcp-gen dev`: started with the same `--port` every time, ready when it
// prints `listening <url>` (what serveFromArgv writes to stderr), stopped with SIGTERM (which
// serveFromArgv turns into a clean close), killed only when it does not exit in time.
//
// DECISION RECORD — A STANDBY CHILD. Booting node and importing the runtime and zod is most of a
// restart. Each child is spawned ahead of time as a standby (standby-runner.ts) that has done
// that much and waits; a restart stops the old server (freeing the port) and tells the standby to
// import the entry, then spawns the next standby once the new server listens. The standby never
// imported the generated package or the handlers, so it always runs what is on disk at "go".
import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
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
const RUNNER = join(dirname(fileURLToPath(import.meta.url)), "standby-runner.js");
/** What a generated server imports that does not change while dev runs. */
const PRELOADS = ["@mcp-gen/runtime/node", "@mcp-gen/runtime/server", "@mcp-gen/runtime/client", "zod"];

interface Child {
  readonly process: ChildProcess;
  readonly exited: Promise<void>;
  /** Set while this child is the live server; a standby's lines and exit are its own business. */
  live: boolean;
  stopping: boolean;
  onListening?: (url: string) => void;
  onExit?: () => void;
}

/** The preloads resolved the way the project resolves them (skipping any it does not have). */
function preloadUrls(projectDir: string): string[] {
  const require = createRequire(join(projectDir, "package.json"));
  return PRELOADS.flatMap((specifier) => {
    try {
      return [pathToFileURL(require.resolve(specifier)).href];
    } catch {
      return [];
    }
  });
}

export class ServerProcess {
  private current: Child | undefined;
  private standby: Child | undefined;
  private readonly preloads: string[];

  constructor(
    private readonly launch: ServerLaunch,
    private readonly serverArgs: readonly string[],
    private readonly events: ServerEvents,
  ) {
    this.preloads = preloadUrls(launch.cwd);
  }

  get running(): boolean {
    return this.current !== undefined;
  }

  private spawnChild(): Child {
    // The launch's own node flags (e.g. --import tsx) come first, then the runner in place of the entry.
    const nodeFlags = this.launch.args.slice(0, -1);
    const child = spawn(this.launch.command, [...nodeFlags, RUNNER, this.launch.entry, ...this.preloads, "--", ...this.serverArgs], {
      cwd: this.launch.cwd,
      // Same process group as mcp-gen dev, so a Ctrl-C in the terminal reaches the server too.
      stdio: ["ignore", "pipe", "pipe", "ipc"],
      env: process.env,
    });
    let resolveExit!: () => void;
    const record: Child = { process: child, exited: new Promise<void>((r) => (resolveExit = r)), live: false, stopping: false };
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
          if (url !== undefined) record.onListening?.(url);
        }
      });
      stream.on("end", () => {
        if (buffered !== "") this.events.onLine(buffered);
      });
    };
    forward(child.stdout!);
    forward(child.stderr!);
    const finish = () => {
      if (this.current === record) this.current = undefined;
      if (this.standby === record) this.standby = undefined;
      record.onExit?.();
      resolveExit();
    };
    child.once("exit", (code, signal) => {
      if (record.live && !record.stopping) this.events.onCrash(code, signal);
      finish();
    });
    child.once("error", (err) => {
      this.events.onLine(`cannot start the server: ${err.message}`);
      finish();
    });
    return record;
  }

  /** Spawns the next standby (after a start, off the critical path). */
  prepare(): void {
    if (!this.standby) this.standby = this.spawnChild();
  }

  /** Starts the server from the standby (or a fresh child); resolves once it listens, or fails when it exits first. */
  start(): Promise<StartResult> {
    const started = performance.now();
    const child = this.standby ?? this.spawnChild();
    this.standby = undefined;
    this.current = child;
    child.live = true;
    return new Promise<StartResult>((resolveStart) => {
      child.onListening = (url) => {
        child.onListening = undefined;
        resolveStart({ ok: true, url, ms: performance.now() - started });
      };
      child.onExit = () => resolveStart({ ok: false, ms: performance.now() - started });
      child.process.send("go", (err) => {
        if (err) child.process.kill("SIGKILL"); // the standby died meanwhile: reported through onExit
      });
    });
  }

  /** Stops the live server (SIGTERM, then SIGKILL after a grace period); resolves once it has exited. */
  async stop(): Promise<void> {
    const child = this.current;
    if (!child) return;
    child.stopping = true;
    child.process.kill("SIGTERM");
    const timer = setTimeout(() => child.process.kill("SIGKILL"), STOP_GRACE_MS);
    await child.exited;
    clearTimeout(timer);
  }

  /** Stops the live server and the standby. */
  async close(): Promise<void> {
    const standby = this.standby;
    this.standby = undefined;
    if (standby) {
      standby.process.kill("SIGTERM");
      await standby.exited;
    }
    await this.stop();
  }
}
