// The official suite's Skills (SEP-2640) scenarios, held to the strict verdict (at least one
// SUCCESS, no FAILURE, no WARNING): the three server scenarios against the fixture GENERATED from
// server.yaml (its `skills` entry), and the four client scenarios with the fixture client (the
// runtime's SkillsClient), each on both eras. They are extension scenarios on no spec timeline,
// so `--requirements` does not run them: each runs on its own with --spec-version and --force.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const root = resolve(import.meta.dirname, "../..");
const cli = join(root, "node_modules/@modelcontextprotocol/conformance/dist/index.js");
const preload = join(root, "test/conformance/cli-preload.mjs");
const outRoot = join(root, "test/.tmp/conformance-skills");

const SERVER_SCENARIOS = ["sep-2640-skills-enumeration", "sep-2640-skills-directory", "sep-2640-skills-manifest"] as const;
const CLIENT_SCENARIOS = ["sep-2640-client-no-prefetch", "sep-2640-client-verify-digest", "sep-2640-client-verify-size", "sep-2640-client-verify-frontmatter"] as const;
const REVISIONS = ["2026-07-28", "2025-11-25"] as const;

interface Check {
  id: string;
  status: "SUCCESS" | "FAILURE" | "WARNING" | "SKIPPED" | "INFO";
  errorMessage?: string;
}

let fixture: ChildProcess | undefined;
let url = "";

beforeAll(async () => {
  await run(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-b", "tsconfig.build.json"], { cwd: root });
  await run(process.execPath, [join(root, "bin/mcp-gen.js"), "generate", "test/conformance/server.yaml", "--out", "test/conformance/fixture/generated"], { cwd: root });
  rmSync(join(root, "test/.tmp/client-fixture"), { recursive: true, force: true });
  await run(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", join(root, "test/conformance/client-fixture/tsconfig.json")], { cwd: root });
  const child = spawn(process.execPath, [join(root, "test/conformance/fixture/server.mjs"), "0"], { cwd: root, stdio: ["ignore", "pipe", "inherit"] });
  fixture = child;
  url = await new Promise<string>((resolveUrl, reject) => {
    let seen = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(seen);
      if (match?.[1]) resolveUrl(match[1].replace("127.0.0.1", "localhost"));
    });
    child.once("exit", (code) => reject(new Error(`fixture exited with ${code}`)));
  });
}, 300_000);

afterAll(() => {
  fixture?.kill("SIGTERM");
});

/** One CLI run; the checks from the result folder it writes (not its exit code). */
async function runLeg(leg: "server" | "client", scenario: string, revision: string): Promise<Check[]> {
  const out = join(outRoot, leg, revision, scenario);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const target = leg === "server" ? ["--url", url] : ["--command", join(root, "test/conformance/client.sh")];
  const args = ["--import", preload, cli, leg, ...target, "--scenario", scenario, "--spec-version", revision, "--force", "-o", out];
  let stdout = "";
  try {
    ({ stdout } = await run(process.execPath, args, { cwd: root, maxBuffer: 16 * 1024 * 1024, timeout: 120_000 }));
  } catch (error) {
    stdout = (error as { stdout?: string }).stdout ?? "";
  }
  const dir = existsSync(out) ? readdirSync(out).find((name) => existsSync(join(out, name, "checks.json"))) : undefined;
  if (dir === undefined) throw new Error(`no result folder for ${scenario} (${revision}):\n${stdout}`);
  return JSON.parse(readFileSync(join(out, dir, "checks.json"), "utf8")) as Check[];
}

function verdict(checks: Check[]): string[] {
  const bad = checks.filter((c) => c.status === "FAILURE" || c.status === "WARNING").map((c) => `${c.status} ${c.id}: ${c.errorMessage ?? ""}`);
  if (!checks.some((c) => c.status === "SUCCESS")) bad.push("no SUCCESS");
  return bad;
}

const cases = (scenarios: readonly string[]) => scenarios.flatMap((s) => REVISIONS.map((r) => [s, r] as const));

describe("SEP-2640 skills scenarios of the official suite", () => {
  it.each(cases(SERVER_SCENARIOS))("server %s (%s): no FAILURE, no WARNING", async (scenario, revision) => {
    const checks = await runLeg("server", scenario, revision);
    expect(verdict(checks)).toEqual([]);
    // The scenario really reached the skills (an undeclared extension would SKIP every check).
    expect(checks.filter((c) => c.id.startsWith("sep-2640-") && c.status === "SUCCESS").length).toBeGreaterThan(3);
  }, 150_000);

  it.each(cases(CLIENT_SCENARIOS))("client %s (%s): no FAILURE, no WARNING", async (scenario, revision) => {
    const checks = await runLeg("client", scenario, revision);
    expect(verdict(checks)).toEqual([]);
    expect(checks.some((c) => c.id.startsWith("sep-2640-host-") && c.status === "SUCCESS")).toBe(true);
  }, 150_000);
});
