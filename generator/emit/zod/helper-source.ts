// The helpers generated zod schemas call live in the runtime, as ordinary unit-tested
// TypeScript (packages/runtime/src/validation/, subpath `@mcp-gen/runtime/validation`).
// Generated packages import them; `mcp-gen types` output must depend on zod alone, so it
// inlines the SAME source, read here at generate time — there is no second copy to drift.
//
// DECISION (where the source comes from): the runtime package ships `src/validation/*.ts`
// next to `dist/` ("files" in its package.json), and this module finds it through the
// package's own `./validation` export, so the same lookup works in this repository (the
// workspace link) and in an installed mcp-gen (node_modules/@mcp-gen/runtime). Type-annotated
// source is needed because the output is TypeScript checked with `--strict`; dist .js is not.
//
// DECISION (what gets inlined): the top-level statements the module uses and, through the
// TypeScript checker (scope-aware, so a local `pattern` variable is not the `pattern`
// helper), the statements they reference, in the order of index.ts then of each file, with
// `export` and file headers dropped. A statement that needs a package other than zod (re2js)
// cannot be inlined: asking for it is an internal error, caught by the types-command test.

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type ts from "typescript";
import { namedReexports, topLevelNames } from "../../compile/direct/names.js";
import { UNSUPPORTED } from "../../compile/direct/scanner.js";
import { typescript } from "../../compile/typescript.js";

/** The runtime subpath generated modules import the helpers from. */
export const VALIDATION_MODULE = "@mcp-gen/runtime/validation";

interface HelperStatement {
  readonly file: string;
  readonly names: readonly string[];
  readonly text: string;
  /** Keys (`file#name`) of the top-level declarations this statement refers to. */
  readonly uses: readonly string[];
  /** Packages other than zod it needs: such a statement exists only in the runtime. */
  readonly packages: readonly string[];
}

export interface HelperLibrary {
  /** Names the index exports (what an `import { … }` may name). */
  readonly exported: ReadonlySet<string>;
  /** Every top-level name of the helper files: reserved so declarations never take one. */
  readonly declared: ReadonlySet<string>;
  /** Source text of the requested exports and everything they use, in a fixed order. */
  inline(requested: Iterable<string>): string[];
}

let cached: HelperLibrary | undefined;

/** The helper library of the installed runtime (parsed once per process). */
export function helperLibrary(): HelperLibrary {
  cached ??= readLibrary(validationSourceDir());
  return cached;
}

function validationSourceDir(): string {
  const require = createRequire(import.meta.url);
  // The export points somewhere under <runtime>/dist (a bundle today); the package root is the
  // nearest folder above it with the runtime's package.json, and the source is <runtime>/src/validation.
  let dir = dirname(require.resolve(VALIDATION_MODULE));
  while (!isRuntimeRoot(dir)) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`internal: no package.json of @mcp-gen/runtime above ${require.resolve(VALIDATION_MODULE)}`);
    dir = parent;
  }
  return join(dir, "src", "validation");
}

function isRuntimeRoot(dir: string): boolean {
  try {
    return (JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name?: unknown }).name === "@mcp-gen/runtime";
  } catch {
    return false;
  }
}

function readText(file: string, missing: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    throw new Error(missing);
  }
}

/**
 * DECISION (measured, bench `scale-gen`): the names are all a generated package needs (it imports
 * the helpers), and loading TypeScript to parse the files cost ~300 ms of every `generate`. They
 * are read from the files' tokens (compile/direct/names.ts); a statement that reading does not
 * recognise makes it parse with TypeScript, as before. The checker that finds what each
 * statement uses runs only when a module inlines helpers (`mcp-gen types`).
 * test/generate/helper-names.test.ts holds both readings equal on the runtime's helper source.
 */
function readLibrary(dir: string): HelperLibrary {
  const indexPath = join(dir, "index.ts");
  const indexText = readText(indexPath, `internal: the helper source of ${VALIDATION_MODULE} is missing (${indexPath}); reinstall @mcp-gen/runtime`);
  const exportedFrom = new Map<string, string>();
  const files: string[] = [];
  for (const { name, from } of reexportsOf(indexPath, indexText)) {
    const file = join(dir, from.replace(/\.js$/, ".ts"));
    if (!files.includes(file)) files.push(file);
    exportedFrom.set(name, file);
  }
  const texts = files.map((file) => readText(file, `internal: cannot read helper source ${file}`));
  const declared = new Set(texts.flatMap((text, k) => namesOf(files[k]!, text)));
  let parsedFiles: ts.SourceFile[] | undefined;
  const parsed = () => (parsedFiles ??= files.map((file, k) => typescript().createSourceFile(file, texts[k]!, typescript().ScriptTarget.ES2022, true)));
  const topLevel = (source: ts.SourceFile) => source.statements.filter((statement) => !typescript().isImportDeclaration(statement));
  let described: { statements: Map<string, HelperStatement>; ordered: HelperStatement[] } | undefined;
  const describeAll = () => {
    const ts = typescript();
    const sources = new Map(parsed().map((source) => [source.fileName, source]));
    const host = ts.createCompilerHost({});
    host.getSourceFile = (file) => sources.get(file);
    const program = ts.createProgram({ rootNames: files, options: { noLib: true, noResolve: true, types: [], target: ts.ScriptTarget.ES2022 }, host });
    const checker = program.getTypeChecker();
    const statements = new Map<string, HelperStatement>();
    const ordered: HelperStatement[] = [];
    for (const source of parsed()) {
      for (const statement of topLevel(source)) {
        const helper = describe(statement, source, checker, dir);
        ordered.push(helper);
        for (const name of helper.names) statements.set(`${source.fileName}#${name}`, helper);
      }
    }
    return { statements, ordered };
  };
  return {
    exported: new Set(exportedFrom.keys()),
    declared,
    inline(requested) {
      described ??= describeAll();
      const { statements, ordered } = described;
      const needed = new Set<HelperStatement>();
      const visit = (key: string, from: string): void => {
        const statement = statements.get(key);
        if (!statement) throw new Error(`internal: no helper '${key}' (needed by ${from})`);
        if (needed.has(statement)) return;
        if (statement.packages.length > 0) {
          throw new Error(`internal: helper '${key}' needs ${statement.packages.join(", ")} and cannot be inlined`);
        }
        needed.add(statement);
        for (const use of statement.uses) visit(use, key);
      };
      for (const name of requested) {
        const file = exportedFrom.get(name);
        if (file === undefined) throw new Error(`internal: '${name}' is not exported by ${VALIDATION_MODULE}`);
        visit(`${file}#${name}`, "the emitted module");
      }
      return ordered.filter((statement) => needed.has(statement)).map((statement) => statement.text);
    },
  };
}

/** `export { … } from "…"` of the index: each exported name and its module specifier. */
function reexportsOf(file: string, text: string): { name: string; from: string }[] {
  try {
    return namedReexports(text);
  } catch (error) {
    if (error !== UNSUPPORTED) throw error;
  }
  const ts = typescript();
  const found: { name: string; from: string }[] = [];
  for (const statement of ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true).statements) {
    if (!ts.isExportDeclaration(statement) || !statement.moduleSpecifier || !statement.exportClause || !ts.isNamedExports(statement.exportClause)) continue;
    for (const element of statement.exportClause.elements) found.push({ name: element.name.text, from: (statement.moduleSpecifier as ts.StringLiteral).text });
  }
  return found;
}

/** The top-level names a helper file declares. */
export function namesOf(file: string, text: string): string[] {
  try {
    return topLevelNames(text);
  } catch (error) {
    if (error !== UNSUPPORTED) throw error;
  }
  const ts = typescript();
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  return source.statements.filter((statement) => !ts.isImportDeclaration(statement)).flatMap(declaredNames);
}

/** The names TypeScript's syntax tree gives a top-level statement (what namesOf must equal). */
export function declaredNames(statement: ts.Statement): string[] {
  const ts = typescript();
  if (ts.isVariableStatement(statement)) {
    return statement.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name.text] : []));
  }
  if (
    (ts.isFunctionDeclaration(statement) ||
      ts.isInterfaceDeclaration(statement) ||
      ts.isTypeAliasDeclaration(statement) ||
      ts.isClassDeclaration(statement)) &&
    statement.name
  ) {
    return [statement.name.text];
  }
  throw new Error(`internal: unsupported top-level statement in helper source: ${statement.getText().slice(0, 60)}`);
}

function describe(statement: ts.Statement, source: ts.SourceFile, checker: ts.TypeChecker, dir: string): HelperStatement {
  const ts = typescript();
  const uses = new Set<string>();
  const packages = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) {
      const declaration = checker.getSymbolAtLocation(node)?.declarations?.[0];
      if (declaration !== undefined) {
        const target = topLevelTarget(declaration, source, dir);
        if (target?.kind === "helper") uses.add(target.key);
        else if (target?.kind === "package") packages.add(target.name);
      }
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(statement, visit);
  const names = declaredNames(statement);
  for (const name of names) uses.delete(`${source.fileName}#${name}`);
  return { file: source.fileName, names, text: withoutExport(statement, source), uses: [...uses], packages: [...packages] };
}

type Target = { readonly kind: "helper"; readonly key: string } | { readonly kind: "package"; readonly name: string };

/** What a declaration found by the checker is, seen from a helper file: a top-level helper, an import, or local. */
function topLevelTarget(declaration: ts.Declaration, source: ts.SourceFile, dir: string): Target | undefined {
  const ts = typescript();
  if (ts.isImportSpecifier(declaration)) {
    const module = (declaration.parent.parent.parent.moduleSpecifier as ts.StringLiteral).text;
    const imported = (declaration.propertyName ?? declaration.name).text;
    if (module === "zod") return undefined;
    if (module.startsWith("./") || module.startsWith("../")) {
      const file = join(dirname(source.fileName), module.replace(/\.js$/, ".ts"));
      if (!file.startsWith(dir)) throw new Error(`internal: helper ${source.fileName} imports outside ${dir}`);
      return { kind: "helper", key: `${file}#${imported}` };
    }
    return { kind: "package", name: module };
  }
  let node: ts.Node = declaration;
  while (node.parent !== undefined && !ts.isSourceFile(node.parent)) node = node.parent;
  if (node.parent === undefined || node.getSourceFile() !== source || ts.isImportDeclaration(node)) return undefined;
  // Only a declaration that IS a top-level statement (or its variable) names a helper.
  const statement = node as ts.Statement;
  const isTopLevelName =
    (declaration as ts.Node) === statement ||
    (ts.isVariableStatement(statement) && ts.isVariableDeclaration(declaration) && declaration.parent.parent === statement);
  if (!isTopLevelName) return undefined;
  const name = ts.getNameOfDeclaration(declaration);
  return name && ts.isIdentifier(name) ? { kind: "helper", key: `${source.fileName}#${name.text}` } : undefined;
}

/** The statement's text with its JSDoc and without its `export` keyword. */
function withoutExport(statement: ts.Statement, source: ts.SourceFile): string {
  const ts = typescript();
  const start = statement.getStart(source, true);
  let text = source.text.slice(start, statement.end);
  const exported = ts.canHaveModifiers(statement)
    ? ts.getModifiers(statement)?.find((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)
    : undefined;
  if (exported !== undefined) {
    const from = exported.getStart(source) - start;
    const to = exported.end - start;
    text = text.slice(0, from) + text.slice(to).replace(/^\s+/, "");
  }
  return text;
}
