// The IR the emitters read: sorted collections with identifiers, bundled schemas that compile on
// their own and agree with the manifest's intent, derived capabilities, cache-hint merging,
// handles and header parameters.
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { loadManifest, loadManifestText } from "../generator/manifest/load.js";
import type { Manifest } from "../generator/manifest/ir.js";

const VALID = join(import.meta.dirname, "manifests", "valid");

async function load(file: string): Promise<Manifest> {
  const { manifest, diagnostics } = await loadManifest(file);
  expect(diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  if (!manifest) throw new Error("no manifest");
  return manifest;
}

describe("manifest IR", () => {
  it("sorts every collection by name and gives each its identifier", async () => {
    const m = await load(join(VALID, "unicode-and-quoting.yaml"));
    expect(m.tools.map((t) => [t.name, t.identifier])).toEqual([
      ["DATA_EXPORT_v2", "DATAEXPORTV2"],
      ["admin.tools.list", "adminToolsList"],
      ["getUser", "getUser"],
    ]);
    expect(m.server.version).toBe("2026.1");
    expect(m.server.instructions).toBe("Line one.\nLine two: with a colon.\n");
  });

  it("bundles shared definitions and local files so each schema compiles and validates alone", async () => {
    const m = await load(join(VALID, "refs.yaml"));
    const plant = m.tools.find((t) => t.name === "plant");
    expect(plant).toBeDefined();
    const input = plant?.inputSchema as { $defs: Record<string, unknown> };
    expect(Object.keys(input.$defs).sort()).toEqual(["Forest", "Size", "Tree", "file_files_note_json", "file_files_person_yaml"]);
    const ajv = new Ajv2020({ strict: false });
    const validate = ajv.compile(plant?.inputSchema as object);
    const good = { forest: [{ label: "oak", children: [{ label: "acorn" }] }], note: { id: "n1", author: { name: "Ada" }, replies: [{ id: "n2" }] }, owner: { name: "Bo" }, size: 3 };
    expect(validate(good)).toBe(true);
    expect(validate({ ...good, note: { author: { name: "Ada" } } })).toBe(false); // note.id required (from note.json)
    expect(validate({ ...good, owner: {} })).toBe(false); // owner.name required (from person.yaml)
    expect(validate({ ...good, forest: [{ label: 5 }] })).toBe(false); // Tree.label is a string
    expect(validate({ ...good, size: 0 })).toBe(false); // local $defs Size minimum 1
    const output = ajv.compile(plant?.outputSchema as object);
    expect(output({ label: "x", children: [{ label: "y" }] })).toBe(true);
    expect(output({ children: [{ label: 1 }] })).toBe(false);
    expect(Object.keys(m.definitions)).toEqual(["Forest", "Tree"]);
  });

  it("expands handles and records where tools take and return them", async () => {
    const m = await load(join(VALID, "shop-handles.yaml"));
    expect(m.handles).toEqual([{ name: "cart", identifier: "cart", description: "An open shopping cart.", ttlMs: 3_600_000 }]);
    const byName = new Map(m.tools.map((t) => [t.name, t]));
    expect(byName.get("open_cart")?.handleOutputs).toEqual([{ handle: "cart", path: ["cart"] }]);
    expect(byName.get("add_item")?.handleInputs).toEqual([{ handle: "cart", path: ["cart"] }]);
    expect((byName.get("add_item")?.inputSchema as { properties: Record<string, unknown> }).properties["cart"]).toEqual({ type: "string", "x-mcpgen-handle": "cart" });
    expect(byName.get("open_cart")?.headers).toEqual([{ header: "Region", path: ["region"], type: "string" }]);
    expect(byName.get("checkout")?.inputRequests).toEqual([{ key: "payment", identifier: "payment", kind: "elicitUrl", requires: "elicitation.url", message: "Complete the payment in your browser." }]);
  });

  it("records handles reached through shared definitions and list items", () => {
    const text = [
      "mcpgen: 1",
      "server: { name: h, version: '1' }",
      "protocol: [2026-07-28]",
      "handles: { doc: { ttl: 10m } }",
      "definitions:",
      "  Ref: { type: object, properties: { id: { handle: doc } } }",
      "tools:",
      "  list_docs:",
      "    output: { type: object, properties: { docs: { type: array, items: { $ref: '#/definitions/Ref' } } } }",
    ].join("\n");
    const { manifest, diagnostics } = loadManifestText(text, join(VALID, "inline.yaml"));
    expect(diagnostics).toEqual([]);
    expect(manifest?.tools[0]?.handleOutputs).toEqual([{ handle: "doc", path: ["docs", "*", "id"] }]);
    expect(manifest?.handles[0]?.ttlMs).toBe(600_000);
  });

  it("collects nested and nullable header parameters in declaration order", async () => {
    const m = await load(join(VALID, "headers.yaml"));
    expect(m.tools[0]?.headers).toEqual([
      { header: "Region", path: ["region"], type: "string" },
      { header: "Shard-Id", path: ["shard"], type: "integer" },
      { header: "Dry_Run", path: ["dryRun"], type: "boolean" },
      { header: "Tenant.Id", path: ["tenant"], type: "string" },
      { header: "Zone", path: ["route", "zone"], type: "string" },
    ]);
  });

  it("derives capabilities from declarations", async () => {
    expect((await load(join(VALID, "minimal.yaml"))).capabilities).toEqual({});
    expect((await load(join(VALID, "everything.yaml"))).capabilities).toEqual({
      tools: { listChanged: true },
      prompts: { listChanged: true },
      resources: { subscribe: true, listChanged: true },
      completions: {},
      logging: {},
    });
    expect((await load(join(VALID, "shop-handles.yaml"))).capabilities).toEqual({ tools: { listChanged: false }, resources: { subscribe: false, listChanged: false } });
  });

  it("merges cache hints field by field over the default, then over ttlMs 0 / private", async () => {
    const m = await load(join(VALID, "everything.yaml"));
    expect(m.cache).toEqual({
      discover: { ttlMs: 3_600_000, cacheScope: "public" },
      tools: { ttlMs: 60_000, cacheScope: "private" },
      prompts: { ttlMs: 0, cacheScope: "public" },
      resources: { ttlMs: 1000, cacheScope: "private" },
      templates: { ttlMs: 2000, cacheScope: "public" },
    });
    expect(m.resources[0]?.cache).toEqual({ ttlMs: 1000, cacheScope: "public" });
    const minimal = await load(join(VALID, "minimal.yaml"));
    expect(minimal.cache.tools).toEqual({ ttlMs: 0, cacheScope: "private" });
  });

  it("keeps served revisions in preference order and marks the eras", async () => {
    const m = await load(join(VALID, "legacy-only.yaml"));
    expect(m.revisions).toEqual(["2025-03-26", "2024-11-05"]);
    expect(m.eras).toEqual({ legacy: true, modern: false });
    expect(m.tools[0]?.inputSchema).toEqual({ type: "object", additionalProperties: false });
    expect(m.tools[0]?.inputRequests.map((r) => [r.key, r.kind, r.requires])).toEqual([
      ["text", "sampling", "sampling"],
      ["where", "roots", "roots"],
    ]);
  });

  it("lists template variables with completion and explode flags", async () => {
    const m = await load(join(VALID, "everything.yaml"));
    expect(m.templates[0]?.variables).toEqual([
      { name: "id", identifier: "id", complete: true, explode: false },
      { name: "format", identifier: "format", complete: true, explode: false },
    ]);
    const describe = m.prompts[0];
    expect(describe?.arguments.map((a) => [a.name, a.required, a.complete])).toEqual([
      ["shape", true, true],
      ["tone", false, false],
    ]);
  });

  it("is deterministic: loading twice gives identical JSON", async () => {
    const a = JSON.stringify(await load(join(VALID, "everything.yaml")));
    const b = JSON.stringify(await load(join(VALID, "everything.yaml")));
    expect(a).toBe(b);
  });
});
