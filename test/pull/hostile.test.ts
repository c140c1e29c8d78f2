// Servers that answer garbage, hang, close mid-list or page forever: `mcp-gen pull` exits 1
// with a clear error within --timeout, and the --out file never appears (not even partly).
// Also: credentials from the environment reach the server and never the manifest.
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertBuilt, FIXTURES, runCli, scratchDir, startServer, type RunningServer } from "./support.js";

const MODES = ["garbage", "hang", "close-mid-list", "repeat-cursor", "paged", "auth"] as const;
type Mode = (typeof MODES)[number];
const servers = new Map<Mode, RunningServer>();
let dir: string;

beforeAll(async () => {
  assertBuilt();
  dir = scratchDir("hostile");
  for (const [mode, server] of await Promise.all(MODES.map(async (m) => [m, await startServer([join(FIXTURES, "hostile-server.mjs"), m])] as const))) servers.set(mode, server);
}, 60_000);

afterAll(() => {
  for (const server of servers.values()) server.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const TIMEOUT_MS = 2000;

describe.each([
  ["garbage", "MCPGEN4010", /expected a JSON-RPC response/],
  ["hang", "MCPGEN4011", /did not finish answering within 2000 ms/],
  ["close-mid-list", "MCPGEN4010", /tools\/list, page 2: .*(closed|socket)/i],
  ["repeat-cursor", "MCPGEN4010", /repeated the pagination cursor "again"/],
] as const)("a server that %s", (mode, code, message) => {
  it(`fails with ${code}, within the timeout, writing nothing`, async () => {
    const out = join(dir, `${mode}.yaml`);
    const run = await runCli(["pull", servers.get(mode)!.url, "--out", out, "--timeout", String(TIMEOUT_MS)]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`error ${code}:`);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).not.toMatch(/internal error|at .*\.js:\d+/); // a user error, no stack trace
    expect(run.stdout).toBe("");
    // The whole pull is bounded: process start-up (slow on a loaded machine) plus the timeout.
    expect(run.ms).toBeLessThan(TIMEOUT_MS + 15_000);
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(dir).filter((f) => f.startsWith(`.${mode}.yaml`))).toEqual([]); // no temp file left
  }, 60_000);
});

describe("a stdio command that is not an MCP server", () => {
  it("times out with the stdout rule in the hint when it writes garbage and never answers", async () => {
    const out = join(dir, "stdio-garbage.yaml");
    const run = await runCli(["pull", "--stdio", `node -e "console.log('garbage'); setInterval(() => {}, 1000)"`, "--out", out, "--timeout", String(TIMEOUT_MS)]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("error MCPGEN4011:");
    expect(run.stderr).toContain("only JSON-RPC messages on stdout");
    expect(existsSync(out)).toBe(false);
  }, 60_000);
  it("shows what the server said on stderr when it exits", async () => {
    const out = join(dir, "stdio-exit.yaml");
    const run = await runCli(["pull", "--stdio", `node -e "console.error('boom: no config'); process.exit(3)"`, "--out", out, "--timeout", "5000"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("error MCPGEN4010:");
    expect(run.stderr).toContain("boom: no config");
    expect(existsSync(out)).toBe(false);
  }, 60_000);
});

describe("a server that pages every list", () => {
  it("follows every cursor (an empty string is a cursor), sorts items, keeps network $refs and reports the invalid x-mcp-header tool", async () => {
    const out = join(dir, "paged.yaml");
    const run = await runCli(["pull", servers.get("paged")!.url, "--out", out, "--timeout", "20000"]);
    expect(run.stderr).toMatch(/warning MCPGEN4020 tools\.beta\.input: invalid x-mcp-header/);
    expect(run.code).toBe(0);
    const text = readFileSync(out, "utf8");
    const toolNames = [...text.matchAll(/^ {2}(\w+):$/gm)].map((m) => m[1]);
    expect(toolNames.slice(0, 4)).toEqual(["alpha", "beta", "mid", "zeta"]); // pages came as zeta, alpha | mid | beta
    expect(text).toContain("x-mcp-header: Bad Header"); // kept, not dropped
    expect(text).toContain("$ref: https://schemas.example.com/address.json"); // kept verbatim, never fetched
    expect(run.stderr).toMatch(/warning MCPGEN1303 tools\.mid\.input\.properties\.address\.\$ref/);
    expect(text).toMatch(/p1:\n {4}arguments:\n {6}a:\n {8}required: true\n {6}b: \{\}/);
    expect(text).toMatch(/resources:\n {2}r:\n {4}uri: mem:\/\/a\n {2}r_2:\n {4}uri: mem:\/\/b/);
  }, 60_000);
});

describe("credentials", () => {
  it("are refused without --header (401 → a hint about --header)", async () => {
    const out = join(dir, "auth-missing.yaml");
    const run = await runCli(["pull", servers.get("auth")!.url, "--out", out, "--timeout", "10000"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("--header");
    expect(existsSync(out)).toBe(false);
  }, 60_000);
  it("come from the environment and never reach the manifest", async () => {
    const out = join(dir, "auth.yaml");
    const url = `${servers.get("auth")!.url}?api_key=query-secret`;
    const run = await runCli(["pull", url, "--header", "Authorization=Bearer ${PULL_TEST_TOKEN}", "--out", out, "--timeout", "20000"], { env: { PULL_TEST_TOKEN: "s3cret" } });
    expect(run.stderr).not.toContain("error");
    expect(run.code).toBe(0);
    const text = readFileSync(out, "utf8");
    expect(text).toContain(`from: ${servers.get("auth")!.url}\n`);
    expect(text).not.toContain("s3cret");
    expect(text).not.toContain("query-secret");
  }, 60_000);
});

describe("arguments", () => {
  it.each([
    [["pull", "--stdio", "node server.js"], "MCPGEN4001", "exactly one of --out"],
    [["pull", "http://127.0.0.1:9/mcp", "--out", "a.yaml", "--check", "b.yaml"], "MCPGEN4001", "exactly one of --out"],
    [["pull", "http://127.0.0.1:9/mcp", "--out", "a.yaml", "--timeout", "soon"], "MCPGEN4001", "--timeout"],
    [["pull", "http://127.0.0.1:9/mcp", "--out", "a.yaml", "--fail-on", "breaking"], "MCPGEN4001", "--fail-on only applies with --check"],
    [["pull", "http://127.0.0.1:9/mcp", "--check", "a.yaml", "--fail-on", "minor"], "MCPGEN4001", "unknown --fail-on"],
    [["pull", "http://127.0.0.1:9/mcp", "--out", "/nonexistent-pull-dir/a.yaml"], "MCPGEN4014", "does not exist"],
    [["pull", "http://127.0.0.1:9/mcp", "--out", "a.yaml", "--header", "Authorization=Bearer ${PULL_TEST_UNSET_VAR}"], "MCPGEN4003", "PULL_TEST_UNSET_VAR"],
  ])("%j is refused with %s before any server is contacted", async (args, code, text) => {
    const run = await runCli(args, { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`error ${code}:`);
    expect(run.stderr).toContain(text);
    expect(existsSync(join(dir, "a.yaml"))).toBe(false);
  }, 30_000);
});
