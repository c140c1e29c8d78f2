// The official conformance suite (client leg) against the fixture client built on the
// runtime client. One CLI run per scored non-auth scenario; the verdict is read from the
// result files the CLI writes (checks.json), not from its exit code, and is strict: no
// FAILURE, no WARNING, and at least one SUCCESS (a run with no checks proves nothing).
// Besides the slice: the six unscored extension scenarios of client authorization (issue 12),
// and both whole `--requirements` runs, every scenario of each, read from its result folders.

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

// The unscored extension scenarios of issue 12 (machines and enterprises). They are on no spec
// timeline, so they run without --spec-version; the whole requirement runs below include them too.
const EXTENSION_SCENARIOS = [
  "auth/client-credentials-jwt",
  "auth/client-credentials-basic",
  "auth/enterprise-managed-authorization",
  "auth/dpop",
  "auth/dpop-nonce",
  "auth/wif-jwt-bearer",
] as const;

// Whole `--requirements` runs: every scenario a revision requires (32 scored for 2026-07-28, 18
// for 2025-11-25) plus the 7 unscored ones the CLI runs beside them.
const REQUIREMENT_RUNS: Array<[revision: string, scenarios: number]> = [
  ["2026-07-28", 39],
  ["2025-11-25", 25],
];

interface Check {
  id: string;
  status: "SUCCESS" | "FAILURE" | "WARNING" | "SKIPPED" | "INFO";
  errorMessage?: string;
  description?: string;
}

function runScenario(scenario: string, revision: string | undefined): Check[] {
  const out = path.join(outRoot, revision ?? "extension", scenario);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const args = [...(preload === undefined ? [] : ["--import", preload]), cli, "client", "--command", launcher, "--scenario", scenario, ...(revision === undefined ? [] : ["--spec-version", revision]), "-o", out];
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

  it.each(EXTENSION_SCENARIOS)("extension scenario %s passes with no FAILURE and no WARNING", (scenario) => {
    const checks = runScenario(scenario, undefined);
    const bad = checks.filter((c) => c.status === "FAILURE" || c.status === "WARNING").map((c) => `${c.status} ${c.id}: ${c.errorMessage ?? c.description ?? ""}`);
    expect(bad).toEqual([]);
    expect(checks.some((c) => c.status === "SUCCESS")).toBe(true);
  });

  it.each(REQUIREMENT_RUNS)("the whole --requirements %s run (%i scenarios) has no FAILURE and no WARNING", (revision, count) => {
    const results = runRequirements(revision);
    expect(Object.keys(results).length, Object.keys(results).join(", ")).toBe(count);
    for (const scenario of EXTENSION_SCENARIOS) expect(results[scenario], `${scenario} ran`).toBeDefined();
    const bad: string[] = [];
    for (const [scenario, checks] of Object.entries(results)) {
      for (const c of checks) if (c.status === "FAILURE" || c.status === "WARNING") bad.push(`${scenario}: ${c.status} ${c.id}: ${c.errorMessage ?? ""}`);
      if (!checks.some((c) => c.status === "SUCCESS")) bad.push(`${scenario}: no SUCCESS`);
    }
    expect(bad).toEqual([]);
  }, 300_000);
});

/** One `--requirements` run; the checks of each scenario, read from its result folder. */
function runRequirements(revision: string): Record<string, Check[]> {
  const out = path.join(outRoot, `requirements-${revision}`);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const args = [...(preload === undefined ? [] : ["--import", preload]), cli, "client", "--command", launcher, "--requirements", revision, "-o", out];
  const run = spawnSync(process.execPath, args, { cwd: root, encoding: "utf8", timeout: 280_000 });
  const results: Record<string, Check[]> = {};
  const collect = (folder: string, prefix: string): void => {
    for (const name of readdirSync(folder)) {
      const dir = path.join(folder, name);
      if (existsSync(path.join(dir, "checks.json"))) {
        // <scenario>-<ISO timestamp>: strip the timestamp.
        const scenario = `${prefix}${name.replace(/-\d{4}-\d{2}-\d{2}T[\d-]+Z$/, "")}`;
        results[scenario] = JSON.parse(readFileSync(path.join(dir, "checks.json"), "utf8")) as Check[];
      } else if (name === "auth") collect(dir, "auth/");
    }
  };
  collect(out, "");
  if (Object.keys(results).length === 0) throw new Error(`no results for --requirements ${revision}; CLI output:\n${run.stdout}\n${run.stderr}`);
  return results;
}
