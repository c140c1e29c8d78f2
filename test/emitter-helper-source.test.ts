// The inliner behind `mcp-gen types`: it copies the runtime's validation helpers (the same
// source generated packages import) with everything they use, and nothing that needs a
// package other than zod.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { helperLibrary } from "../generator/emit/zod/helper-source.js";
import { FORMAT_CHECKERS } from "../generator/emit/zod/formats.js";
import * as runtime from "../packages/runtime/src/validation/index.js";
import { TMP_DIR } from "./support/tmp.js";

/** Exports that need re2js: generated packages import them; inlined modules use RegExp instead. */
const RUNTIME_ONLY = new Set(["pattern", "linearMatcher"]);

describe("helper source inlining", () => {
  const library = helperLibrary();
  const values = [...library.exported].filter((name) => typeof (runtime as Record<string, unknown>)[name] === "function");

  it("finds every runtime export, and every format checker the emitter names", () => {
    expect(values.length).toBeGreaterThan(40);
    for (const { helper } of Object.values(FORMAT_CHECKERS)) if (helper !== undefined) expect(library.exported.has(helper), helper).toBe(true);
  });

  it("reads the source the runtime package ships (so an installed mcp-gen finds it too)", () => {
    const manifest = JSON.parse(readFileSync(join(import.meta.dirname, "../packages/runtime/package.json"), "utf8"));
    expect(manifest.files).toContain("src/validation");
    // The export points into dist/ (a bundle); the source sits at <runtime>/src/validation.
    expect(manifest.exports["./validation"].default).toMatch(/^\.\/dist\/.*validation\/index\.js$/);
    expect(manifest.exports["./validation"].types).toBe("./dist/validation/index.d.ts");
  });

  it("refuses to inline what needs re2js, and inlines the rest without import or export", () => {
    for (const name of RUNTIME_ONLY) expect(() => library.inline([name]), name).toThrow(/re2js/);
    const text = library.inline(values.filter((name) => !RUNTIME_ONLY.has(name))).join("\n\n");
    expect(text).not.toMatch(/^\s*(import|export)\b/m);
    // Scope-aware: otherProperties' local `pattern` variable does not drag the re2js helper in.
    expect(library.inline(["otherProperties"]).join("\n")).not.toContain("RE2JS");
  });

  it("inlines dependencies: each helper alone runs exactly like the runtime's", async () => {
    const dir = join(TMP_DIR, "helper-source");
    mkdirSync(dir, { recursive: true });
    const probes = ["", "a", "http://" + "@".repeat(50) + "!", "https://u@example.com/x", "2024-02-29T12:00:00Z", "a@b.co", "::1", "/a~0", "0#", "{a}", "QUJD", "P1W"];
    for (const name of ["isUrl", "isUriReference", "isDateTime", "isEmail", "isIpv6", "isRelativeJsonPointer", "isUriTemplate", "isByte", "isDuration"]) {
      const code = `import { z } from "zod";\nvoid z;\n${library.inline([name]).join("\n\n")}\nexport { ${name} };\n`;
      const js = ts.transpileModule(code, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
      const file = join(dir, `${name}.mjs`);
      writeFileSync(file, js);
      const inlined = (await import(pathToFileURL(file).href))[name] as (text: string) => boolean;
      const original = (runtime as unknown as Record<string, (text: string) => boolean>)[name]!;
      for (const probe of probes) expect(inlined(probe), `${name}(${JSON.stringify(probe)})`).toBe(original(probe));
    }
  });
});
