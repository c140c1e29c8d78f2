// The scanner's shortcut (core/headers/declarations.ts): a schema whose serialization cannot
// contain an `x-mcp-header` key is not walked. Whatever may hold one is still walked, so the
// result is the walk's: data that merely spells the key, a schema JSON cannot serialize.
import { describe, expect, it } from "vitest";
import { scanHeaderDeclarations } from "../../packages/runtime/src/core/headers/declarations.js";

describe("x-mcp-header scan shortcut", () => {
  it("finds nothing in a schema without the key, and nothing in non-schemas", () => {
    for (const schema of [{ type: "object", properties: { id: { type: "string" } } }, undefined, null, 3, "x-mcp-header"]) {
      expect(scanHeaderDeclarations(schema), JSON.stringify(schema)).toEqual({ declarations: [], problems: [] });
    }
  });

  it("walks a schema that spells the key only as data, and finds no declaration there", () => {
    const schema = { type: "object", properties: { a: { type: "string", enum: ["x-mcp-header"], default: { "x-mcp-header": "A" } } } };
    expect(scanHeaderDeclarations(schema)).toEqual({ declarations: [], problems: [] });
  });

  it("walks a schema JSON cannot serialize, and still finds its declarations and problems", () => {
    const schema = {
      type: "object",
      properties: { region: { type: "string", "x-mcp-header": "Region", maxLength: 10n }, bad: { type: "object", "x-mcp-header": "Bad" } },
    };
    const scan = scanHeaderDeclarations(schema);
    expect(scan.declarations.map((d) => d.headerName)).toEqual(["Region"]);
    expect(scan.problems.map((p) => p.kind)).toEqual(["invalid-type"]);
  });
});
