// The official conformance suite, server leg, through nginx (round-robin, no stickiness) in front
// of three instances of the conformance fixture sharing one redis-server: every scored scenario
// of both requirement sets strictly (no FAILURE, no WARNING), plus the session and SSE polling
// scenarios, which only pass when sessions and resumable streams work across instances.
import { execFile } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error plain JS helper without declarations
import { summarizeResults } from "../conformance/summarize.mjs";
import { fixtureIn, generateFixture, ROOT, startCluster, type Cluster } from "./helpers/cluster.js";

const run = promisify(execFile);
const cli = join(ROOT, "node_modules/@modelcontextprotocol/conformance/dist/index.js");
const preload = join(ROOT, "test/conformance/cli-preload.mjs");
const outRoot = join(ROOT, "test/.tmp/conformance-balancer");
const EXPECTED_SCORED = { "2026-07-28": 37, "2025-11-25": 30 } as const;
const EXTRA = { "2026-07-28": [], "2025-11-25": ["server-sse-polling", "server-session-lifecycle"] } as const;

let cluster: Cluster;

beforeAll(async () => {
  // A private copy: test/conformance/server.test.ts regenerates its own while this file runs.
  const dir = join(ROOT, "test/.tmp/scale/fixture");
  await generateFixture(dir);
  cluster = await startCluster(fixtureIn(dir), 3);
}, 60_000);
afterAll(async () => {
  await cluster?.stop();
});

describe.each(["2026-07-28", "2025-11-25"] as const)("conformance --requirements %s through nginx, 3 instances, one Redis", (revision) => {
  it(
    "passes every scored scenario strictly, plus the cross-instance session scenarios",
    async () => {
      const out = join(outRoot, revision);
      rmSync(out, { recursive: true, force: true });
      mkdirSync(out, { recursive: true });
      let stdout = "";
      try {
        ({ stdout } = await run(process.execPath, ["--import", preload, cli, "server", "--url", cluster.balancer.url.replace("127.0.0.1", "localhost"), "--requirements", revision, "-o", out], {
          cwd: ROOT,
          maxBuffer: 32 * 1024 * 1024,
        }));
      } catch (error) {
        stdout = (error as { stdout?: string }).stdout ?? "";
      }
      const notScored = [...(stdout.split(/Not scored for/)[1] ?? "").matchAll(/^\s+[✓✗] (\S+) \(/gm)].map((m) => m[1] as string);
      const rows = summarizeResults(out) as Array<{ scenario: string; strict: boolean; problems: string[] }>;
      const scored = rows.filter((row) => !notScored.includes(row.scenario));
      expect(scored.filter((row) => !row.strict).map((row) => `${row.scenario}: ${row.problems.join("; ")}`)).toEqual([]);
      expect(scored.length).toBe(EXPECTED_SCORED[revision]);
      for (const name of EXTRA[revision]) {
        const row = rows.find((r) => r.scenario === name);
        expect(row, `${name} ran`).toBeDefined();
        expect(row?.problems, name).toEqual([]);
        expect(row?.strict, name).toBe(true);
      }
    },
    300_000,
  );
});
