import { mkdirSync, mkdtempSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileInMemory } from "../generator/compile/compile.js";
import { OWNER_MARKER, compareWithDisk, writeFileSet } from "../generator/compile/output-files.js";
import { unifiedDiff } from "../generator/compile/unified-diff.js";
import { TMP_DIR } from "./support/tmp.js";

function scratch(): string {
  mkdirSync(TMP_DIR, { recursive: true });
  return mkdtempSync(join(TMP_DIR, "build-"));
}

describe("unified diff", () => {
  it("is empty for equal texts", () => {
    expect(unifiedDiff("a\nb\n", "a\nb\n", "a", "b")).toBe("");
  });
  it("shows a changed line with context and correct hunk ranges", () => {
    const oldText = ["1", "2", "3", "4", "5", "6", "7", "8"].join("\n");
    const newText = ["1", "2", "3", "4", "FIVE", "6", "7", "8"].join("\n");
    expect(unifiedDiff(oldText, newText, "a/x", "b/x")).toBe(
      ["--- a/x", "+++ b/x", "@@ -2,7 +2,7 @@", " 2", " 3", " 4", "-5", "+FIVE", " 6", " 7", " 8", ""].join("\n"),
    );
  });
  it("splits distant changes into separate hunks", () => {
    const lines = Array.from({ length: 30 }, (_, i) => `line ${i}`);
    const changed = [...lines];
    changed[2] = "changed 2";
    changed[25] = "changed 25";
    const diff = unifiedDiff(lines.join("\n"), changed.join("\n"), "a", "b");
    expect(diff.match(/^@@/gm)).toHaveLength(2);
    expect(diff).toContain("+changed 25");
  });
});

describe("output files", () => {
  it("writes, then reports nothing stale; an edit and an extra file are reported with diffs", () => {
    const dir = join(scratch(), "out");
    const files = new Map([
      ["src/a.ts", "export const a = 1;\n"],
      ["package.json", "{}\n"],
    ]);
    expect(writeFileSet(dir, files).written).toEqual(["package.json", "src/a.ts"]);
    expect(existsSync(join(dir, OWNER_MARKER))).toBe(true);
    expect(compareWithDisk(dir, files)).toEqual([]);
    expect(writeFileSet(dir, files).written).toEqual([]);

    writeFileSync(join(dir, "src/a.ts"), "export const a = 2;\n");
    writeFileSync(join(dir, "src/old.ts"), "stale\n");
    const stale = compareWithDisk(dir, files);
    expect(stale.map((s) => `${s.state} ${s.path}`)).toEqual(["changed src/a.ts", "extra src/old.ts"]);
    expect(stale[0]!.diff).toContain("-export const a = 2;\n+export const a = 1;");

    expect(writeFileSet(dir, files)).toEqual({ written: ["src/a.ts"], removed: ["src/old.ts"] });
    expect(compareWithDisk(dir, files)).toEqual([]);
  });

  it("refuses to write into a folder it does not own", () => {
    const dir = scratch();
    writeFileSync(join(dir, "precious.txt"), "mine");
    expect(() => writeFileSet(dir, new Map([["a.ts", ""]]))).toThrow(/not created by mcp-gen/);
    expect(readFileSync(join(dir, "precious.txt"), "utf8")).toBe("mine");
  });
});

describe("in-memory compile", () => {
  it("emits .js and .d.ts for sources importing zod", () => {
    const dir = scratch();
    const result = compileInMemory(
      dir,
      new Map([
        ["src/index.ts", 'import { z } from "zod";\nexport const S = z.object({ a: z.string() });\nexport type S = z.infer<typeof S>;\nexport { helper } from "./helper.js";\n'],
        ["src/helper.ts", "export function helper(n: number): string { return String(n); }\n"],
      ]),
    );
    expect(result.errors).toEqual([]);
    expect([...result.outputs.keys()]).toEqual(["dist/helper.d.ts", "dist/helper.js", "dist/index.d.ts", "dist/index.js"]);
    expect(result.outputs.get("dist/index.d.ts")).toContain("export type S");
  });

  it("reports type errors with file and position instead of emitting", () => {
    const result = compileInMemory(scratch(), new Map([["src/index.ts", "export const n: number = 'x';\n"]]));
    expect(result.errors).toEqual([expect.stringMatching(/^src\/index\.ts\(1,14\): Type 'string' is not assignable to type 'number'/)]);
    expect(result.outputs.size).toBe(0);
  });
});
