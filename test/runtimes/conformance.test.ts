// The official conformance suite's server leg (`--requirements 2026-07-28`, STRICT: at least one
// SUCCESS, no FAILURE, no WARNING per scenario) against the generated conformance fixture served
// by the runtime's web-standard fetch handler on Bun (Bun.serve), Deno (Deno.serve) and workerd
// (a module Worker bundled by esbuild). Each runtime is the binary of its npm package.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, DENO_RUN, conformanceLeg, entry, freePort, root, startListening, startPolling, tmpRoot, type Started } from "./support.js";
import { bundleWorker, writeWorkerdConfig } from "./workerd.js";
import { EXTRA_HTTP_SCENARIOS, TASK_SCENARIOS } from "../conformance/server-leg.js";

const run = promisify(execFile);
const REVISION = "2026-07-28";
const EXPECTED_SCORED = 37;
/**
 * Unscored scenarios held to the same verdict (as in test/conformance/server.test.ts), the tasks
 * extension included on every runtime: on workerd a task runs on after the tools/call that created
 * it only because the entry hands `ctx` to the fetch handler, which passes the running tasks to
 * ctx.waitUntil (workerd ends a request's promises and timers with its response otherwise).
 */
const EXTRA = [...EXTRA_HTTP_SCENARIOS, ...TASK_SCENARIOS] as const;

/** The Node built-ins the Worker bundle imports (esbuild leaves them external): none. */
let workerNodeImports: string[] | undefined;

const RUNTIMES = {
  bun: () => startListening(BIN.bun, [entry("bun.mjs"), "0"]),
  deno: () => startListening(BIN.deno, [...DENO_RUN, entry("deno.mjs"), "0"]),
  workerd: async () => {
    const dir = join(tmpRoot, "workerd");
    workerNodeImports = await bundleWorker(dir);
    const port = await freePort();
    // No compatibility flags, nodejs_compat least of all: the runtime-neutral subpaths need none.
    const config = writeWorkerdConfig(dir, port, []);
    const url = `http://127.0.0.1:${port}/mcp`;
    return startPolling(BIN.workerd, ["serve", config], url, dir);
  },
} as const;

beforeAll(async () => {
  await run(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-b", "tsconfig.build.json"], { cwd: root });
  // The served fixture is GENERATED from server.yaml, as a user's would be (unchanged files are not rewritten).
  await run(process.execPath, [join(root, "bin/mcp-gen.js"), "generate", "test/conformance/server.yaml", "--out", "test/conformance/fixture/generated"], { cwd: root });
});

const running: Started[] = [];
afterAll(async () => {
  await Promise.all(running.map((started) => started.stop()));
});

describe.each(Object.keys(RUNTIMES) as (keyof typeof RUNTIMES)[])("conformance server leg on %s, --requirements 2026-07-28", (runtime) => {
  it(
    "passes every scored scenario strictly, plus the targeted unscored ones",
    async () => {
      const started = await RUNTIMES[runtime]();
      running.push(started);
      try {
        // The suite sends Host: localhost; the fixture's host guard admits loopback names.
        const url = started.url.replace("127.0.0.1", "localhost");
        const { rows, scored } = await conformanceLeg(url, runtime, REVISION);
        const failing = scored.filter((row) => !row.strict).map((row) => `${row.scenario}: ${row.problems.join("; ")}`);
        expect(failing, started.stderr()).toEqual([]);
        expect(scored.length).toBe(EXPECTED_SCORED);
        for (const name of EXTRA) {
          const row = rows.find((r) => r.scenario === name);
          expect(row, `${name} ran`).toBeDefined();
          expect(row?.problems, name).toEqual([]);
          expect(row?.strict, name).toBe(true);
        }
      } finally {
        await started.stop();
      }
    },
    300_000,
  );
});

describe("the Worker bundle", () => {
  it("imports no Node built-in, so workerd runs it with no compatibility flag (no nodejs_compat)", () => {
    // Set by the workerd leg above, which ran the bundle with compatibilityFlags = [].
    expect(workerNodeImports).toEqual([]);
  });
});
