// `mcp-gen diff` on `_meta` (generator/diff/manifest/diff-meta.ts): any change of a list entry's
// `_meta` is META_CHANGED at info level, on every kind of entry; key order alone is no change.
import { describe, expect, it } from "vitest";
import { loadManifestText } from "../../generator/manifest/load.js";
import { contractFromManifest } from "../../generator/diff/manifest/from-manifest.js";
import { diffContracts } from "../../generator/diff/manifest/diff-contract.js";

function contract(meta: { tool?: string; prompt?: string; resource?: string; template?: string }) {
  const m = (v: string | undefined) => (v === undefined ? "" : `, _meta: ${v}`);
  const text =
    "mcpgen: 1\nserver: { name: t, version: 1.0.0 }\nprotocol: [2026-07-28, 2025-11-25]\n" +
    `tools:\n  a: { description: x${m(meta.tool)} }\n` +
    `prompts:\n  p: { description: x${m(meta.prompt)} }\n` +
    `resources:\n  "my doc": { uri: "file:///r"${m(meta.resource)} }\n` +
    `templates:\n  t: { uriTemplate: "file:///t/{id}"${m(meta.template)} }\n`;
  const loaded = loadManifestText(text, "mcp.yaml");
  expect(loaded.diagnostics).toEqual([]);
  return contractFromManifest(loaded.manifest!);
}
const changes = (a: Parameters<typeof contract>[0], b: Parameters<typeof contract>[0]) =>
  diffContracts(contract(a), contract(b)).map((c) => `${c.rule}:${c.level} ${c.path} | ${c.message}`);

describe("diff: _meta", () => {
  it("reports a changed, added or removed _meta as info, naming the keys that differ", () => {
    expect(changes({ tool: "{ com.example/a: 1, com.example/b: [1] }" }, { tool: "{ com.example/a: 2, com.example/b: [1] }" })).toEqual(["META_CHANGED:info tools.a._meta | tool a: _meta changed (com.example/a)"]);
    expect(changes({}, { prompt: "{ com.example/x: {} }" })).toEqual(["META_CHANGED:info prompts.p._meta | prompt p: _meta changed (com.example/x)"]);
    expect(changes({ resource: "{ com.example/x: null }" }, {})).toEqual(['META_CHANGED:info resources["my doc"]._meta | resource my doc: _meta changed (com.example/x)']);
    expect(changes({ template: "{ com.example/x: { deep: [1, 2] } }" }, { template: "{ com.example/x: { deep: [2, 1] } }" })).toEqual(["META_CHANGED:info templates.t._meta | template t: _meta changed (com.example/x)"]);
  });

  it("key order, at any depth, is not a change; equal _meta is not a change", () => {
    expect(changes({ tool: "{ com.example/a: { x: 1, y: 2 }, com.example/b: 1 }" }, { tool: "{ com.example/b: 1, com.example/a: { y: 2, x: 1 } }" })).toEqual([]);
    expect(changes({ tool: "{}" }, {})).toEqual([]);
  });
});
