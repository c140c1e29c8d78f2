// `_meta` on list entries, complete resource annotations and declared extensions
// (generator/manifest/meta.ts): the spec's _meta key format [S26:basic/index § _meta] as valid
// and invalid vectors with codes and positions, and the IR. The wire: meta-server.test.ts.
import { describe, expect, it } from "vitest";
import { loadManifestText } from "../../generator/manifest/load.js";
import { isReservedMetaKey, isValidExtensionId, isValidMetaKey } from "../../generator/manifest/meta.js";

const HEAD = "mcpgen: 1\nserver: { name: t, version: 1.0.0 }\nprotocol: [2026-07-28, 2025-11-25]\n";
const load = (body: string) => loadManifestText(HEAD + body, "mcp.yaml");
const found = (r: ReturnType<typeof load>) => r.diagnostics.map((d) => `${d.code}@${d.line}:${d.column} ${d.path}`);

describe("_meta key format (spec basic/index § _meta)", () => {
  it.each([
    "name",
    "",
    "a",
    "com.example/rating",
    "com.example/",
    "com.example/a.b_c-d",
    "x/y",
    "com.example-co.a1/n9",
    "com.example.mcp/not-reserved",
    "progressToken",
  ])("accepts %j", (key) => {
    expect(isValidMetaKey(key)).toBe(true);
  });

  it.each([
    "has space",
    "-lead",
    "trail-",
    "_x",
    "9com.example/x",
    "com..example/x",
    "com.example-/x",
    "com.example/-x",
    "com.example/x_",
    "a/b/c",
    "/x",
    "com.exämple/x",
    "__proto__",
  ])("refuses %j", (key) => {
    expect(isValidMetaKey(key)).toBe(false);
  });

  it("reserves a prefix whose second label is modelcontextprotocol or mcp, and only that", () => {
    for (const key of ["io.modelcontextprotocol/ui", "dev.mcp/x", "org.modelcontextprotocol.api/x", "com.mcp.tools/x", "io.MCP/x"]) expect(isReservedMetaKey(key), key).toBe(true);
    for (const key of ["com.example.mcp/x", "mcp/x", "modelcontextprotocol/x", "com.example/mcp", "mcp"]) expect(isReservedMetaKey(key), key).toBe(false);
  });

  it("extension identifiers need a prefix and a name (basic/versioning § Extension Negotiation)", () => {
    expect(isValidExtensionId("com.example/search")).toBe(true);
    expect(isValidExtensionId("io.modelcontextprotocol/ui")).toBe(true);
    for (const id of ["search", "com.example/", "/search", "com.example/se arch", "a/b/c"]) expect(isValidExtensionId(id), id).toBe(false);
  });
});

describe("manifest vectors", () => {
  it("reads _meta verbatim into the IR for every kind of entry, with lastModified and extensions", () => {
    const r = load(
      "extensions:\n  org.example/zeta: {}\n  com.example/search: { depth: 2, modes: [a, b] }\n" +
        "tools:\n  find: { _meta: { com.example/cost: low, com.example/nested: { n: [1, null, true] } } }\n" +
        "prompts:\n  p: { _meta: { com.example/p: 1 } }\n" +
        "resources:\n  r:\n    uri: file:///r\n    annotations: { audience: [user], priority: 0.5, lastModified: \"2025-01-12T15:00:58Z\" }\n    _meta: { com.example/r: r }\n" +
        "templates:\n  t: { uriTemplate: \"file:///t/{id}\", annotations: { lastModified: \"2025-05-03T14:30:00.5+02:00\" }, _meta: { com.example/t: [] } }\n",
    );
    expect(found(r)).toEqual([]);
    const m = r.manifest!;
    expect(m.tools[0]!._meta).toEqual({ "com.example/cost": "low", "com.example/nested": { n: [1, null, true] } });
    expect(m.prompts[0]!._meta).toEqual({ "com.example/p": 1 });
    expect(m.resources[0]!._meta).toEqual({ "com.example/r": "r" });
    expect(m.resources[0]!.annotations).toEqual({ audience: ["user"], priority: 0.5, lastModified: "2025-01-12T15:00:58Z" });
    expect(m.templates[0]!._meta).toEqual({ "com.example/t": [] });
    expect(m.templates[0]!.annotations).toEqual({ lastModified: "2025-05-03T14:30:00.5+02:00" });
    // Sorted by identifier, so the emitted literal does not depend on the order written.
    expect(Object.keys(m.extensions!)).toEqual(["com.example/search", "org.example/zeta"]);
    expect(m.extensions!["com.example/search"]).toEqual({ depth: 2, modes: ["a", "b"] });
  });

  it("leaves _meta and extensions out of the IR when not declared", () => {
    const m = load("tools:\n  a: {}\n").manifest!;
    expect("_meta" in m.tools[0]!).toBe(false);
    expect("extensions" in m).toBe(false);
  });

  it("refuses malformed keys (MCPGEN2101) at the key and warns on reserved prefixes (MCPGEN2102)", () => {
    const r = load("tools:\n  a:\n    _meta: { ok/x: 1, \"bad key\": 2, io.modelcontextprotocol/ui: 3 }\n");
    expect(found(r)).toEqual(["MCPGEN2101@6:23 tools.a._meta[\"bad key\"]", "MCPGEN2102@6:37 tools.a._meta[\"io.modelcontextprotocol/ui\"]"]);
    expect(r.diagnostics.map((d) => d.severity)).toEqual(["error", "warning"]);
    expect(r.diagnostics[0]!.hint).toMatch(/prefix/);
  });

  it("a reserved key alone is only a warning: the manifest still loads", () => {
    const r = load("resources:\n  r: { uri: \"file:///r\", _meta: { dev.mcp/hint: 1 } }\n");
    expect(found(r)).toEqual(["MCPGEN2102@5:35 resources.r._meta[\"dev.mcp/hint\"]"]);
    expect(r.manifest?.resources[0]?._meta).toEqual({ "dev.mcp/hint": 1 });
  });

  it("refuses a non-object _meta and extension settings through the schema", () => {
    const r = load("extensions:\n  com.example/a: 1\ntools:\n  a: { _meta: [1] }\nprompts:\n  p: { _meta: null }\n");
    expect(found(r)).toEqual(["MCPGEN1103@5:18 extensions[\"com.example/a\"]", "MCPGEN1103@7:15 tools.a._meta", "MCPGEN1103@9:15 prompts.p._meta"]);
  });

  it("refuses an unprefixed extension id (MCPGEN2103) and the runtime-owned tasks extension (MCPGEN2104)", () => {
    const r = load("extensions:\n  search: {}\n  io.modelcontextprotocol/tasks: {}\n  io.modelcontextprotocol/ui: {}\n");
    expect(found(r)).toEqual(["MCPGEN2103@5:3 extensions.search", "MCPGEN2104@6:3 extensions[\"io.modelcontextprotocol/tasks\"]"]);
  });

  it("refuses a lastModified that is not an RFC 3339 date-time, with a date-time hint", () => {
    const r = load("resources:\n  r:\n    uri: file:///r\n    annotations: { lastModified: \"2025-01-12\" }\n");
    expect(found(r)).toEqual(["MCPGEN1104@7:34 resources.r.annotations.lastModified"]);
    expect(r.diagnostics[0]!.hint).toMatch(/ISO 8601 date-time/);
  });

  it("refuses a YAML timestamp-looking but unquoted non-string lastModified (a number)", () => {
    const r = load("resources:\n  r:\n    uri: file:///r\n    annotations: { lastModified: 20250112 }\n");
    expect(found(r)).toEqual(["MCPGEN1103@7:34 resources.r.annotations.lastModified"]);
  });
});
