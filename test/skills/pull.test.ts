// `mcp-gen pull` against a live server with skills (both eras): the skills/list entries are
// recorded as the pulled manifest's `skills` (uri, frontmatter, digests and sizes), the skill files are not
// repeated as resources, the runtime-advertised extension is not recorded as a declared one, and
// the pulled manifest loads; pulling twice gives the same bytes.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { loadManifest } from "../../generator/manifest/load.js";
import { listenHttp, type ListeningServer } from "../../packages/runtime/src/node-entry.js";
import { createMcpServer, type BundledSkillFile, withSkills } from "../../packages/runtime/src/server-entry.js";

const run = promisify(execFile);
const root = resolve(import.meta.dirname, "../..");
const out = join(root, "test/.tmp/skills-pull");
const file = (path: string, text: string): BundledSkillFile => ({ path, mimeType: "text/markdown", text, size: Buffer.byteLength(text), digest: `sha256:${createHash("sha256").update(text).digest("hex")}` });
const SKILL_MD = "---\nname: refunds\ndescription: Process refunds\n---\nBody.\n";

let server: ListeningServer;

beforeAll(async () => {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const definition = withSkills(
    {
      serverInfo: { name: "pull-skills", version: "1.0.0" },
      revisions: ["2026-07-28", "2025-11-25"],
      resources: [{ uri: "notes://index", name: "index", read: () => [{ uri: "notes://index", text: "[]" }] }],
    },
    [{ path: "acme/refunds", frontmatter: { name: "refunds", description: "Process refunds" }, files: [file("SKILL.md", SKILL_MD), file("examples/email.md", "Dear customer\n")] }],
  );
  server = await listenHttp(createMcpServer(definition), { port: 0 });
});

afterAll(async () => {
  await server?.close();
});

async function pull(name: string, protocol: string): Promise<string> {
  const target = join(out, `${name}.yaml`);
  await run(process.execPath, [join(root, "bin/mcp-gen.js"), "pull", server.url, "--protocol", protocol, "--out", target], { cwd: root });
  return target;
}

describe.each(["2026-07-28", "2025-11-25"])("pull of a server with skills (%s)", (protocol) => {
  it("records the entries as `skills` and leaves the skill files out of resources", async () => {
    const target = await pull(`pulled-${protocol}`, protocol);
    const data = parse(readFileSync(target, "utf8")) as Record<string, any>;
    expect(data.pulled).toEqual({ from: server.url, era: protocol === "2026-07-28" ? "modern" : "legacy", revision: protocol });
    expect(data.skills).toEqual([
      {
        uri: "skill://acme/refunds/SKILL.md",
        frontmatter: { name: "refunds", description: "Process refunds" },
        resources: [
          { uri: "skill://acme/refunds/SKILL.md", digest: file("SKILL.md", SKILL_MD).digest, size: Buffer.byteLength(SKILL_MD) },
          { uri: "skill://acme/refunds/examples/email.md", digest: file("x", "Dear customer\n").digest, size: 14 },
        ],
      },
    ]);
    expect(Object.values(data.resources).map((r: any) => r.uri)).toEqual(["notes://index"]);
    expect(data.extensions?.["io.modelcontextprotocol/skills"]).toBeUndefined();
    const loaded = await loadManifest(target);
    expect(loaded.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(loaded.manifest?.pulled).toBeDefined();
    // A recorded entry a client would refuse does not load; neither does one outside a pulled manifest.
    const broken = readFileSync(target, "utf8").replace("uri: skill://acme/refunds/examples/email.md", "uri: skill://elsewhere/email.md");
    writeFileSync(join(out, `broken-${protocol}.yaml`), broken);
    expect((await loadManifest(join(out, `broken-${protocol}.yaml`))).diagnostics.map((d) => d.code)).toContain("MCPGEN2153");
    writeFileSync(join(out, `unpulled-${protocol}.yaml`), readFileSync(target, "utf8").replace(/^pulled:\n(?:  .*\n)+/m, ""));
    expect((await loadManifest(join(out, `unpulled-${protocol}.yaml`))).diagnostics.map((d) => d.code)).toContain("MCPGEN2153");
    expect(readFileSync(await pull(`again-${protocol}`, protocol), "utf8")).toBe(readFileSync(target, "utf8"));
  }, 60_000);
});
