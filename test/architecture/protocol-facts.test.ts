// One home per protocol fact (issue 10, "Must show"): every `_meta` key, error code and method
// table lives in packages/runtime/src/core/, once; and each runtime method registry equals the
// generator's hand-curated table of the same revision (generator/spec-schema/methods), which
// test/spec-methods.test.ts ties to the schema's unions.
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { methodTable, methodTableRevisions } from "../../generator/spec-schema/methods/index.js";
import * as envelope from "../../packages/runtime/src/core/era/envelope.js";
import { ERROR_CODES } from "../../packages/runtime/src/core/jsonrpc/codes.js";
import { methodRow, methodRows, methodsOfRevision } from "../../packages/runtime/src/core/methods.js";
import { REPO, sourceFiles } from "./import-graph.js";

const SRC = path.join(REPO, "packages/runtime/src");
const CORE = path.join(SRC, "core") + path.sep;
const META_PREFIX = "io.modelcontextprotocol/";

interface Literal {
  file: string;
  line: number;
  kind: "string" | "error-code" | "method-table";
  text: string;
}

const registryMethods = new Set([...methodRows("modern"), ...methodRows("legacy")].map((r) => r.method));

function stringValue(node: ts.Node): string | undefined {
  return ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : undefined;
}

function isDataProperty(property: ts.ObjectLiteralElementLike): boolean {
  if (!ts.isPropertyAssignment(property)) return false;
  const value = property.initializer;
  return (
    ts.isStringLiteral(value) ||
    ts.isNumericLiteral(value) ||
    ts.isIdentifier(value) ||
    value.kind === ts.SyntaxKind.TrueKeyword ||
    value.kind === ts.SyntaxKind.FalseKeyword ||
    value.kind === ts.SyntaxKind.NullKeyword
  );
}

/** String literals, negative numeric literals, and collection literals naming ≥ 2 registry methods. */
export function literalsOf(file: string, text: string): Literal[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const found: Literal[] = [];
  const lineOf = (node: ts.Node): number => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node: ts.Node): void => {
    const value = stringValue(node);
    if (value !== undefined) found.push({ file, line: lineOf(node), kind: "string", text: value });
    if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(node.operand)) {
      const code = -Number(node.operand.text);
      if (code <= -32000 && code >= -32768) found.push({ file, line: lineOf(node), kind: "error-code", text: String(code) });
    }
    // A table is an array of method names, or an object keyed by them whose values are plain
    // data (`{"tools/call": "name"}`); an object that builds per-method values (compile.ts's
    // pre-serialized pages) is code keyed by method, not a copy of a protocol table.
    if (ts.isArrayLiteralExpression(node) || (ts.isObjectLiteralExpression(node) && node.properties.every(isDataProperty))) {
      const names = ts.isArrayLiteralExpression(node)
        ? node.elements.map(stringValue)
        : node.properties.map((p) => (p.name !== undefined && (ts.isStringLiteral(p.name) || ts.isIdentifier(p.name)) ? p.name.text : undefined));
      const methods = names.filter((n): n is string => n !== undefined && registryMethods.has(n));
      if (methods.length >= 2) found.push({ file, line: lineOf(node), kind: "method-table", text: methods.join(", ") });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function violations(files: readonly string[], read: (file: string) => string = (f) => readFileSync(f, "utf8")): string[] {
  const out: string[] = [];
  for (const file of files) {
    if (file.startsWith(CORE)) continue;
    for (const literal of literalsOf(file, read(file))) {
      const where = `${path.relative(REPO, file)}:${literal.line}`;
      if (literal.kind === "string" && literal.text.includes(META_PREFIX)) out.push(`${where} spells the _meta key ${literal.text}`);
      if (literal.kind === "error-code") out.push(`${where} spells the error code ${literal.text}`);
      if (literal.kind === "method-table") out.push(`${where} lists methods (${literal.text})`);
    }
  }
  return out;
}

describe("protocol facts have one home", () => {
  const files = sourceFiles(SRC);

  it("no `_meta` key, error code or method table is written outside core/", () => {
    expect(files.length).toBeGreaterThan(50);
    expect(violations(files)).toEqual([]);
  });

  it("would notice a re-declared key, code or table", () => {
    const planted = path.join(SRC, "client/planted.ts");
    const text = `const KEY = "io.modelcontextprotocol/protocolVersion";\nconst CODE = -32022;\nconst T = new Set(["tools/list", "tools/call"]);\nconst G = { "tools/list": "tools", "prompts/get": "prompts" };\n`;
    expect(violations([planted], () => text)).toEqual([
      "packages/runtime/src/client/planted.ts:1 spells the _meta key io.modelcontextprotocol/protocolVersion",
      "packages/runtime/src/client/planted.ts:2 spells the error code -32022",
      "packages/runtime/src/client/planted.ts:3 lists methods (tools/list, tools/call)",
      "packages/runtime/src/client/planted.ts:4 lists methods (tools/list, prompts/get)",
    ]);
  });

  it("core defines each error code and each _meta key once", () => {
    const codes = Object.values(ERROR_CODES);
    expect(new Set(codes).size).toBe(codes.length);
    const keys = Object.entries(envelope).filter(([name]) => name.startsWith("META_")).map(([, value]) => value);
    expect(keys.length).toBeGreaterThanOrEqual(6);
    expect(new Set(keys).size).toBe(keys.length);
    // Within core, each key literal is written once (the constant), never again.
    const coreFiles = sourceFiles(path.join(SRC, "core"));
    const spelled = coreFiles.flatMap((f) => literalsOf(f, readFileSync(f, "utf8"))).filter((l) => l.kind === "string" && l.text.startsWith(META_PREFIX));
    expect(spelled.map((l) => l.text).sort()).toEqual(keys.filter((k) => typeof k === "string" && k.startsWith(META_PREFIX)).sort());
  });
});

describe("runtime method registries equal the generator's tables", () => {
  it.each(methodTableRevisions())("%s", (revision) => {
    const table = methodTable(revision);
    const runtime = methodsOfRevision(table.era, revision);
    expect(runtime.map((r) => r.method).sort()).toEqual(table.clientRequests.map((r) => r.method).sort());
    for (const entry of table.clientRequests) {
      expect(methodRow(table.era, entry.method)?.mayRequireInput, entry.method).toBe(entry.inputRequired === true);
    }
  });

  it("has one row per method and era", () => {
    for (const era of ["modern", "legacy"] as const) {
      const names = methodRows(era).map((r) => r.method);
      expect(new Set(names).size).toBe(names.length);
    }
  });
});
