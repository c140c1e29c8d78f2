// strip-types.ts: the JavaScript of a generated module is its TypeScript with the type syntax cut
// out. On every module of every golden scenario, example, fixture and a 50-tool package it must
// parse as JavaScript and be TypeScript's own emit (transpileModule), node for node (js-shape.ts).
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { stripTypes } from "../../generator/compile/strip-types.js";
import { generatePackage } from "../../generator/generate/generate-package.js";
import { TMP_DIR } from "../support/tmp.js";
import { buildCases } from "./build-cases.js";
import { jsParseErrors, jsShape } from "./js-shape.js";

const WORK = join(TMP_DIR, "strip-types");

const MANIFESTS = buildCases(WORK);

const parse = (name: string, text: string) => ts.createSourceFile(name, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);

function typescriptEmit(text: string): string {
  return ts.transpileModule(text, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, isolatedModules: true, noCheck: true } }).outputText;
}

describe.each(MANIFESTS)("stripTypes on %s", (name, manifest) => {
  it("gives TypeScript's JavaScript for every module", { timeout: 240_000 }, async () => {
    const generated = await generatePackage(manifest(), { outDir: join(WORK, name.replace(/\W+/g, "-")) });
    const modules = [...generated.files].filter(([path]) => path.startsWith("src/") && path.endsWith(".ts"));
    expect(modules.length).toBeGreaterThan(0);
    for (const [path, text] of modules) {
      const stripped = stripTypes(parse(path, text));
      expect(stripped, path).toBeDefined();
      expect(jsParseErrors(path, stripped!), path).toEqual([]);
      expect(jsShape(path, stripped!), path).toBe(jsShape(path, typescriptEmit(text)));
    }
  });
});

describe("stripTypes", () => {
  const strip = (code: string) => stripTypes(parse("m.ts", code));

  it("cuts annotations, type parameters and arguments, casts, type-only declarations and imports", () => {
    const code = [
      `import { type A, b, c } from "./x.js";`,
      `import type { D } from "./d.js";`,
      `/** A type. */`,
      `export interface E { e: D }`,
      `type F = A | E;`,
      `export function g<T extends F>(value: T, flag?: boolean): T[] {`,
      `  const list: T[] = [value as T];`,
      `  return b<T>(list!, flag satisfies boolean | undefined);`,
      `}`,
      `export class H<T> implements E {`,
      `  private readonly e!: D;`,
      `  declare f: number;`,
      `  constructor() {}`,
      `  m(x: number): number { return x; }`,
      `}`,
      `export const k = (x: number): string => String(x);`,
      "",
    ].join("\n");
    expect(strip(code)).toBe(
      [
        `import { b } from "./x.js";`,
        `export function g(value, flag) {`,
        `  const list = [value];`,
        `  return b(list, flag);`,
        `}`,
        `export class H  {`,
        `  e;`,
        `  constructor() {}`,
        `  m(x) { return x; }`,
        `}`,
        `export const k = (x) => String(x);`,
        "",
      ].join("\n"),
    );
  });

  it("drops runs of type-only and unused specifiers, first, inner and last, one line or many", () => {
    const uses = `export const v = [a, b];\n`;
    expect(strip(`import { a, type T, type U } from "m";\nimport { type V, b, c } from "n";\n${uses}`)).toBe(`import { a } from "m";\nimport { b } from "n";\n${uses}`);
    expect(strip(`import {\n  a,\n  type T,\n  b,\n  type U,\n  type W,\n} from "m";\n${uses}`)).toBe(`import {\n  a,\n  b,\n} from "m";\n${uses}`);
    expect(strip(`export { type T, a, type U, type W } from "m";\n`)).toBe(`export { a } from "m";\n`);
  });

  it("keeps a module a module when only types were exported", () => {
    expect(strip(`export type A = string;\n`)).toBe(`export {};\n`);
  });

  it("declines what needs a transform", () => {
    for (const code of [`enum E { A }`, `namespace N { export const a = 1; }`, `class C { constructor(private a: number) {} }`, `const x = <number>y;`, `import x = require("x");`, `abstract class A {}`]) {
      expect(strip(code), code).toBeUndefined();
    }
  });
});
