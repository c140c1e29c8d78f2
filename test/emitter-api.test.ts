// The emitter's public surface and its small building blocks: declaration metadata,
// naming, JSON pointers, dialect detection and `$ref` resolution.

import { describe, expect, it } from "vitest";
import { detectDialect } from "../packages/runtime/src/core/json-schema-dialect.js";
import { decodeFragmentPointer, decodePointer, encodePointer } from "../packages/runtime/src/core/json-pointer.js";
import { SchemaResource } from "../generator/jsonschema/resource.js";
import { emitZodModule } from "../generator/emit/zod/module.js";
import { IdentifierPool, identifierFor, jsDoc } from "../generator/emit/zod/names.js";
import { loadScenarios, moduleInput } from "./fixtures/emitter/support.js";

const scenario = (name: string) => loadScenarios().find((candidate) => candidate.name === name)!;

describe("emitZodModule declarations", () => {
  it("describes every exported declaration: root, pointer, recursion, dependency order", () => {
    const result = emitZodModule(moduleInput(scenario("emitter-recursion")));
    expect(result.declarations.map((declaration) => declaration.name)).toEqual(result.exported);
    const byName = new Map(result.declarations.map((declaration) => [declaration.name, declaration]));
    expect(byName.get("Category_Tag")).toEqual({
      name: "Category_Tag",
      root: "Category",
      pointer: "/$defs/tag",
      recursive: false,
    });
    expect(byName.get("LinkedList")).toEqual({ name: "LinkedList", root: "LinkedList", pointer: "", recursive: true });
    expect(byName.get("TreeNode")).toEqual({ name: "TreeNode", pointer: "/$defs/TreeNode", recursive: true });
    for (const name of ["Expression", "Operation", "JsonValue", "Category", "Everything"])
      expect(byName.get(name)?.recursive).toBe(true);
    expect(byName.get("Forest")?.recursive).toBe(false);
    // A missing name must fail here, not pass as index -1 "before" everything.
    const position = (name: string) => {
      const index = result.exported.indexOf(name);
      expect(index, `${name} is exported`).toBeGreaterThanOrEqual(0);
      return index;
    };
    expect(position("Category_Tag")).toBeLessThan(position("Category"));
    expect(position("TreeNode")).toBeLessThan(position("Forest"));
    expect(position("TreeNode")).toBeLessThan(position("Everything"));
  });

  it("names $ref targets that are not definitions after their containing declaration", () => {
    const result = emitZodModule(moduleInput(scenario("emitter-names")));
    const inner = result.declarations.find((declaration) => declaration.pointer === "/$defs/Holder/properties/inner");
    expect(inner?.name).toBe("Holder_PropertiesInner");
    expect(result.exported).toEqual(
      expect.arrayContaining(["FooBar", "FooBar_2", "AB", "TildeName", "WithSpace", "Percent", "_2fa", "JsonKind_2"]),
    );
  });

  it("writes the header verbatim first and imports only zod", () => {
    const result = emitZodModule({
      document: { $defs: { A: { type: "string" } } },
      header: "// header line\n// second\n",
    });
    expect(result.code.startsWith('// header line\n// second\nimport { z } from "zod";\n')).toBe(true);
    expect(result.code.match(/^import /gm)).toEqual(["import "]);
    expect(result.code).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
  });

  it("inlines only the helpers a module uses (helpers: inline)", () => {
    const plain = emitZodModule({ document: { $defs: { A: { type: "string" } } }, header: "", helpers: "inline" });
    expect(plain.code).not.toContain("function ");
    const withFormat = emitZodModule({
      document: { $defs: { A: { type: "string", format: "uri", pattern: "^a" } } },
      header: "",
      helpers: "inline",
    });
    expect(withFormat.code).toContain("function isUri(");
    expect(withFormat.code).not.toContain("function isByte(");
    // Inlined modules depend on zod alone: patterns run on RegExp, not on the runtime's re2js.
    expect(withFormat.code.match(/^import .*$/gm)).toEqual(['import { z } from "zod";']);
    expect(withFormat.code).toContain('new RegExp("^a", "u")');
    expect(withFormat.code).not.toMatch(/\bexport function\b/);
  });

  it("imports exactly the helpers a module uses from the runtime (default)", () => {
    const plain = emitZodModule({ document: { $defs: { A: { type: "string" } } }, header: "" });
    expect(plain.code.match(/^import .*$/gm)).toEqual(['import { z } from "zod";']);
    const used = emitZodModule({ document: { $defs: { A: { type: "string", format: "uri", pattern: "^a" } } }, header: "" });
    expect(used.code).toContain('import { isUri, matching, pattern } from "@mcp-gen/runtime/validation";');
    expect(used.code).not.toContain("function ");
    expect(used.code).toContain('pattern("^a")');
  });
});

describe("names", () => {
  it("turns schema names into identifiers by the documented rule", () => {
    expect(identifierFor("Foo")).toBe("Foo");
    expect(identifierFor("list-items")).toBe("ListItems");
    expect(identifierFor("foo.bar_baz")).toBe("FooBarBaz");
    expect(identifierFor("2fa")).toBe("_2fa");
    expect(identifierFor("€€")).toBe("Schema");
    const pool = new IdentifierPool();
    expect([pool.claim("A"), pool.claim("A"), pool.claim("A")]).toEqual(["A", "A_2", "A_3"]);
  });

  it("escapes the end of a JSDoc comment", () => {
    expect(jsDoc("a */ b")).toBe("/** a *\\/ b */\n");
    expect(jsDoc("")).toBe("");
  });
});

describe("JSON pointers", () => {
  it("decodes ~1 before ~0 and percent-escapes in fragments", () => {
    expect(decodePointer("/a~1b/~01")).toEqual(["a/b", "~1"]);
    expect(decodeFragmentPointer("/$defs/with%20space/percent%25")).toEqual(["$defs", "with space", "percent%"]);
    expect(decodeFragmentPointer("/bad%zz")).toBeUndefined();
    expect(encodePointer(["a/b", "~1"])).toBe("/a~1b/~01");
    expect(decodePointer("")).toEqual([]);
  });
});

describe("dialects and references", () => {
  it("detects the dialect from $schema, else from the definitions keyword", () => {
    expect(detectDialect({ $schema: "http://json-schema.org/draft-07/schema#" })).toBe("draft-07");
    expect(detectDialect({ $schema: "https://json-schema.org/draft/2020-12/schema", definitions: {} })).toBe("2020-12");
    expect(detectDialect({ definitions: {} })).toBe("draft-07");
    expect(detectDialect({ $defs: {} })).toBe("2020-12");
    expect(detectDialect({}, "draft-07")).toBe("draft-07");
  });

  it("resolves local refs, anchors and the root $id; refuses everything else", () => {
    const resource = new SchemaResource(
      { $id: "https://example.com/root.json", $defs: { A: { $anchor: "a" }, "x/y": {} } },
      "2020-12",
    );
    expect(resource.resolve("#")).toEqual({ kind: "local", tokens: [] });
    expect(resource.resolve("#/$defs/x~1y")).toEqual({ kind: "local", tokens: ["$defs", "x/y"] });
    expect(resource.resolve("#a")).toEqual({ kind: "local", tokens: ["$defs", "A"] });
    expect(resource.resolve("https://example.com/root.json#/$defs/A")).toEqual({
      kind: "local",
      tokens: ["$defs", "A"],
    });
    expect(resource.resolve("https://example.com/other.json")).toEqual({
      kind: "external",
      uri: "https://example.com/other.json",
      network: true,
    });
    expect(resource.resolve("other.json#/x")).toEqual({ kind: "external", uri: "other.json#/x", network: false });
    expect(resource.resolve("#/$defs/Missing").kind).toBe("unresolved");
    expect(resource.resolve("#nope").kind).toBe("unresolved");
  });
});
