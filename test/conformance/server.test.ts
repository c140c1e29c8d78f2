// Runs the official conformance suite (server leg) against the server generated from server.yaml,
// for both requirement sets, and holds every scored scenario to the STRICT verdict: at least one
// SUCCESS, no FAILURE, no WARNING.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXTRA_HTTP_SCENARIOS, TASK_SCENARIOS, runServerLeg, type Row } from "./server-leg.js";

const run = promisify(execFile);
const root = resolve(import.meta.dirname, "../..");
const outRoot = join(root, "test/.tmp/conformance");

/** Runs, but the suite itself skips every check (its listen harness is pending): no FAILURE/WARNING is all it can show. */
const SKIPPED_BY_SUITE = { "2026-07-28": ["tasks-status-notifications"], "2025-11-25": [] } as const;

/** Unscored scenarios this fixture must pass as well. */
const EXTRA = {
  "2026-07-28": [...EXTRA_HTTP_SCENARIOS, ...TASK_SCENARIOS],
  "2025-11-25": ["json-schema-2020-12", "server-sse-polling", "server-session-lifecycle"],
} as const;
const EXPECTED_SCORED = { "2026-07-28": 37, "2025-11-25": 30 } as const;

/** The fixture runs twice: behind the node:http adapter and behind the web-standard fetch handler. */
const TRANSPORTS = ["node", "fetch"] as const;
const fixtures: ChildProcess[] = [];
const urls: Record<(typeof TRANSPORTS)[number], string> = { node: "", fetch: "" };

function startFixture(transport: (typeof TRANSPORTS)[number]): Promise<string> {
  const fixture = spawn(process.execPath, [join(root, "test/conformance/fixture/server.mjs"), "0"], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, FIXTURE_TRANSPORT: transport },
  });
  fixtures.push(fixture);
  return new Promise<string>((resolveUrl, reject) => {
    let seen = "";
    fixture.stdout!.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(seen);
      if (match?.[1]) resolveUrl(match[1].replace("127.0.0.1", "localhost"));
    });
    fixture.once("exit", (code) => reject(new Error(`fixture exited with ${code}`)));
  });
}

beforeAll(async () => {
  await run(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-b", "tsconfig.build.json"], { cwd: root });
  // The scored server is GENERATED from server.yaml, as a user's would be.
  await run(process.execPath, [join(root, "bin/mcp-gen.js"), "generate", "test/conformance/server.yaml", "--out", "test/conformance/fixture/generated"], { cwd: root });
  for (const transport of TRANSPORTS) urls[transport] = await startFixture(transport);
});

afterAll(() => {
  for (const fixture of fixtures) fixture.kill("SIGTERM");
});

function runLeg(url: string, label: string, revision: keyof typeof EXPECTED_SCORED): Promise<{ rows: Row[]; notScored: string[]; stdout: string }> {
  return runServerLeg(url, join(outRoot, label, revision), revision);
}

const LEGS = TRANSPORTS.flatMap((transport) => (["2026-07-28", "2025-11-25"] as const).map((revision) => [transport, revision] as const));

describe.each(LEGS)("conformance server leg via the %s adapter, --requirements %s", (transport, revision) => {
  it(
    "passes every scored scenario strictly, plus the targeted unscored ones",
    async () => {
      const { rows, notScored } = await runLeg(urls[transport], transport, revision);
      const scored = rows.filter((row) => !notScored.includes(row.scenario));
      const failing = scored.filter((row) => !row.strict).map((row) => `${row.scenario}: ${row.problems.join("; ")}`);
      expect(failing).toEqual([]);
      expect(scored.length).toBe(EXPECTED_SCORED[revision]);
      for (const name of EXTRA[revision]) {
        const row = rows.find((r) => r.scenario === name);
        expect(row, `${name} ran`).toBeDefined();
        expect(row?.problems, name).toEqual([]);
        expect(row?.strict, name).toBe(true);
      }
      for (const name of SKIPPED_BY_SUITE[revision]) {
        const row = rows.find((r) => r.scenario === name);
        expect(row, `${name} ran`).toBeDefined();
        expect(row?.problems, name).toEqual([]);
      }
    },
    300_000,
  );
});
