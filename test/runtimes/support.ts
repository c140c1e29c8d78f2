// Shared by the runtime tests: the runtime binaries the dev dependencies install, starting a
// fixture process and waiting for its URL, and one conformance server leg with its STRICT verdict
// (the same summarizer and rules as test/conformance/server.test.ts).
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { join, resolve } from "node:path";
import { runServerLeg, type Row } from "../conformance/server-leg.js";

export const root = resolve(import.meta.dirname, "../..");
export const tmpRoot = join(root, "test/.tmp/runtimes");

/** The runtimes' own binaries, from their npm packages (devDependencies; no global install). */
export const BIN = {
  bun: join(root, "node_modules/bun/bin/bun.exe"),
  deno: join(root, "node_modules/deno/deno"),
  workerd: join(root, "node_modules/workerd/bin/workerd"),
} as const;

/** Deno's permissions for the entries: loopback sockets, the repository's files, the environment. */
export const DENO_RUN = ["run", "--quiet", "--allow-net=127.0.0.1", `--allow-read=${root}`, "--allow-env"];

export function entry(name: string): string {
  return join(root, "test/runtimes/entries", name);
}

/** A port free right now on 127.0.0.1 (for workerd, whose config names a fixed address). */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolvePort(address.port) : reject(new Error("no port"))));
    });
  });
}

export interface Started {
  readonly child: ChildProcess;
  readonly url: string;
  stderr(): string;
  stop(): Promise<void>;
}

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      const kill = setTimeout(() => child.kill("SIGKILL"), 3000);
      child.once("exit", () => {
        clearTimeout(kill);
        done();
      });
      child.kill("SIGTERM");
    });
}

/** Spawns an entry that prints "listening on <url>" and resolves with that URL. */
export function startListening(command: string, args: string[], timeoutMs = 30_000): Promise<Started> {
  const child = spawn(command, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NO_COLOR: "1" } });
  let stderr = "";
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  return new Promise((resolveStarted, reject) => {
    let seen = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${command} did not listen within ${timeoutMs} ms: ${stderr}`));
    }, timeoutMs);
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      seen += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(seen);
      if (!match?.[1]) return;
      clearTimeout(timer);
      resolveStarted({ child, url: match[1], stderr: () => stderr, stop: stopper(child) });
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited with ${code} before listening: ${stderr}`));
    });
  });
}

/** Spawns a server that prints nothing when ready (workerd) and polls `url` until it answers. */
export async function startPolling(command: string, args: string[], url: string, cwd: string, timeoutMs = 30_000): Promise<Started> {
  const child = spawn(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  child.stdout!.resume();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command} exited with ${child.exitCode}: ${stderr}`);
    try {
      await fetch(url, { method: "GET" });
      return { child, url, stderr: () => stderr, stop: stopper(child) };
    } catch {
      if (Date.now() > deadline) {
        child.kill("SIGKILL");
        throw new Error(`${command} did not answer ${url} within ${timeoutMs} ms: ${stderr}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** One run of the official suite's server leg (test/conformance/server-leg.ts); rows, and the scored ones. */
export async function conformanceLeg(url: string, label: string, revision: string): Promise<{ scored: Row[]; rows: Row[] }> {
  const { rows, notScored } = await runServerLeg(url, join(tmpRoot, "conformance", label, revision), revision);
  return { rows, scored: rows.filter((row) => !notScored.includes(row.scenario)) };
}
