// Which server `mcp-gen dev` starts, and how.
//
// DECISION RECORD — THE ENTRY. The server is the project's own start file, the one that calls
// `serveFromArgv` (it reads `--port`, so the dev loop can keep the port across restarts). Unless
// `--entry` names it, the first existing file of: package.json `main`, src/server.ts (the
// TypeScript scaffold of `mcp-gen init`), server.ts, src/server.js, server.js, start.js (the
// `--js` scaffold and the examples), index.js — relative to the manifest's folder. A `.ts` entry
// runs under tsx (`node --import tsx`, resolved from the project: the scaffold depends on it);
// Node 20 cannot run TypeScript by itself, so without tsx it is MCPGEN0602. JavaScript runs on
// the same node binary as mcp-gen.
import { existsSync, readFileSync } from "node:fs";
import { dirname, extname, join, relative, resolve } from "node:path";
import { UserError } from "../errors.js";

export const DEFAULT_ENTRIES = ["src/server.ts", "server.ts", "src/server.js", "server.js", "start.js", "index.js"] as const;

const TYPESCRIPT = new Set([".ts", ".mts", ".cts"]);

export interface ServerLaunch {
  /** Absolute path of the entry file. */
  readonly entry: string;
  /** The folder the server runs in (the manifest's folder). */
  readonly cwd: string;
  /** Program and arguments before the server's own (`--port N`). */
  readonly command: string;
  readonly args: readonly string[];
  /** How the entry runs, for the start-up banner: "node" or "tsx". */
  readonly runner: "node" | "tsx";
  /** tsx's CLI script, for the stdio command line of a TypeScript entry. */
  readonly tsxCli?: string;
}

function mainOf(projectDir: string): string | undefined {
  try {
    const pkg = JSON.parse(readFileSync(join(projectDir, "package.json"), "utf8")) as { main?: unknown };
    return typeof pkg.main === "string" ? pkg.main : undefined;
  } catch {
    return undefined;
  }
}

/** Finds the entry (explicit, else the defaults above) and the command that runs it. */
export function resolveLaunch(projectDir: string, explicit?: string): ServerLaunch {
  let entry: string | undefined;
  if (explicit !== undefined) {
    entry = resolve(explicit);
    if (!existsSync(entry)) throw new UserError("MCPGEN0601", `the server entry ${explicit} does not exist`, "pass --entry <file>: the file that calls serveFromArgv");
  } else {
    const main = mainOf(projectDir);
    const candidates = [...(main ? [main] : []), ...DEFAULT_ENTRIES].map((file) => join(projectDir, file));
    entry = candidates.find((file) => existsSync(file));
    if (!entry) {
      throw new UserError(
        "MCPGEN0601",
        `no server entry in ${projectDir} (looked for ${[...(main ? [main] : []), ...DEFAULT_ENTRIES].join(", ")})`,
        "pass --entry <file>: the file that calls serveFromArgv",
      );
    }
  }
  if (!TYPESCRIPT.has(extname(entry))) return { entry, cwd: projectDir, command: process.execPath, args: [entry], runner: "node" };
  const tsx = findTsxCli(projectDir);
  if (!tsx) {
    throw new UserError(
      "MCPGEN0602",
      `${relative(process.cwd(), entry) || entry} is TypeScript and tsx is not installed in ${projectDir}`,
      "run `npm install -D tsx` there (the mcp-gen init scaffold lists it), or pass --entry with a .js file",
    );
  }
  // `--import tsx` is resolved from the child's working folder, the project (one process, no tsx CLI in between).
  return { entry, cwd: projectDir, command: process.execPath, args: ["--import", "tsx", entry], runner: "tsx", tsxCli: tsx };
}

/** tsx's CLI script, found the way node resolves the package from the project (node_modules upwards). */
function findTsxCli(projectDir: string): string | undefined {
  for (let dir = resolve(projectDir); ; dir = dirname(dir)) {
    const pkgDir = join(dir, "node_modules", "tsx");
    try {
      const pkg = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8")) as { bin?: unknown };
      const bin = typeof pkg.bin === "string" ? pkg.bin : typeof pkg.bin === "object" && pkg.bin !== null ? (pkg.bin as Record<string, unknown>)["tsx"] : undefined;
      if (typeof bin === "string") return join(pkgDir, bin);
    } catch {
      // not here: look one folder up
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/** The stdio command line a client configuration can run (absolute paths: clients start it from anywhere). */
export function stdioCommandLine(launch: ServerLaunch): string {
  const quote = (text: string) => (/^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`);
  const runner = launch.tsxCli ? ["node", launch.tsxCli, launch.entry] : ["node", launch.entry];
  return [...runner, "--stdio"].map(quote).join(" ");
}
