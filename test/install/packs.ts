// One packed set of the publishable packages per vitest run, shared by test/install and
// test/init (they run in separate workers): the first caller packs into a folder under the
// system temp directory and installs the CLI from the tarballs into a fresh "tool" folder there;
// the others wait for it. Nothing lives under the checkout, so nothing there is reachable.
import { execFileSync, spawn, spawnSync, type SpawnSyncReturns } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

export const REPO = resolve(import.meta.dirname, "..", "..");

export interface PackedSet {
  /** Folder of the tarballs. */
  readonly packs: string;
  readonly cliTarball: string;
  readonly runtimeTarball: string;
  /** A project folder with every tarball installed (node_modules/.bin/mcp-gen). */
  readonly tool: string;
  /** Every tarball packed, one per non-private package under packages/. */
  readonly tarballs: readonly string[];
}

/** The vitest main process (parent of every fork worker) identifies the run. */
const RUN_DIR = join(tmpdir(), `mcp-gen-install-${process.ppid}`);

/**
 * The environment of npm and node children: without the npm_* variables of the `npm test` that
 * started us (they name this checkout) and without vitest's own (a scaffold runs its own vitest).
 */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm_package_|npm_lifecycle_|npm_config_local_prefix$|INIT_CWD$|VITEST|NODE_ENV$|TEST$)/.test(key)) continue;
    env[key] = value;
  }
  return { ...env, npm_config_audit: "false", npm_config_fund: "false", npm_config_update_notifier: "false", ...extra };
}

/** Runs npm (or npx) in `cwd`; throws with its output when it fails. */
export function npm(cwd: string, args: string[], options: { env?: Record<string, string>; command?: "npm" | "npx" } = {}): SpawnSyncReturns<string> {
  const run = spawnSync(options.command ?? "npm", args, { cwd, env: cleanEnv(options.env), encoding: "utf8", timeout: 240_000 });
  if (run.status !== 0) throw new Error(`${options.command ?? "npm"} ${args.join(" ")} in ${cwd} exited ${run.status ?? run.signal}:\n${run.stdout}\n${run.stderr}`);
  return run;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Folders of earlier runs whose vitest process has ended (each holds several node_modules). */
function removeFinishedRuns(): void {
  for (const name of readdirSync(tmpdir())) {
    const match = /^mcp-gen-install-(\d+)$/.exec(name);
    const path = join(tmpdir(), name);
    if (match && path !== RUN_DIR && !alive(Number(match[1]))) rmSync(path, { recursive: true, force: true });
  }
}

/** Removes a scaffold a test file made, once it is done with it. */
export function removeProject(dir: string): void {
  if (dir.startsWith(RUN_DIR)) rmSync(dir, { recursive: true, force: true });
}

function build(): PackedSet {
  removeFinishedRuns();
  const packs = join(RUN_DIR, "packs");
  rmSync(packs, { recursive: true, force: true });
  mkdirSync(packs, { recursive: true });
  // The root's own script, as a user runs it: npm pack of each package, prepack included.
  execFileSync(process.execPath, [join(REPO, "packages", "cli", "scripts", "pack-all.js"), packs], { cwd: REPO, env: cleanEnv(), stdio: ["ignore", "pipe", "pipe"] });
  const version = (JSON.parse(readFileSync(join(REPO, "packages", "cli", "package.json"), "utf8")) as { version: string }).version;
  const cliTarball = join(packs, `mcp-gen-${version}.tgz`);
  const runtimeTarball = join(packs, `mcp-gen-runtime-${version}.tgz`);
  const tool = join(RUN_DIR, "tool");
  rmSync(tool, { recursive: true, force: true });
  mkdirSync(tool, { recursive: true });
  writeFileSync(join(tool, "package.json"), `${JSON.stringify({ name: "tool", version: "1.0.0", private: true }, null, 2)}\n`);
  // Every packed package, optional ones included: each must install from its tarball alone.
  const tarballs = readdirSync(packs).filter((f) => f.endsWith(".tgz")).map((f) => join(packs, f));
  npm(tool, ["install", "--save-dev", ...tarballs]);
  return { packs, cliTarball, runtimeTarball, tool, tarballs };
}

let mine: Promise<PackedSet> | undefined;

/** The run's packed set: made by the first caller of any worker, awaited by the rest. */
export function packedSet(): Promise<PackedSet> {
  mine ??= (async () => {
    mkdirSync(tmpdir(), { recursive: true });
    const done = join(RUN_DIR, "done.json");
    const failed = join(RUN_DIR, "failed.txt");
    let owner = false;
    try {
      mkdirSync(RUN_DIR); // atomic: exactly one worker of this run gets to pack
      owner = true;
    } catch {
      // Another worker packs; wait below.
    }
    if (owner) {
      try {
        const set = build();
        writeFileSync(done, JSON.stringify(set));
        return set;
      } catch (error) {
        writeFileSync(failed, String((error as Error).stack ?? error));
        throw error;
      }
    }
    for (let waited = 0; waited < 600_000; waited += 500) {
      if (existsSync(done)) return JSON.parse(readFileSync(done, "utf8")) as PackedSet;
      if (existsSync(failed)) throw new Error(`packing failed in another worker:\n${readFileSync(failed, "utf8")}`);
      await sleep(500);
    }
    throw new Error("timed out waiting for the packed set");
  })();
  return mine;
}

/** Every path under `dir` (node_modules included) that is a symlink, with its target. */
export function symlinksUnder(dir: string): string[] {
  const run = spawnSync("find", [dir, "-type", "l", "-printf", "%p -> %l\n"], { encoding: "utf8" });
  return run.stdout.split("\n").filter(Boolean);
}

/** Starts `npm start` (its own process group) and resolves with the URL it prints; stop() ends the group. */
export async function npmStart(cwd: string): Promise<{ url: string; stop: () => void }> {
  const child = spawn("npm", ["start"], { cwd, env: cleanEnv({ PORT: "0" }), detached: true, stdio: ["ignore", "pipe", "pipe"] });
  const stop = () => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, "SIGTERM");
    } catch {
      // Already gone.
    }
  };
  let output = "";
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start printed no URL within 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      const match = /listening (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolveUrl(match[1]!);
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited ${code}:\n${output}`));
    });
  }).catch((error: unknown) => {
    stop();
    throw error;
  });
  return { url, stop };
}
