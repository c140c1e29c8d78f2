// Server snapshot → manifest data: order does not depend on the server's page order, names the
// manifest cannot hold twice get suffixes, what the wire cannot say is derived from capabilities,
// and the result loads as a pulled (client-only) manifest.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { loadManifestText } from "../../generator/manifest/load.js";
import type { ServerSnapshot } from "../../generator/pull/introspect.js";
import { snapshotToManifest, templateVariables } from "../../generator/pull/to-manifest.js";
import { manifestYaml } from "../../generator/pull/write.js";
import { PROPERTY_TEST_TIMEOUT_MS, within } from "../support/property-budget.js";

const tool = (name: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({ name, inputSchema: { type: "object", properties: { q: { type: "string" }, a: { type: "number" } } }, ...extra });

function snapshot(overrides: Partial<ServerSnapshot> = {}): ServerSnapshot {
  return {
    era: "modern",
    protocolVersion: "2026-07-28",
    supportedVersions: ["2026-07-28", "2025-11-25", "1999-01-01"],
    serverInfo: { name: "remote", version: "3.0.0", title: "Remote", websiteUrl: "https://example.com", icons: [{ src: "https://example.com/i.png", sizes: ["48x48"], theme: "dark", extra: 1 }] },
    instructions: "Be nice.",
    capabilities: { tools: { listChanged: true }, prompts: {}, resources: { subscribe: true }, completions: {}, logging: {} },
    tools: [tool("zeta"), tool("alpha", { title: "Alpha", icons: [{ src: "data:image/png;base64,AA==", mimeType: "image/png" }], annotations: { readOnlyHint: true, title: "A", madeUp: 1 }, outputSchema: { type: "object" }, execution: { taskSupport: "optional" } })],
    prompts: [{ name: "p", arguments: [{ name: "z" }, { name: "a", required: true, description: "first" }] }],
    resources: [{ name: "doc", uri: "mem://2" }, { name: "doc", uri: "mem://1", size: 12, annotations: { audience: ["user"], lastModified: "2026-01-01" } }],
    templates: [{ name: "item", uriTemplate: "mem://items/{id}{?page,size*}" }],
    ...overrides,
  };
}

describe("snapshotToManifest", () => {
  it("gives the same YAML whatever order the server listed items in", () => {
    const a = snapshot();
    const b = snapshot({ tools: [...a.tools].reverse(), resources: [...a.resources].reverse(), prompts: [{ name: "p", arguments: [{ name: "a", required: true, description: "first" }, { name: "z" }] }] });
    const yamlA = manifestYaml(snapshotToManifest(a, { from: "x" }).data);
    expect(manifestYaml(snapshotToManifest(b, { from: "x" }).data)).toBe(yamlA);
    const alpha = yamlA.indexOf("  alpha:");
    expect(alpha, "tool alpha is in the manifest").toBeGreaterThanOrEqual(0);
    expect(alpha).toBeLessThan(yamlA.indexOf("  zeta:"));
  });

  it("keeps schemas verbatim, key order included", () => {
    const { data } = snapshotToManifest(snapshot(), { from: "x" });
    const input = (data.tools as Record<string, { input: Record<string, unknown> }>).zeta!.input;
    expect(Object.keys(input.properties as object)).toEqual(["q", "a"]);
  });

  it("writes identity, served revisions (known ones, newest first), the marker and capabilities", () => {
    const { data } = snapshotToManifest(snapshot(), { from: "https://host/mcp" });
    expect(data.pulled).toEqual({ from: "https://host/mcp", era: "modern", revision: "2026-07-28" });
    expect(data.server).toEqual({ name: "remote", version: "3.0.0", title: "Remote", icons: [{ src: "https://example.com/i.png", sizes: ["48x48"], theme: "dark" }], website: "https://example.com", instructions: "Be nice." });
    expect(data.protocol).toEqual(["2026-07-28", "2025-11-25"]);
    expect(data.listChanged).toEqual({ tools: true });
    expect(data.logging).toBe(true);
  });

  it("says so when it has to invent the server's name or version", () => {
    const { data, diagnostics } = snapshotToManifest(snapshot({ serverInfo: { version: "" }, resources: [] }), { from: "x" });
    expect(data.server).toMatchObject({ name: "server", version: "0.0.0" });
    expect(diagnostics.map((d) => `${d.code} ${d.path}`)).toEqual(["MCPGEN4023 server"]);
  });

  it("keeps only the annotation fields the manifest knows", () => {
    const { data } = snapshotToManifest(snapshot(), { from: "x" });
    const alpha = (data.tools as Record<string, Record<string, unknown>>).alpha!;
    expect(alpha.annotations).toEqual({ readOnlyHint: true, title: "A" });
    expect(alpha.title).toBe("Alpha");
    expect(alpha.icons).toEqual([{ src: "data:image/png;base64,AA==", mimeType: "image/png" }]);
    expect(alpha.output).toEqual({ type: "object" });
  });

  it("suffixes a repeated resource name and says so", () => {
    const { data, diagnostics } = snapshotToManifest(snapshot(), { from: "x" });
    expect(data.resources).toEqual({
      doc: { uri: "mem://1", size: 12, annotations: { audience: ["user"] }, subscribe: true },
      doc_2: { uri: "mem://2", subscribe: true },
    });
    expect(diagnostics.map((d) => `${d.code} ${d.path}`)).toEqual(["MCPGEN4021 resources.doc_2"]);
  });

  it("never renames a tool: a repeated name keeps its first entry, with a warning", () => {
    const { data, diagnostics } = snapshotToManifest(snapshot({ tools: [tool("b", { description: "first" }), tool("a"), tool("b", { description: "second" })], resources: [] }), { from: "x" });
    expect(Object.keys(data.tools as object)).toEqual(["a", "b"]);
    expect((data.tools as Record<string, Record<string, unknown>>).b!.description).toBe("first");
    expect(diagnostics.map((d) => `${d.code} ${d.path}`)).toEqual(["MCPGEN4022 tools.b"]);
  });

  it("keeps tools whose names map to one identifier, so the loader refuses them instead of a client calling the wrong name", () => {
    const { data } = snapshotToManifest(snapshot({ tools: [tool("get-user"), tool("get_user")], resources: [] }), { from: "x" });
    expect(Object.keys(data.tools as object)).toEqual(["get-user", "get_user"]);
    const { manifest, diagnostics } = loadManifestText(manifestYaml(data), "pulled.yaml");
    expect(manifest).toBeUndefined();
    expect(diagnostics.map((d) => d.code)).toContain("MCPGEN1202");
  });

  it("marks completion and subscription from the server's capabilities", () => {
    const withCaps = snapshotToManifest(snapshot(), { from: "x" }).data;
    expect(withCaps.templates).toEqual({ item: { uriTemplate: "mem://items/{id}{?page,size*}", complete: ["id", "page", "size"], subscribe: true } });
    expect((withCaps.prompts as Record<string, unknown>).p).toEqual({ arguments: { a: { description: "first", required: true, complete: true }, z: { complete: true } } });
    const without = snapshotToManifest(snapshot({ capabilities: { tools: {}, prompts: {}, resources: {} } }), { from: "x" }).data;
    expect(without.templates).toEqual({ item: { uriTemplate: "mem://items/{id}{?page,size*}" } });
    expect((without.prompts as Record<string, unknown>).p).toEqual({ arguments: { a: { description: "first", required: true }, z: {} } });
  });

  it("reports a tool with an invalid x-mcp-header and keeps it", () => {
    const bad = tool("region_lookup", { inputSchema: { type: "object", properties: { region: { type: "number", "x-mcp-header": "Region" } } } });
    const { data, diagnostics } = snapshotToManifest(snapshot({ tools: [bad], resources: [] }), { from: "x" });
    expect(Object.keys(data.tools as object)).toEqual(["region_lookup"]);
    expect(diagnostics.map((d) => `${d.code} ${d.path}`)).toEqual(["MCPGEN4020 tools.region_lookup.input"]);
  });

  it("produces a manifest the loader accepts as pulled", () => {
    const yaml = manifestYaml(snapshotToManifest(snapshot(), { from: "https://host/mcp" }).data);
    const { manifest, diagnostics } = loadManifestText(yaml, "pulled.yaml");
    expect(diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(manifest?.pulled).toEqual({ from: "https://host/mcp", era: "modern", revision: "2026-07-28" });
    expect(manifest?.tools.map((t) => t.name)).toEqual(["alpha", "zeta"]);
    expect(manifest?.capabilities.completions).toEqual({});
  });
});

describe("manifestYaml", () => {
  it("round-trips any JSON a server may put in a schema or a description", () => {
    const json = fc.jsonValue({ maxDepth: 3 });
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), fc.dictionary(fc.string(), json, { maxKeys: 5 }), (description, extra) => {
        const data = { mcpgen: 1, server: { name: "s", version: "1.0", description }, tools: { t: { input: { type: "object", ...extra } } } };
        // JSON has no -0; the server's bytes are JSON, so compare as JSON.
        expect(JSON.stringify(parse(manifestYaml(data)))).toBe(JSON.stringify(data));
      }),
      { numRuns: 300, ...within() },
    );
  }, PROPERTY_TEST_TIMEOUT_MS);
});

describe("templateVariables", () => {
  it("lists RFC 6570 variables once, without operators and modifiers", () => {
    expect(templateVariables("file:///{+path}{?q,limit:3}{#frag}{/a,b*}{q}")).toEqual(["path", "q", "limit", "frag", "a", "b"]);
    expect(templateVariables("mem://static")).toEqual([]);
  });
});
