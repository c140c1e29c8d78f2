// One run of the official conformance suite's server leg, and the scenario lists the fixtures are
// held to. Shared by test/conformance/server.test.ts (node:http and fetch adapters) and
// test/runtimes/ (Bun, Deno, workerd), so the lists and the parsing of the suite's output have one
// home.
import { execFile } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
// @ts-expect-error plain JS helper without declarations
import { summarizeResults } from "./summarize.mjs";

const run = promisify(execFile);
const root = resolve(import.meta.dirname, "../..");
const cli = join(root, "node_modules/@modelcontextprotocol/conformance/dist/index.js");
const preload = join(root, "test/conformance/cli-preload.mjs");

export interface Row {
  scenario: string;
  strict: boolean;
  problems: string[];
}

/** The tasks extension's scenarios (unscored: an extension), held to the same strict verdict. */
export const TASK_SCENARIOS = [
  "tasks-lifecycle",
  "tasks-capability-negotiation",
  "tasks-wire-fields",
  "tasks-request-state-removal",
  "tasks-mrtr-input",
  "tasks-request-headers",
  "tasks-dispatch-and-envelope",
  "tasks-required-task-error",
  "tasks-mrtr-composition",
] as const;

/** Unscored 2026-07-28 HTTP scenarios every fixture must pass as well. */
export const EXTRA_HTTP_SCENARIOS = ["json-schema-2020-12", "http-header-validation", "http-custom-header-server-validation"] as const;

/** Runs `--requirements <revision>` against `url`; rows per scenario (summarize.mjs) and the unscored names. */
export async function runServerLeg(url: string, outDir: string, revision: string): Promise<{ rows: Row[]; notScored: string[]; stdout: string }> {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  let stdout = "";
  try {
    ({ stdout } = await run(process.execPath, ["--import", preload, cli, "server", "--url", url, "--requirements", revision, "-o", outDir], {
      cwd: root,
      maxBuffer: 32 * 1024 * 1024,
    }));
  } catch (error) {
    stdout = (error as { stdout?: string }).stdout ?? "";
  }
  const notScoredBlock = stdout.split(/Not scored for/)[1] ?? "";
  const notScored = [...notScoredBlock.matchAll(/^\s+[✓✗] (\S+) \(/gm)].map((m) => m[1] as string);
  return { rows: summarizeResults(outDir) as Row[], notScored, stdout };
}
