// Import-graph rules (issue 10, "Must show"): no import cycle anywhere under generator/ and
// packages/runtime/src; the server engine never reaches a transport or the client; the client
// never reaches the server engine.
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { importCycles, importGraph, REPO, sourceFiles, type Graph } from "./import-graph.js";

const GENERATOR = path.join(REPO, "generator");
const RUNTIME = path.join(REPO, "packages/runtime/src");
const rel = (file: string): string => path.relative(REPO, file);

function layerViolations(graph: Graph, from: string, forbidden: readonly string[]): string[] {
  const dir = path.join(RUNTIME, from) + path.sep;
  const bad = forbidden.map((f) => path.join(RUNTIME, f) + path.sep);
  const out: string[] = [];
  for (const [file, targets] of graph) {
    if (!file.startsWith(dir)) continue;
    for (const target of targets) if (bad.some((b) => target.startsWith(b))) out.push(`${rel(file)} → ${rel(target)}`);
  }
  return out;
}

describe("import graph", () => {
  const graph = importGraph([GENERATOR, RUNTIME]);

  it("reads every source file of both trees", () => {
    const files = [...graph.keys()];
    expect(files.filter((f) => f.startsWith(GENERATOR + path.sep)).length).toBeGreaterThan(50);
    expect(files.filter((f) => f.startsWith(RUNTIME + path.sep)).length).toBeGreaterThan(50);
  });

  it("has no import cycle", () => {
    expect(importCycles(graph).map((cycle) => cycle.map(rel))).toEqual([]);
  });

  it("keeps server/ away from http/, stdio/ and client/", () => {
    expect(layerViolations(graph, "server", ["http", "stdio", "client"])).toEqual([]);
  });

  it("keeps client/ away from server/", () => {
    expect(layerViolations(graph, "client", ["server"])).toEqual([]);
  });

  it("keeps core/ free of everything but core/", () => {
    expect(layerViolations(graph, "core", ["server", "client", "http", "stdio", "mrtr", "subscriptions", "handles", "generated-support", "uri", "pagination"])).toEqual([]);
  });

  it("keeps core/ runtime-neutral: no Node globals (Buffer, process, require)", () => {
    const uses: string[] = [];
    for (const file of sourceFiles(path.join(RUNTIME, "core"))) {
      const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.ES2022, true);
      const visit = (node: ts.Node): void => {
        if (ts.isIdentifier(node) && ["Buffer", "process", "require", "__dirname"].includes(node.text)) uses.push(`${rel(file)}: ${node.text}`);
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(uses).toEqual([]);
  });

  // The checks above must be able to fail: the same graph with one planted back edge.
  it("detects a planted cycle and a planted layer violation", () => {
    const engine = path.join(RUNTIME, "server/server.ts");
    const planted = new Map([[path.join(RUNTIME, "core/jsonrpc/codes.ts"), `import "../../server/server.js";\nexport const X = 1;\n`]]);
    const withCycle = importGraph([RUNTIME], planted);
    expect(importCycles(withCycle).some((cycle) => cycle.includes(engine))).toBe(true);
    const withLayer = importGraph([RUNTIME], new Map([[path.join(RUNTIME, "server/planted.ts"), `import "../client/client.js";\n`]]));
    expect(layerViolations(withLayer, "server", ["client"])).toEqual(["packages/runtime/src/server/planted.ts → packages/runtime/src/client/client.ts"]);
  });
});
