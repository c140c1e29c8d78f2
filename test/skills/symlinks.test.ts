// Symbolic links and skill folders (generator/manifest/skills.ts): a bundled file ships inside the
// generated server, so no link below the folder is followed — not a linked file, not a linked
// sub-folder, not a linked SKILL.md, wherever it points (MCPGEN2150, the same rule as an app's
// entry, MCPGEN2168). The folder named by the manifest may itself be a link.
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadManifest } from "../../generator/manifest/load.js";

const scratch = join(resolve(import.meta.dirname, "../.."), "test/.tmp/skills-symlinks");
const HEADER = "mcpgen: 1\nserver: { name: s, version: 1.0.0 }\nprotocol: [2026-07-28, 2025-11-25]\n";
const SECRET = "TOP-SECRET-do-not-bundle";
const skillMd = (name: string) => `---\nname: ${name}\ndescription: d\n---\n\nBody.\n`;

function write(files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(scratch, path)), { recursive: true });
    writeFileSync(join(scratch, path), text);
  }
}
const link = (target: string, at: string) => symlinkSync(target, join(scratch, at));
const manifestFor = (folder: string) => {
  const file = join(scratch, `${folder.replaceAll("/", "-")}.yaml`);
  writeFileSync(file, `${HEADER}skills:\n  - ./${folder}\n`);
  return file;
};

beforeAll(() => {
  rmSync(scratch, { recursive: true, force: true });
  write({
    "outside/secret.txt": SECRET,
    "outside/dir/notes.txt": SECRET,
    "outside/SKILL.md": skillMd("linked-md"),
    "s/linked-dir/SKILL.md": skillMd("linked-dir"),
    "s/inner-link/SKILL.md": skillMd("inner-link"),
    "s/inner-link/a.txt": "a",
    "s/linked-md/.keep": "",
    "s/deep/SKILL.md": skillMd("deep"),
    "s/deep/sub/real.txt": "real",
    "real/via-link/SKILL.md": skillMd("via-link"),
    "real/via-link/ref.txt": "plain",
  });
  link(join(scratch, "outside/dir"), "s/linked-dir/references");
  link("a.txt", "s/inner-link/b.txt");
  link(join(scratch, "outside/SKILL.md"), "s/linked-md/SKILL.md");
  link("../../../outside/secret.txt", "s/deep/sub/leak.txt");
  mkdirSync(join(scratch, "links"), { recursive: true });
  link(join(scratch, "real/via-link"), "links/via-link");
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("skill folders: symbolic links", () => {
  it.each([
    ["s/linked-dir", "MCPGEN2150", "references"],
    ["s/inner-link", "MCPGEN2150", "b.txt"],
    ["s/deep", "MCPGEN2150", "sub/leak.txt"],
  ])("%s: %s naming `%s`, nothing bundled", async (folder, code, named) => {
    const { diagnostics, manifest } = await loadManifest(manifestFor(folder));
    expect(diagnostics.map((d) => [d.code, d.severity])).toEqual([[code, "error"]]);
    expect(diagnostics[0]!.message).toContain(`${folder}/${named}`);
    expect(diagnostics[0]!.message).toMatch(/symbolic link/);
    expect(manifest).toBeUndefined();
    expect(JSON.stringify(diagnostics)).not.toContain(SECRET);
  });

  it("a linked SKILL.md is refused, and the message says it is a link", async () => {
    const { diagnostics, manifest } = await loadManifest(manifestFor("s/linked-md"));
    expect(diagnostics.map((d) => [d.code, d.severity])).toEqual([["MCPGEN2150", "error"]]);
    expect(diagnostics[0]!.message).toMatch(/SKILL\.md.*symbolic link/);
    expect(manifest).toBeUndefined();
  });

  it("the folder named by the manifest may itself be a link; its plain files are bundled", async () => {
    const { diagnostics, manifest } = await loadManifest(manifestFor("links/via-link"));
    expect(diagnostics).toEqual([]);
    expect(manifest!.skills![0]!.files.map((f) => [f.path, f.text])).toEqual([
      ["SKILL.md", skillMd("via-link")],
      ["ref.txt", "plain"],
    ]);
  });
});
