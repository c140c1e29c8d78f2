// The dev loop's warm regeneration (noCheck emit, memoized prettier, cached disk files) writes
// exactly the bytes `mcp-gen generate` writes, and reports its time for the notes manifest.
import { copyFileSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Regenerator } from "../../generator/dev/regenerate.js";
import { generatePackage } from "../../generator/generate/generate-package.js";

const ROOT = resolve(import.meta.dirname, "../..");
const DIR = join(ROOT, "test", ".tmp", `dev-regen-${process.pid}`);
const MANIFEST = join(DIR, "mcp.yaml");
const OUT = join(DIR, "generated");

afterAll(() => rmSync(DIR, { recursive: true, force: true }));

describe("Regenerator (mcp-gen dev)", () => {
  it("writes what generate writes, edit after edit, and times each phase", async () => {
    rmSync(DIR, { recursive: true, force: true });
    mkdirSync(DIR, { recursive: true });
    copyFileSync(join(ROOT, "examples", "notes", "mcp.yaml"), MANIFEST);
    // The manifest's skill folders travel with it (`skills: [./skills/note-taking]`).
    cpSync(join(ROOT, "examples", "notes", "skills"), join(DIR, "skills"), { recursive: true });
    const original = readFileSync(MANIFEST, "utf8");
    const regenerator = new Regenerator(MANIFEST, OUT);
    const first = await regenerator.run();
    expect(first.ok).toBe(true);
    const totals: number[] = [];
    for (const [i, edit] of [
      (text: string) => text.replace(/^(\s+description: .*)$/m, "$1 (edited)"),
      (text: string) => `${text}\n# a comment: only the manifest hash changes\n`,
    ].entries()) {
      const edited = edit(original);
      expect(edited).not.toBe(original);
      writeFileSync(MANIFEST, edited);
      const result = await regenerator.run();
      if (!result.ok) throw new Error(result.report);
      totals.push(result.times.total);
      expect(result.times.load + result.times.generate + result.times.write).toBeCloseTo(result.times.total, 5);
      const expected = await generatePackage(MANIFEST, { outDir: OUT });
      for (const [path, content] of expected.files) expect(readFileSync(join(OUT, path), "utf8"), `${path} after edit ${i + 1}`).toBe(content);
      expect(regenerator.checkTypes()).toBe("");
    }
    process.stdout.write(`mcp-gen dev: warm regeneration of examples/notes/mcp.yaml: ${totals.map((t) => `${Math.round(t)} ms`).join(", ")}\n`);
  }, 180_000);

  it("reports a broken manifest like validate and writes nothing", async () => {
    mkdirSync(DIR, { recursive: true });
    writeFileSync(MANIFEST, "mcpgen: 1\nserver: { name: x, version: 1.0.0 }\nprotocol: [2026-07-28]\ntools:\n  t: { input: { type: strin } }\n");
    const result = await new Regenerator(MANIFEST, join(DIR, "never")).run();
    expect(result.ok).toBe(false);
    expect(result.report).toMatch(/mcp\.yaml:5:\d+ error MCPGEN\d{4} /);
    expect(result.report).toContain("hint:");
    expect(result.report).toMatch(/1 error\(s\), \d+ warning\(s\)/);
  }, 60_000);
});
