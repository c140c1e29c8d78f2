// `mcp-gen diff` over extensions and custom methods (generator/diff/manifest/diff-custom-methods.ts):
// params judged for callers, results for readers, notification params by direction, and the
// contract file carrying methods through a write/read round trip. Membership, extension and
// direction changes have one testdata pair each in test/diff/testdata (rules.test.ts).
import { describe, expect, it } from "vitest";
import { contractToJson, parseContractJson } from "../../../generator/diff/contract-json.js";
import { diffContracts } from "../../../generator/diff/manifest/diff-contract.js";
import { contractFromManifest } from "../../../generator/diff/manifest/from-manifest.js";
import { loadManifestText } from "../../../generator/manifest/load.js";

const HEAD = "mcpgen: 1\nserver: { name: t, version: 1.0.0 }\nprotocol: [2026-07-28]\nextensions:\n  com.example/notes: {}\n";
function contract(body: string) {
  const { manifest, diagnostics } = loadManifestText(HEAD + body, "mcp.yaml");
  expect(diagnostics).toEqual([]);
  return contractFromManifest(manifest!);
}
const method = (params: string, result: string) => `methods:\n  notes/search:\n    extension: com.example/notes\n    params: ${params}\n    result: ${result}\n`;
const rules = (before: string, after: string) => diffContracts(contract(before), contract(after)).map((c) => `${c.rule} ${c.level} ${c.path}`);

describe("custom method schemas", () => {
  const params = "{ type: object, properties: { q: { type: string } } }";
  const result = "{ type: object, properties: { hits: { type: array } }, required: [hits] }";

  it("a new required param breaks callers; a new optional one does not", () => {
    expect(rules(method(params, result), method("{ type: object, properties: { q: { type: string }, n: { type: integer } }, required: [n] }", result))).toEqual([
      'INPUT_REQUIRED_PROPERTY_ADDED breaking methods["notes/search"].params#/properties/n',
    ]);
    expect(rules(method(params, result), method("{ type: object, properties: { q: { type: string }, n: { type: integer } } }", result))).toEqual([
      'INPUT_OPTIONAL_PROPERTY_ADDED info methods["notes/search"].params#/properties/n',
    ]);
  });

  it("a result property that may now be absent breaks readers; a new one does not", () => {
    expect(rules(method(params, result), method(params, "{ type: object, properties: { hits: { type: array } } }"))).toEqual([
      'OUTPUT_PROPERTY_BECAME_OPTIONAL breaking methods["notes/search"].result#/properties/hits',
    ]);
    expect(rules(method(params, result), method(params, "{ type: object, properties: { hits: { type: array }, total: { type: integer } }, required: [hits] }"))).toEqual([
      'OUTPUT_PROPERTY_ADDED info methods["notes/search"].result#/properties/total',
    ]);
  });

  it("judges notification params by direction: client-sent like input, server-sent like output", () => {
    const note = (direction: string, props: string) => `notifications:\n  notes/seen:\n    extension: com.example/notes\n    direction: ${direction}\n    params: { type: object, properties: { ${props} } }\n`;
    expect(rules(note("clientToServer", "id: { type: string }"), note("clientToServer", "id: { type: integer }"))).toEqual([
      'INPUT_TYPE_NARROWED breaking notifications["notes/seen"].params#/properties/id',
    ]);
    expect(rules(note("serverToClient", "id: { type: string }"), note("serverToClient", "id: { type: [string, integer] }"))).toEqual([
      'OUTPUT_TYPE_WIDENED breaking notifications["notes/seen"].params#/properties/id',
    ]);
  });

  it("the same manifest twice reports nothing", () => {
    expect(rules(method(params, result), method(params, result))).toEqual([]);
  });
});

describe("contract files", () => {
  it("write and read back extensions, methods and notifications", () => {
    const original = contract(method("{ type: object }", "{ type: object }") + "notifications:\n  notes/seen: { extension: com.example/notes, direction: serverToClient }\n");
    const parsed = parseContractJson(JSON.parse(contractToJson(original)));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.contract.extensions).toEqual({ "com.example/notes": {} });
    expect(parsed.contract.methods).toEqual([{ name: "notes/search", extension: "com.example/notes", params: { type: "object" }, result: { type: "object" } }]);
    expect(diffContracts(original, parsed.contract)).toEqual([]);
  });

  it("refuses a notification with an unknown direction", () => {
    const parsed = parseContractJson({ mcpgenContract: 1, revisions: [], notifications: [{ name: "a/b", extension: "x.y/z", direction: "both", params: {} }] });
    expect(parsed.ok).toBe(false);
  });
});
