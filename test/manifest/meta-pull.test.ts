// `mcp-gen pull` records what a server reveals of `_meta`, resource `lastModified` and
// `capabilities.extensions` (generator/manifest/meta.ts pulled*), only in shapes the pulled
// manifest can hold: it must load again, and generate the same wire `_meta`.
import { describe, expect, it } from "vitest";
import { loadManifestText } from "../../generator/manifest/load.js";
import type { ServerSnapshot } from "../../generator/pull/introspect.js";
import { snapshotToManifest } from "../../generator/pull/to-manifest.js";
import { manifestYaml } from "../../generator/pull/write.js";

function snapshot(overrides: Partial<ServerSnapshot> = {}): ServerSnapshot {
  return {
    era: "modern",
    protocolVersion: "2026-07-28",
    supportedVersions: ["2026-07-28", "2025-11-25"],
    serverInfo: { name: "remote", version: "1.0.0" },
    capabilities: {
      tools: {},
      resources: {},
      prompts: {},
      extensions: { "org.example/zeta": { on: true }, "com.example/search": {}, "io.modelcontextprotocol/tasks": {}, unprefixed: {}, "com.example/not-object": 1 },
    },
    tools: [{ name: "find", inputSchema: { type: "object" }, _meta: { "com.example/cost": "low", "bad key": 1, "io.modelcontextprotocol/ui": { resourceUri: "ui://x" } } }],
    prompts: [{ name: "p", _meta: { "com.example/p": [1, 2] } }],
    resources: [
      { name: "a", uri: "mem://a", annotations: { priority: 0.5, lastModified: "2025-01-12T15:00:58Z" }, _meta: { "com.example/r": null } },
      { name: "b", uri: "mem://b", annotations: { lastModified: "last Tuesday" }, _meta: { "not valid!": 1 } },
    ],
    templates: [{ name: "t", uriTemplate: "mem://t/{id}", _meta: { "com.example/t": "x" } }],
    ...overrides,
  } as ServerSnapshot;
}

describe("pull records _meta, lastModified and extensions", () => {
  const { data } = snapshotToManifest(snapshot(), { from: "https://host/mcp" });
  const at = (section: string, name: string) => (data[section] as Record<string, Record<string, unknown>>)[name]!;

  it("keeps _meta keys of the spec's format, verbatim, and drops the others", () => {
    expect(at("tools", "find")["_meta"]).toEqual({ "com.example/cost": "low", "io.modelcontextprotocol/ui": { resourceUri: "ui://x" } });
    expect(at("prompts", "p")["_meta"]).toEqual({ "com.example/p": [1, 2] });
    expect(at("resources", "a")["_meta"]).toEqual({ "com.example/r": null });
    expect(at("resources", "b")).not.toHaveProperty("_meta");
    expect(at("templates", "t")["_meta"]).toEqual({ "com.example/t": "x" });
  });

  it("keeps a date-time lastModified and drops one the schema would refuse", () => {
    expect(at("resources", "a")["annotations"]).toEqual({ priority: 0.5, lastModified: "2025-01-12T15:00:58Z" });
    expect(at("resources", "b")).not.toHaveProperty("annotations");
  });

  it("records extensions sorted, without the runtime-owned tasks extension or malformed entries", () => {
    expect(data["extensions"]).toEqual({ "com.example/search": {}, "org.example/zeta": { on: true } });
    expect(Object.keys(data["extensions"] as object)).toEqual(["com.example/search", "org.example/zeta"]);
  });

  it("the written manifest loads again: no errors, the reserved-prefix key only warns", () => {
    const loaded = loadManifestText(manifestYaml(data), "pulled.yaml");
    expect(loaded.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(loaded.diagnostics.map((d) => `${d.code} ${d.path}`)).toEqual(['MCPGEN2102 tools.find._meta["io.modelcontextprotocol/ui"]']);
    expect(loaded.manifest!.tools[0]!._meta).toEqual({ "com.example/cost": "low", "io.modelcontextprotocol/ui": { resourceUri: "ui://x" } });
    expect(loaded.manifest!.extensions).toEqual({ "com.example/search": {}, "org.example/zeta": { on: true } });
  });

  it("records nothing when the server sends none", () => {
    const plain = snapshotToManifest(snapshot({ capabilities: { tools: {} }, tools: [{ name: "x", inputSchema: { type: "object" } }], prompts: [], resources: [], templates: [] }), { from: "x" }).data;
    expect(plain).not.toHaveProperty("extensions");
    expect((plain["tools"] as Record<string, object>)["x"]).not.toHaveProperty("_meta");
  });
});
