// helper-source.ts reads the names of the runtime's helper library from the files' tokens
// (compile/direct/names.ts), not TypeScript's parse: they must be the names TypeScript's syntax
// tree gives, on every file of the real library, and an unrecognised statement must fall back.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { namedReexports, topLevelNames } from "../../generator/compile/direct/names.js";
import { UNSUPPORTED } from "../../generator/compile/direct/scanner.js";
import { declaredNames, helperLibrary, namesOf } from "../../generator/emit/zod/helper-source.js";

const DIR = resolve(import.meta.dirname, "..", "..", "packages", "runtime", "src", "validation");
const INDEX = readFileSync(join(DIR, "index.ts"), "utf8");
const parse = (file: string, text: string) => ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);

/** What TypeScript's tree of the index exports, in order, with the module each comes from. */
function typescriptReexports(): { name: string; from: string }[] {
  return parse("index.ts", INDEX).statements.flatMap((s) =>
    ts.isExportDeclaration(s) && s.moduleSpecifier && s.exportClause && ts.isNamedExports(s.exportClause)
      ? s.exportClause.elements.map((e) => ({ name: e.name.text, from: (s.moduleSpecifier as ts.StringLiteral).text }))
      : [],
  );
}

const FILES = [...new Set(typescriptReexports().map((r) => r.from))];

describe("helper library names without TypeScript", () => {
  it("reads the index's re-exports as TypeScript does", () => {
    expect(FILES.length).toBeGreaterThan(5);
    expect(namedReexports(INDEX)).toEqual(typescriptReexports());
  });

  it.each(FILES)("reads the top-level names of %s as TypeScript does", (from) => {
    const file = join(DIR, from.replace(/\.js$/, ".ts"));
    const text = readFileSync(file, "utf8");
    const expected = parse(file, text).statements.filter((s) => !ts.isImportDeclaration(s)).flatMap(declaredNames);
    expect(expected.length).toBeGreaterThan(0);
    expect(topLevelNames(text)).toEqual(expected);
  });

  it("reserves every name the files declare and exports every name of the index", () => {
    const library = helperLibrary();
    expect([...library.exported].sort()).toEqual(typescriptReexports().map((r) => r.name).sort());
    for (const from of FILES) {
      const file = join(DIR, from.replace(/\.js$/, ".ts"));
      for (const name of namesOf(file, readFileSync(file, "utf8"))) expect(library.declared.has(name), name).toBe(true);
    }
  });

  it("falls back to TypeScript on a statement it does not recognise", () => {
    const cases = ["registerAll();\n", "const a = 1, b = 2;\n", "export default function () {}\n"];
    for (const text of cases) {
      expect(() => topLevelNames(text), text).toThrow();
      try {
        topLevelNames(text);
      } catch (error) {
        expect(error).toBe(UNSUPPORTED);
      }
    }
    // The TypeScript reading of the same statements: two declarators are two names.
    expect(namesOf("m.ts", "const a = 1, b = 2;\n")).toEqual(["a", "b"]);
    expect(() => namesOf("m.ts", "registerAll();\n")).toThrow(/unsupported top-level statement/);
  });
});
