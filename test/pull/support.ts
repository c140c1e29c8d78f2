// Helpers for the pull tests: the built CLI as a child process, and servers started on
// 127.0.0.1 that announce their URL on a line `… listening <url>` (stdout or stderr).
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync } from "node:fs";
import { join, resolve } from "node:path";

export const REPO_ROOT = resolve(import.meta.dirname, "..", "..");
export const CLI = join(REPO_ROOT, "bin", "mcp-gen.js");
export const FIXTURES = join(REPO_ROOT, "test", "pull", "fixtures");

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly ms: number;
}

/** Runs `mcp-gen …` (the built CLI: `npm run build` first). Never rejects. */
export function runCli(args: readonly string[], options: { env?: Record<string, string>; cwd?: string } = {}): Promise<CliRun> {
  const started = Date.now();
  return new Promise((done) => {
    execFile(process.execPath, [CLI, ...args], { cwd: options.cwd ?? REPO_ROOT, env: { ...process.env, ...(options.env ?? {}) }, encoding: "utf8", timeout: 120_000 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof (error as { code?: unknown }).code === "number" ? ((error as { code: number }).code) : 99;
      done({ code, stdout, stderr, ms: Date.now() - started });
    });
  });
}

export interface RunningServer {
  readonly url: string;
  stop(): void;
}

/** Starts `node <args>` and waits for its `listening <url>` line. */
export function startServer(args: readonly string[], env: Record<string, string> = {}): Promise<RunningServer> {
  const child: ChildProcess = spawn(process.execPath, [...args], { cwd: REPO_ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((done, fail) => {
    let seen = "";
    const onData = (chunk: Buffer): void => {
      seen += chunk.toString();
      const match = /listening (?:on )?(http:\/\/\S+)/.exec(seen);
      if (match) done({ url: match[1] as string, stop: () => void child.kill() });
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => fail(new Error(`server ${args.join(" ")} exited with ${String(code)} before listening: ${seen}`)));
  });
}

/**
 * A scratch folder inside the repository (under node_modules/.cache, which git ignores), so
 * that generated packages resolve `@mcp-gen/runtime` and `zod` like any workspace package.
 */
export function scratchDir(label: string): string {
  const base = join(REPO_ROOT, "node_modules", ".cache");
  mkdirSync(base, { recursive: true });
  return mkdtempSync(join(base, `mcp-gen-pull-${label}-`));
}

export function assertBuilt(...paths: string[]): void {
  for (const path of [join(REPO_ROOT, "dist", "generator", "cli.js"), ...paths]) {
    if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm install\` (or npm run build && npm run examples && npm run fixtures) first`);
  }
}
