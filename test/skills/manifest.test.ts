// The manifest's `skills` (generator/manifest/skills.ts): what a good folder bundles into the IR
// (every file, its bytes as text or base64, its SHA-256 digest and size, in path order, the same
// on every load), and every check MCPGEN2140–2152 with its file:line:col — inside SKILL.md when
// the problem is there.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadManifest } from "../../generator/manifest/load.js";

const root = resolve(import.meta.dirname, "../..");
const scratch = join(root, "test/.tmp/skills-manifest");
const HEADER = "mcpgen: 1\nserver: { name: s, version: 1.0.0 }\nprotocol: [2026-07-28, 2025-11-25]\n";

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Writes a case folder: mcp.yaml with `skills` and the given files; returns the manifest path. */
function layout(name: string, skills: string, files: Record<string, string | Buffer>): string {
  const dir = join(scratch, name);
  rmSync(dir, { recursive: true, force: true });
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "mcp.yaml"), `${HEADER}skills:\n${skills}`);
  return join(dir, "mcp.yaml");
}

const skillMd = (front: string, body = "\nBody.\n"): string => `---\n${front}\n---\n${body}`;
const GOOD = skillMd("name: pdf-processing\ndescription: Extract, fill, and assemble PDF documents");

async function codes(manifest: string): Promise<string[]> {
  const { diagnostics } = await loadManifest(manifest);
  return diagnostics.map((d) => `${d.code} ${d.file.slice(scratch.length + 1)}:${d.line}:${d.column}`);
}

describe("manifest `skills`", () => {
  it("bundles every file with digest and size, text or base64, in path order, deterministically", async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0x00]);
    const manifest = layout("good", "  - ./skills/pdf-processing\n  - { path: ./skills/refunds, prefix: acme/billing }\n", {
      "skills/pdf-processing/SKILL.md": GOOD,
      "skills/pdf-processing/templates/invoice.md": "# Invoice\n",
      "skills/pdf-processing/templates/logo.png": png,
      "skills/pdf-processing/.DS_Store": "ignored",
      "skills/pdf-processing/references/FORMS.md": "Forms.\n",
      "skills/refunds/SKILL.md": skillMd("name: refunds\ndescription: Refund requests\nmetadata:\n  version: '1'"),
    });
    const first = await loadManifest(manifest);
    expect(first.diagnostics).toEqual([]);
    const skills = first.manifest?.skills ?? [];
    expect(skills.map((s) => s.path)).toEqual(["pdf-processing", "acme/billing/refunds"]);
    const pdf = skills[0]!;
    expect(pdf.frontmatter).toEqual({ name: "pdf-processing", description: "Extract, fill, and assemble PDF documents" });
    expect(pdf.files.map((f) => f.path)).toEqual(["SKILL.md", "references/FORMS.md", "templates/invoice.md", "templates/logo.png"]);
    const skillFile = pdf.files[0]!;
    expect(skillFile).toEqual({ path: "SKILL.md", mimeType: "text/markdown", text: GOOD, size: Buffer.byteLength(GOOD), digest: `sha256:${createHash("sha256").update(GOOD).digest("hex")}` });
    const logo = pdf.files[3]!;
    expect(logo).toMatchObject({ mimeType: "image/png", blob: png.toString("base64"), size: png.length, digest: `sha256:${createHash("sha256").update(png).digest("hex")}` });
    expect(logo.text).toBeUndefined();
    expect(skills[1]!.frontmatter).toEqual({ name: "refunds", description: "Refund requests", metadata: { version: "1" } });
    expect((await loadManifest(manifest)).manifest?.skills).toEqual(skills);
  });

  it("MCPGEN2140: the folder does not exist; MCPGEN2141: it has no SKILL.md", async () => {
    const manifest = layout("missing", "  - ./skills/nowhere\n  - ./skills/empty\n", { "skills/empty/README.md": "x" });
    expect(await codes(manifest)).toEqual(["MCPGEN2140 missing/mcp.yaml:5:5", "MCPGEN2141 missing/mcp.yaml:6:5"]);
  });

  it("MCPGEN2142: no frontmatter block, invalid YAML, not a mapping — positioned in SKILL.md", async () => {
    const manifest = layout("frontmatter", "  - ./a/x\n  - ./b/y\n  - ./c/z\n", {
      "a/x/SKILL.md": "# no frontmatter\n",
      "b/y/SKILL.md": "---\nname: y\ndescription: [unclosed\n---\n",
      "c/z/SKILL.md": "---\n- a list\n---\n",
    });
    const found = await codes(manifest);
    expect(found).toEqual(["MCPGEN2142 frontmatter/a/x/SKILL.md:1:1", expect.stringMatching(/^MCPGEN2142 frontmatter\/b\/y\/SKILL\.md:[234]:\d+$/), "MCPGEN2142 frontmatter/c/z/SKILL.md:2:1"]);
  });

  it("MCPGEN2143 bad name, MCPGEN2144 name differs from the folder, MCPGEN2145 bad description: at the field", async () => {
    const manifest = layout("fields", "  - ./s/Bad--Name\n  - ./s/other\n  - ./s/nodesc\n  - ./s/long\n", {
      "s/Bad--Name/SKILL.md": skillMd("name: Bad--Name\ndescription: d"),
      "s/other/SKILL.md": skillMd("description: d\nname: not-other"),
      "s/nodesc/SKILL.md": skillMd("name: nodesc\ndescription: '   '"),
      "s/long/SKILL.md": skillMd(`name: long\ndescription: ${"x".repeat(1025)}`),
    });
    expect(await codes(manifest)).toEqual(["MCPGEN2143 fields/s/Bad--Name/SKILL.md:2:7", "MCPGEN2145 fields/s/long/SKILL.md:3:14", "MCPGEN2145 fields/s/nodesc/SKILL.md:3:14", "MCPGEN2144 fields/s/other/SKILL.md:3:7"]);
  });

  it("MCPGEN2146 the same URI twice; MCPGEN2147 one name under two prefixes; MCPGEN2148 a bad prefix", async () => {
    const files = { "one/refunds/SKILL.md": skillMd("name: refunds\ndescription: d"), "two/refunds/SKILL.md": skillMd("name: refunds\ndescription: d") };
    const manifest = layout("dupes", "  - ./one/refunds\n  - ./two/refunds\n  - { path: ./one/refunds, prefix: acme }\n  - { path: ./one/refunds, prefix: 'a/../b' }\n", files);
    expect(await codes(manifest)).toEqual(["MCPGEN2146 dupes/mcp.yaml:6:5", "MCPGEN2147 dupes/mcp.yaml:7:5", "MCPGEN2148 dupes/mcp.yaml:8:36"]);
  });

  it("MCPGEN2150: a symbolic link in the folder is not bundled", async () => {
    const manifest = layout("links", "  - ./s/linked\n", { "s/linked/SKILL.md": skillMd("name: linked\ndescription: d"), "outside.txt": "secret" });
    symlinkSync(join(scratch, "links/outside.txt"), join(scratch, "links/s/linked/leak.txt"));
    const { diagnostics, manifest: ir } = await loadManifest(manifest);
    expect(diagnostics.map((d) => [d.code, d.message])).toEqual([["MCPGEN2150", expect.stringContaining("leak.txt")]]);
    expect(ir).toBeUndefined();
  });

  it("warnings: MCPGEN2149 over the limits, MCPGEN2151 reserved metadata key, MCPGEN2152 frontmatter the runtime reader reads otherwise", async () => {
    const big = Buffer.alloc(16 * 1024 * 1024 + 1, 0x61);
    const manifest = layout("warnings", "  - ./s/big\n  - ./s/meta\n  - ./s/anchor\n", {
      "s/big/SKILL.md": skillMd("name: big\ndescription: d"),
      "s/big/data.txt": big,
      "s/meta/SKILL.md": skillMd("name: meta\ndescription: d\nmetadata:\n  io.modelcontextprotocol/x: 1"),
      "s/anchor/SKILL.md": skillMd("name: anchor\ndescription: &d text\nlicense: *d"),
    });
    const { diagnostics, manifest: ir } = await loadManifest(manifest);
    expect(diagnostics.map((d) => `${d.severity} ${d.code} ${d.file.slice(scratch.length + 1)}:${d.line}:${d.column}`)).toEqual([
      "warning MCPGEN2149 warnings/mcp.yaml:5:5",
      "warning MCPGEN2152 warnings/s/anchor/SKILL.md:2:1",
      "warning MCPGEN2151 warnings/s/meta/SKILL.md:5:3",
    ]);
    expect(ir?.skills?.map((s) => s.path)).toEqual(["big", "meta", "anchor"]);
  });

  it("says every problem with a hint and never throws on a hostile folder", async () => {
    const manifest = layout("hints", "  - ./s/x\n", { "s/x/SKILL.md": "---\nname: x\n" });
    const { diagnostics } = await loadManifest(manifest);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ code: "MCPGEN2142", severity: "error", hint: expect.stringContaining("---") });
    expect(readFileSync(manifest, "utf8")).toContain("skills:");
  });
});
