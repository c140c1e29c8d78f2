// The official conformance suite (client leg) against the fixture client built on the
// runtime client. One CLI run per scored non-auth scenario; the verdict is read from the
// result files the CLI writes (checks.json), not from its exit code, and is strict: no
// FAILURE, no WARNING, and at least one SUCCESS (a run with no checks proves nothing).

import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const launcher = path.join(root, "test/conformance/client.sh");
const cli = path.join(root, "node_modules/@modelcontextprotocol/conformance/dist/index.js");
const outRoot = path.join(root, "test/.tmp/conformance-client");
// The project's own preload (Node 20 fs hook + loopback-only mock servers); the shared
// reference copy only if the project's is missing.
const preload = [path.join(root, "test/conformance/cli-preload.mjs"), "/work/shared/conformance/preload.mjs"].find((p) => existsSync(p));

const SCENARIOS: Array<[scenario: string, revision: string]> = [
  ["tools_call", "2026-07-28"],
  ["request-metadata", "2026-07-28"],
  ["sep-2322-client-request-state", "2026-07-28"],
  ["http-standard-headers", "2026-07-28"],
  ["http-custom-headers", "2026-07-28"],
  ["http-invalid-tool-headers", "2026-07-28"],
  ["json-schema-ref-no-deref", "2026-07-28"],
  ["initialize", "2025-11-25"],
  ["tools_call", "2025-11-25"],
  ["elicitation-sep1034-client-defaults", "2025-11-25"],
  ["sse-retry", "2025-11-25"],
  // A representative slice of the scored auth/* scenarios (the full sets run with --requirements).
  ["auth/metadata-default", "2025-11-25"],
  ["auth/pre-registration", "2025-11-25"],
  ["auth/basic-cimd", "2025-11-25"],
  ["auth/scope-step-up", "2026-07-28"],
  ["auth/token-endpoint-auth-basic", "2026-07-28"],
  ["auth/resource-mismatch", "2026-07-28"],
  ["auth/iss-wrong-issuer", "2026-07-28"],
  ["auth/authorization-server-migration", "2026-07-28"],
  // Not scored in either set (added after release), run to show schemas pass through untouched.
  ["json-schema-2020-12-preservation", "2026-07-28"],
];

interface Check {
  id: string;
  status: "SUCCESS" | "FAILURE" | "WARNING" | "SKIPPED" | "INFO";
  errorMessage?: string;
}

function runScenario(scenario: string, revision: string): Check[] {
  const out = path.join(outRoot, revision, scenario);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const args = [...(preload === undefined ? [] : ["--import", preload]), cli, "client", "--command", launcher, "--scenario", scenario, "--spec-version", revision, "-o", out];
  const run = spawnSync(process.execPath, args, { cwd: root, encoding: "utf8", timeout: 90_000 });
  // auth/x results are nested under OUT/auth/.
  const base = scenario.includes("/") ? path.join(out, path.dirname(scenario)) : out;
  const leaf = path.basename(scenario);
  const runDir = existsSync(base) ? readdirSync(base).find((name) => name.startsWith(leaf)) : undefined;
  if (runDir === undefined) throw new Error(`no result directory for ${scenario}; CLI output:\n${run.stdout}\n${run.stderr}`);
  return JSON.parse(readFileSync(path.join(base, runDir, "checks.json"), "utf8")) as Check[];
}

describe("official conformance suite 0.2.0-alpha.12, client leg", () => {
  beforeAll(() => {
    // Always rebuild so the run measures the current sources.
    rmSync(path.join(root, "test/.tmp/client-fixture"), { recursive: true, force: true });
    execFileSync(process.execPath, [path.join(root, "node_modules/typescript/bin/tsc"), "-p", path.join(root, "test/conformance/client-fixture/tsconfig.json")], { cwd: root });
  });

  it.each(SCENARIOS)("%s (%s) passes with no FAILURE and no WARNING", (scenario, revision) => {
    const checks = runScenario(scenario, revision);
    const bad = checks.filter((c) => c.status === "FAILURE" || c.status === "WARNING").map((c) => `${c.status} ${c.id}: ${c.errorMessage ?? ""}`);
    expect(bad).toEqual([]);
    expect(checks.some((c) => c.status === "SUCCESS")).toBe(true);
  });
});
