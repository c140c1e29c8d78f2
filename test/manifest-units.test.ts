// Small pieces of the manifest loader: URI templates, identifiers, suggestions, positions and
// the diagnostic formats.
import { describe, expect, it } from "vitest";
import { formatDiagnosticsJson, formatDiagnosticsText } from "../generator/diagnostics/format.js";
import { formatPath } from "../generator/diagnostics/json-path.js";
import { closestMatch, editDistance } from "../generator/diagnostics/suggest.js";
import type { Diagnostic } from "../generator/diagnostics/diagnostic.js";
import { isReservedIdentifier, toIdentifier } from "../generator/manifest/identifiers.js";
import { durationToMs } from "../generator/manifest/normalize.js";
import { locatePath, parseYaml } from "../generator/manifest/source.js";
import { parseUriTemplate } from "../generator/manifest/uri-template.js";

describe("parseUriTemplate (RFC 6570)", () => {
  it.each([
    ["notes://{id}", ["id"]],
    ["files://{+path}", ["path"]],
    ["x://a{/seg*}{?q,lang}{&page}{#frag}", ["seg", "q", "lang", "page", "frag"]],
    ["x://{var:3}{list*}{.ext}{;p}", ["var", "list", "ext", "p"]],
    ["x://%20{user.name}", ["user.name"]],
    ["x://fixed", []],
  ])("accepts %s", (template, names) => {
    const parsed = parseUriTemplate(template);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(parsed.variables.map((v) => v.name)).toEqual(names);
  });

  it("marks explode and prefix modifiers", () => {
    const parsed = parseUriTemplate("x://{a*}{b:12}");
    expect(parsed.ok && parsed.variables).toEqual([
      { name: "a", explode: true },
      { name: "b", explode: false, prefix: 12 },
    ]);
  });

  it.each([
    ["x://{id", 4],
    ["x://id}", 6],
    ["x://{}", 4],
    ["x://{=a}", 5],
    ["x://{a b}", 5],
    ["x://{a:0}", 6],
    ["x://{a:10000}", 6],
    ["x://{a,}", 7],
    ["x://%zz", 4],
    ["x://a b", 5],
    ["x://{{a}}", 4],
  ])("rejects %s at offset %i", (template, offset) => {
    const parsed = parseUriTemplate(template);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.offset).toBe(offset);
  });
});

describe("identifiers", () => {
  it.each([
    ["get-user", "getUser"],
    ["get_user", "getUser"],
    ["admin.tools.list", "adminToolsList"],
    ["GetUser", "GetUser"],
    ["2fa", "_2fa"],
    ["x--y__z", "xYZ"],
    ["...", ""],
  ])("%s → %s", (name, id) => expect(toIdentifier(name)).toBe(id));

  it("knows reserved words and leaves ordinary names alone", () => {
    for (const w of ["delete", "class", "constructor", "__proto__", "await", "undefined"]) expect(isReservedIdentifier(w)).toBe(true);
    for (const w of ["deleteNote", "klass", "user"]) expect(isReservedIdentifier(w)).toBe(false);
  });
});

describe("suggestions", () => {
  it("measures edit distance case-insensitively", () => {
    expect(editDistance("descripton", "description")).toBe(1);
    expect(editDistance("Title", "title")).toBe(0);
    expect(editDistance("", "abc")).toBe(3);
    expect(editDistance("titel", "title")).toBe(1);
    expect(editDistance("kitten", "sitting")).toBe(3);
  });
  it("suggests only plausible typos", () => {
    expect(closestMatch("descripton", ["description", "title", "input"])).toBe("description");
    expect(closestMatch("tool", ["tools", "prompts"])).toBe("tools");
    expect(closestMatch("titel", ["title", "description"])).toBe("title");
    expect(closestMatch("zzzzzz", ["tools", "prompts"])).toBeUndefined();
  });
});

describe("durations", () => {
  it.each([
    ["500ms", 500],
    ["30s", 30_000],
    ["15m", 900_000],
    ["1h", 3_600_000],
    ["7d", 604_800_000],
  ])("%s = %i ms", (text, ms) => expect(durationToMs(text)).toBe(ms));
});

describe("positions", () => {
  const source = parseYaml("a:\n  b: [1, { c: x }]\n  'd.e': 2\n");
  it.each([
    [["a"], "key", 1, 1],
    [["a", "b"], "key", 2, 3],
    [["a", "b"], "value", 2, 6],
    [["a", "b", 1, "c"], "value", 2, 15],
    [["a", "d.e"], "key", 3, 3],
    [["a", "missing"], "value", 1, 1],
  ] as const)("%j (%s) is at %i:%i", (path, target, line, column) => {
    expect(locatePath(source, path, target)).toEqual({ line, column });
  });
});

describe("diagnostic formats", () => {
  const d: Diagnostic = { code: "MCPGEN1203", severity: "error", file: "mcp.yaml", line: 2, column: 3, path: "tools.delete", message: "reserved", hint: "rename it" };
  it("formats text with the source line and a caret under the column", () => {
    const text = formatDiagnosticsText([d], { sources: new Map([["mcp.yaml", "tools:\n  delete: {}\n"]]) });
    expect(text).toBe("mcp.yaml:2:3 error MCPGEN1203 tools.delete: reserved\n   2 |   delete: {}\n     |   ^\n  hint: rename it\n1 error(s), 0 warning(s)\n");
  });
  it("formats JSON with exactly the documented fields", () => {
    expect(JSON.parse(formatDiagnosticsJson([d]))).toEqual({ diagnostics: [{ code: "MCPGEN1203", severity: "error", file: "mcp.yaml", line: 2, column: 3, path: "tools.delete", message: "reserved", hint: "rename it" }] });
  });
  it("quotes path keys that are not plain", () => {
    expect(formatPath(["tools", "get user", "input", "properties", "a.b", 0])).toBe('tools["get user"].input.properties["a.b"][0]');
  });
});

describe("line endings and byte-order mark", () => {
  const body = ["mcpgen: 1", "server: { name: a, version: '1' }", "protocol: [2026-07-28]", "tools: { a: { titel: x } }", ""];
  it.each([
    ["LF", body.join("\n")],
    ["CRLF", body.join("\r\n")],
    ["BOM + LF", "\uFEFF" + body.join("\n")],
  ])("%s: positions are the same", async (_, text) => {
    const { loadManifestText } = await import("../generator/manifest/load.js");
    const { diagnostics } = loadManifestText(text, "mcp.yaml");
    expect(diagnostics.map((d) => `${d.code} ${d.line}:${d.column}`)).toEqual(["MCPGEN1101 4:15"]);
  });
});

describe("hints for keys carried over from the wire format", () => {
  const base = "mcpgen: 1\nserver: { name: a, version: '1' }\nprotocol: [2026-07-28]\n";
  it.each([
    ["tools:\n  a:\n    inputSchema: { type: object }\n", "write the input schema under `input:`"],
    ["capabilities: { tools: {} }\n", "capabilities are derived from what the manifest declares; remove this key"],
    ["tools:\n  a:\n    name: a\n", "the name is the key under `tools:` (here `a`); remove `name:`"],
    ["tools:\n  a:\n    titel: A\n", "did you mean `title`?"],
  ])("%j", async (extra, hint) => {
    const { loadManifestText } = await import("../generator/manifest/load.js");
    const { diagnostics } = loadManifestText(base + extra, "mcp.yaml");
    expect(diagnostics.map((d) => [d.code, d.hint])).toEqual([["MCPGEN1101", hint]]);
  });
});

describe("object-model key names in user schemas", () => {
  it("treats constructor, toString and __proto__ as ordinary property names", async () => {
    const { loadManifestText } = await import("../generator/manifest/load.js");
    const text = [
      "mcpgen: 1",
      "server: { name: a, version: '1' }",
      "protocol: [2026-07-28]",
      "tools:",
      "  a:",
      "    input:",
      "      type: object",
      "      constructor: { properties: { x: { type: string } } }",
      "      properties:",
      "        toString: { type: string, x-mcp-header: To-String }",
      "        __proto__: { type: object, properties: { polluted: { type: string } } }",
      "        constructor: { type: integer }",
    ].join("\n");
    const { manifest, diagnostics } = loadManifestText(text, "mcp.yaml");
    expect(diagnostics).toEqual([]);
    const props = (manifest?.tools[0]?.inputSchema as { properties: Record<string, unknown> }).properties;
    expect(Object.keys(props)).toEqual(["toString", "__proto__", "constructor"]);
    expect(manifest?.tools[0]?.headers).toEqual([{ header: "To-String", path: ["toString"], type: "string" }]);
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
  });
});
