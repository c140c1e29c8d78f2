// direct-build.ts: `generate` builds dist/ without TypeScript. Its JavaScript must be the bytes
// TypeScript-based build (strip-types.ts on TypeScript's parse) gives, and its declarations the
// ones TypeScript emits up to layout (both printed from their syntax trees without comments
// equal, the same JSDoc blocks), on every golden scenario, example, fixture, emitter scenario and
// a synthesised 50-tool manifest; syntax it does not handle must fall back, never be built wrong.
import { readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { buildPackage } from "../../generator/compile/build-package.js";
import { directBuild } from "../../generator/compile/direct-build.js";
import { emitZodModule } from "../../generator/emit/zod/module.js";
import { generatePackage } from "../../generator/generate/generate-package.js";
import { loadScenarios, moduleInput } from "../fixtures/emitter/support.js";
import { TMP_DIR } from "../support/tmp.js";
import { buildCases } from "./build-cases.js";
import { jsParseErrors } from "./js-shape.js";

const ROOT = resolve(import.meta.dirname, "..", "..");
const WORK = join(TMP_DIR, "direct-build");

const MANIFESTS = buildCases(WORK);

// A manifest with `auth` exports `authDeclaration = {…} satisfies AuthDeclaration` (and the client
// `toolScopes = {…} as const`), whose types only a checker infers: it takes the checked build.
const CHECKED = new Set(["examples/secure-notes"]);

/**
 * A declaration file's syntax tree as text, without positions, comments or parentheses (the tree
 * encodes precedence: TypeScript writes `(A & B) | undefined` where the source says
 * `A & B | undefined`), and its imports as TypeScript prints them (type-only or not). Fails on a
 * parse error.
 */
function declarationShape(path: string, text: string): string {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS) as ts.SourceFile & { parseDiagnostics: ts.Diagnostic[] };
  expect(source.parseDiagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, " ")), path).toEqual([]);
  const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });
  const imports = source.statements.filter(ts.isImportDeclaration).map((s) => printer.printNode(ts.EmitHint.Unspecified, s, source));
  const shape = (node: ts.Node): string => {
    if (ts.isParenthesizedTypeNode(node) || ts.isParenthesizedExpression(node)) return shape(ts.isParenthesizedTypeNode(node) ? node.type : node.expression);
    const children: string[] = [];
    ts.forEachChild(node, (child) => {
      children.push(shape(child));
    });
    const own = ts.isIdentifier(node) ? node.text : ts.isLiteralExpression(node) || ts.isTemplateLiteralToken(node) ? JSON.stringify(node.text) : "";
    return `${ts.SyntaxKind[node.kind]}${own ? `(${own})` : ""}${children.length > 0 ? `[${children.join(",")}]` : ""}`;
  };
  return `${imports.join("\n")}\n${shape(source)}`;
}

/** The JSDoc blocks of a file, sorted, each line without its indentation (TypeScript re-indents them). */
function jsDocs(text: string): string[] {
  return [...text.matchAll(/\/\*\*[\s\S]*?\*\//g)].map((m) => m[0].replace(/\n[ \t]*/g, "\n")).sort();
}

function expectSameBuild(direct: ReadonlyMap<string, string>, typescript: ReadonlyMap<string, string>): void {
  expect([...direct.keys()].filter((p) => p.startsWith("dist/"))).toEqual([...typescript.keys()].filter((p) => p.startsWith("dist/")));
  let declarations = 0;
  for (const [path, text] of typescript) {
    if (!path.startsWith("dist/")) continue;
    const mine = direct.get(path)!;
    if (path.endsWith(".js")) {
      expect(mine, path).toBe(text);
      expect(jsParseErrors(path, mine), path).toEqual([]);
    } else {
      declarations++;
      expect(declarationShape(path, mine), path).toBe(declarationShape(path, text));
      expect(jsDocs(mine), path).toEqual(jsDocs(text));
    }
  }
  expect(declarations).toBeGreaterThan(0);
}

describe.each(MANIFESTS)("dist/ of %s", (name, manifest) => {
  it(CHECKED.has(name) ? "takes the type-checking build" : "is TypeScript's build, without TypeScript", { timeout: 240_000 }, async () => {
    const outDir = join(WORK, name.replace(/\W+/g, "-"));
    const direct = await generatePackage(manifest(), { outDir });
    const typescript = await generatePackage(manifest(), { outDir, builder: "typescript" });
    expect(direct.build).toBe(CHECKED.has(name) ? "checked" : "direct");
    expect(typescript.build).toBe(CHECKED.has(name) ? "checked" : "isolated");
    // Sources, package.json and README do not depend on the build.
    for (const [path, text] of typescript.files) if (!path.startsWith("dist/")) expect(direct.files.get(path), path).toBe(text);
    expectSameBuild(direct.files, typescript.files);
  });
});

// The loader's corpus of valid manifests: every section of the manifest format, emitted.
const CORPUS = readdirSync(join(ROOT, "test/manifests/valid")).filter((name) => name.endsWith(".yaml"));

describe.each(CORPUS)("dist/ of test/manifests/valid/%s", (name) => {
  it("is TypeScript's build wherever TypeScript builds it without a checker", { timeout: 240_000 }, async () => {
    const manifest = join(ROOT, "test/manifests/valid", name);
    const outDir = join(WORK, "corpus", name.replace(/\W+/g, "-"));
    const direct = await generatePackage(manifest, { outDir });
    const typescript = await generatePackage(manifest, { outDir, builder: "typescript" });
    expect(direct.build).toBe(typescript.build === "checked" ? "checked" : "direct");
    expectSameBuild(direct.files, typescript.files);
  });
});

// Every construct the zod emitter writes, with its declarations-only copy of schemas.ts.
describe.each(loadScenarios().map((scenario) => [scenario.name, scenario] as const))("schemas.ts of emitter scenario %s", (name, scenario) => {
  it("is built as TypeScript builds it", { timeout: 120_000 }, () => {
    const emitted = emitZodModule(moduleInput(scenario));
    const sources = new Map([["src/schemas.ts", emitted.code]]);
    const overrides = new Map(emitted.declarationCode === undefined ? [] : [["src/schemas.ts", emitted.declarationCode]]);
    const typescript = buildPackage(join(WORK, name), sources, overrides);
    const direct = directBuild(sources, overrides);
    // Without the annotated copy (a construct the emitter does not model) neither builds.
    expect(direct === undefined).toBe(emitted.declarationCode === undefined);
    expect(typescript === undefined).toBe(emitted.declarationCode === undefined);
    if (direct && typescript) expectSameBuild(direct.outputs, typescript.outputs);
  });
});

describe("directBuild", () => {
  const build = (code: string) => directBuild(new Map([["src/m.ts", code]]), new Map());
  const both = (code: string) => {
    const direct = build(code);
    const typescript = buildPackage(join(WORK, "unit"), new Map([["src/m.ts", code]]), new Map());
    expect(direct, code).toBeDefined();
    expect(typescript, code).toBeDefined();
    expect(typescript!.errors, code).toEqual([]);
    expectSameBuild(direct!.outputs, typescript!.outputs);
    return direct!.outputs;
  };

  it("cuts every kind of type syntax the emitters write, as strip-types does", () => {
    const outputs = both(
      [
        `// header line`,
        `import { type A, b, c, type Unused } from "./x.js";`,
        `import type { D } from "./d.js";`,
        `/** An interface. */`,
        `export interface E<T extends D = D> extends A { e: T; f?: (x: number, ...rest: string[]) => void; [key: string]: unknown; m<K extends keyof T>(k: K): T[K] }`,
        `export type F = { readonly [P in keyof E]?: E[P] } | [first: string, second?: number] | \`x\${string}\` | -1 | typeof c;`,
        `const local = b<A>(1) as unknown as D;`,
        `/** A function. */`,
        `export async function g<T>(x: T, y: number = 2, { z }: { z: string } = { z: "" }): Promise<T | undefined> {`,
        `  const w: Map<string, Array<A>> = new Map<string, Array<A>>();`,
        `  try { c!.call(x satisfies unknown); } catch (error: unknown) { throw error; }`,
        `  if (y < 3 && y > 1) return (x as T) ?? undefined;`,
        `  const h = async (a: A, b2?: D): Promise<void> => { void a; };`,
        `  const o = { m(p: string): string { return p; }, k: y ? (w) : local, [\`t\${y}\`]: /a[/]b/g, c, ...local };`,
        `  return y > 0 ? (x) : h(local, o as never) as never;`,
        `}`,
        `export const k: () => string = () => \`v\${b as string}\`;`,
        `export { c };`,
        `export type { A };`,
      ].join("\n"),
    );
    expect(outputs.get("dist/m.d.ts")).toContain("// header line\n");
    expect(outputs.get("dist/m.js")).not.toContain("Unused");
  });

  it("scans strings with escaped quotes and backslashes, numbers, templates, regular expressions and every punctuator", () => {
    both(
      String.raw`const b: number = 1;
export const q: string = "a\"b" + 'it\'s' + "\\" + "\\\"" + (b ? .5 : 1e-3) + ${"`"}t${"${"}b > 0 ? "}" : "{"}${"`"} + /[/"']+\//gu.source;
export function ops(x: number): number {
  let y = x;
  y += 1; y -= 1; y *= 2; y /= 2; y %= 3; y **= 2; y <<= 1; y &= 7; y |= 1; y ^= 2;
  y = y << 1 === 2 || y !== 3 || (y ?? 0) <= 4 ? ++y : --y;
  y &&= 1; y ||= 2; y ??= 3;
  return [...[y]].length && !y ? 0 : 0x1f + 1_000 + 2n.toString().length;
}
`,
    );
  });

  it("drops an import only types use, and keeps a module a module", () => {
    both(`import { type A } from "./a.js";\nimport { b } from "./b.js";\nexport type C = A;\nexport const d: number = 1;\nvoid b;\n`.replace("void b;\n", ""));
    both(`import type { A } from "./a.js";\nexport type B = A;\n`);
  });

  it("falls back on syntax it does not handle or an export without a type", () => {
    for (const code of [
      `export const a = 1;\n`,
      `export function f(x: number) { return x; }\n`,
      `export function f(x = 1): number { return x; }\n`,
      `export enum E { A }\n`,
      `export class C {}\n`,
      `export const a: number = 1\nexport const b: number = 2;\n`,
      `const local: number = 1;\nexport const a: typeof local = 1;\n`,
      `type Local = string;\nexport const a: Local = "";\n`,
      `export function f(): void { for (;;) {} }\n`,
      `export function f(x: boolean): void { if (x) !x; }\n`,
      `export const id: <T>(x: T) => T = <T>(x: T) => x;\n`,
      `export const s: string = "é" + \u00e9;\n`,
      `export default 1;\n`,
      `export * from "./x.js";\n`,
    ]) {
      expect(build(code), code).toBeUndefined();
    }
  });

  it("leaves a syntax error to the TypeScript build, which reports it", () => {
    expect(build(`export const a: number = (;\n`)).toBeUndefined();
  });
});
