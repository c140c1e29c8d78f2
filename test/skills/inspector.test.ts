// The official inspector (@modelcontextprotocol/inspector 2.12.0, its --cli mode) as the second
// real peer for skills (SEP-2640): `--verify` over the notes example's skills on HTTP, modern
// and legacy era (`--protocol-era`; ad-hoc URL runs default to legacy), plus skills/get --verify
// and a directory read. And the same verifier failing (exit 7) on a server that serves other
// bytes than it lists — so a pass means the digests were really checked.
import { execFile } from "node:child_process";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenHttp, type ListeningServer } from "../../packages/runtime/src/node-entry.js";
import { createMcpServer, withSkills } from "../../packages/runtime/src/server-entry.js";
import { startServer, type RunningServer } from "../pull/support.js";

const run = promisify(execFile);
const root = resolve(import.meta.dirname, "../..");
const launcher = join(root, "node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js");

interface Report {
  uri: string;
  ok: boolean;
  outcome: string;
  conformance: unknown[];
  frontmatter: unknown[];
  files: Array<{ uri: string; status: string }>;
}

let notes: RunningServer;
let tampered: ListeningServer;

beforeAll(async () => {
  notes = await startServer([join(root, "examples/notes/start.js"), "--port", "0"]);
  const text = "---\nname: tampered\ndescription: Served with other bytes\n---\nBody.\n";
  const def = withSkills({ serverInfo: { name: "tampered", version: "1.0.0" }, revisions: ["2026-07-28", "2025-11-25"] }, [
    { path: "tampered", frontmatter: { name: "tampered", description: "Served with other bytes" }, files: [{ path: "SKILL.md", mimeType: "text/markdown", text, size: Buffer.byteLength(text), digest: `sha256:${"0".repeat(64)}` }] },
  ]);
  tampered = await listenHttp(createMcpServer(def), { port: 0 });
});

afterAll(async () => {
  notes?.stop();
  await tampered?.close();
});

async function inspector(url: string, era: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [launcher, "--cli", url, "--transport", "http", "--protocol-era", era, ...args], { cwd: root, timeout: 90_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === "number" ? e.code : -1, stdout: e.stdout ?? "", stderr: e.stderr ?? "" };
  }
}

const reports = (stdout: string): Report[] =>
  stdout
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Report);

describe.each(["modern", "legacy"])("the inspector CLI against the notes example (%s era)", (era) => {
  it("skills/list --verify: every skill and file verified, exit 0", async () => {
    const { code, stdout, stderr } = await inspector(notes.url, era, "--method", "skills/list", "--verify");
    expect(code, stderr).toBe(0);
    const found = reports(stdout);
    expect(found.map((r) => r.uri)).toEqual(["skill://note-taking/SKILL.md"]);
    const [report] = found;
    expect(report).toMatchObject({ ok: true, outcome: "verified", conformance: [], frontmatter: [] });
    expect(report!.files.map((f) => [f.uri, f.status])).toEqual([
      ["skill://note-taking/SKILL.md", "verified"],
      ["skill://note-taking/references/STYLE.md", "verified"],
      ["skill://note-taking/templates/meeting.md", "verified"],
    ]);
    expect(stderr).toContain("Verified 1 skill and 3 files: no conformance errors.");
  }, 120_000);

  it("skills/get --verify on the skill's URI, and a directory read of its root", async () => {
    const got = await inspector(notes.url, era, "--method", "skills/get", "--uri", "skill://note-taking/SKILL.md", "--verify");
    expect(got.code, got.stderr).toBe(0);
    expect(reports(got.stdout)[0]).toMatchObject({ uri: "skill://note-taking/SKILL.md", outcome: "verified" });
    const dir = await inspector(notes.url, era, "--method", "resources/directory/read", "--uri", "skill://note-taking", "--format", "json");
    expect(dir.code, dir.stderr).toBe(0);
    const listing = (JSON.parse(dir.stdout) as { result: { resources: Array<{ uri: string; mimeType: string }> } }).result;
    // The era really differs: only 2026-07-28 results are CacheableResults.
    if (era === "modern") expect(listing).toHaveProperty("ttlMs", 0);
    else expect(listing).not.toHaveProperty("ttlMs");
    expect(listing.resources.map((r) => [r.uri, r.mimeType])).toEqual([
      ["skill://note-taking/SKILL.md", "text/markdown"],
      ["skill://note-taking/references", "inode/directory"],
      ["skill://note-taking/templates", "inode/directory"],
    ]);
  }, 120_000);

  it("fails verification (exit 7) when the served bytes do not match the listed digest", async () => {
    const { code, stdout } = await inspector(tampered.url, era, "--method", "skills/list", "--verify");
    expect(code).toBe(7);
    const [report] = reports(stdout);
    expect(report).toMatchObject({ ok: false, outcome: "failed" });
    expect(report!.files[0]).toMatchObject({ uri: "skill://tampered/SKILL.md", status: "mismatch" });
  }, 120_000);
});
