// Real example servers in child processes, the way a user runs them: `node examples/<name>/start.js`
// with `--stdio` (spawned by the client transport) or `--port 0` (HTTP on 127.0.0.1, an
// ephemeral port the server reports on stderr as `listening <url>`). Reading the reported URL
// instead of picking a port first avoids the race where another process takes the port between
// our probe and the server's bind.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";

export type ExampleName = "notes" | "shop" | "config";

const REPO_ROOT = resolve(import.meta.dirname, "..", "..", "..");

export function exampleStartScript(name: ExampleName): string {
  return resolve(REPO_ROOT, "examples", name, "start.js");
}

/** Fails with the fix when the example's generated package was never built (it is git-ignored). */
export function assertExampleGenerated(name: ExampleName): void {
  const entry = resolve(REPO_ROOT, "examples", name, "generated", "dist", "index.js");
  if (!existsSync(entry)) {
    throw new Error(`examples/${name}/generated is missing: run \`npm run build && npm run examples\` first`);
  }
}

/** Command line for a stdio server; the SDK's StdioClientTransport spawns (and later kills) it. */
export function stdioServerParameters(name: ExampleName): { command: string; args: string[]; cwd: string; stderr: "pipe" } {
  assertExampleGenerated(name);
  return { command: process.execPath, args: [exampleStartScript(name), "--stdio"], cwd: REPO_ROOT, stderr: "pipe" };
}

export interface HttpExampleServer {
  /** The MCP endpoint, e.g. http://127.0.0.1:41234/mcp. */
  readonly url: URL;
  /** Everything the server wrote to stderr so far (for failure messages). */
  stderr(): string;
  /** Stops the process (SIGTERM, then SIGKILL after a grace period) and waits for it to exit. */
  stop(): Promise<void>;
}

export interface HttpExampleOptions {
  /** Extra environment variables for the server (e.g. a fixed MCP_GEN_HANDLE_KEY). */
  readonly env?: Readonly<Record<string, string>>;
  readonly timeoutMs?: number;
}

export async function startHttpExample(name: ExampleName, options: HttpExampleOptions = {}): Promise<HttpExampleServer> {
  assertExampleGenerated(name);
  const timeoutMs = options.timeoutMs ?? 20_000;
  const child = spawn(process.execPath, [exampleStartScript(name), "--port", "0"], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...options.env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.setEncoding("utf8");
  const url = await new Promise<URL>((resolveUrl, reject) => {
    const timer = setTimeout(() => fail(new Error(`examples/${name} did not report a listening URL within ${timeoutMs} ms; stderr:\n${stderr}`)), timeoutMs);
    const onData = (chunk: string): void => {
      stderr += chunk;
      const match = /^listening (\S+)$/m.exec(stderr);
      if (match?.[1] === undefined) return;
      clearTimeout(timer);
      child.stderr.off("data", onData);
      child.off("exit", onExit);
      resolveUrl(new URL(match[1]));
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null): void => {
      fail(new Error(`examples/${name} exited before listening (code ${code}, signal ${signal}); stderr:\n${stderr}`));
    };
    function fail(error: Error): void {
      clearTimeout(timer);
      child.kill("SIGKILL");
      reject(error);
    }
    child.stderr.on("data", onData);
    child.once("exit", onExit);
  });
  child.stderr.on("data", (chunk: string) => {
    stderr += chunk;
  });
  if (url.hostname !== "127.0.0.1") {
    await stopProcess(child);
    throw new Error(`examples/${name} listens on ${url.hostname}, expected 127.0.0.1 only`);
  }
  return { url, stderr: () => stderr, stop: () => stopProcess(child) };
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolveStop) => {
    const killer = setTimeout(() => child.kill("SIGKILL"), 3_000);
    child.once("exit", () => {
      clearTimeout(killer);
      resolveStop();
    });
    child.kill("SIGTERM");
  });
}
