import { describe, expect, it } from "vitest";
import { valueAtPath } from "../../packages/runtime/src/core/headers/declarations.js";
import { planToolHeaders } from "../../packages/runtime/src/client/tool-headers.js";

const prop = (schema: Record<string, unknown>) => ({ type: "object", properties: { p: schema } });

describe("x-mcp-header validation (streamable-http § Schema Extension)", () => {
  it("accepts string, integer and boolean properties, including nested ones reached through properties only", () => {
    const plan = planToolHeaders({
      type: "object",
      properties: {
        region: { type: "string", "x-mcp-header": "Region" },
        count: { type: "integer", "x-mcp-header": "Count" },
        flag: { type: ["boolean", "null"], "x-mcp-header": "Flag" },
        nested: { type: "object", properties: { zone: { type: "string", "x-mcp-header": "Zone" } } },
        plain: { type: "string" },
      },
    });
    expect(plan).toEqual({
      ok: true,
      params: [
        { path: ["region"], headerName: "Region", type: "string", pointer: ["properties", "region"] },
        { path: ["count"], headerName: "Count", type: "integer", pointer: ["properties", "count"] },
        { path: ["flag"], headerName: "Flag", type: "boolean", pointer: ["properties", "flag"] },
        { path: ["nested", "zone"], headerName: "Zone", type: "string", pointer: ["properties", "nested", "properties", "zone"] },
      ],
    });
  });

  it.each([
    ["empty name", prop({ type: "string", "x-mcp-header": "" })],
    ["space in name", prop({ type: "string", "x-mcp-header": "My Region" })],
    ["colon in name", prop({ type: "string", "x-mcp-header": "Region:Primary" })],
    ["non-ASCII name", prop({ type: "string", "x-mcp-header": "Région" })],
    ["tab in name", prop({ type: "string", "x-mcp-header": "Region\t1" })],
    ["object type", prop({ type: "object", "x-mcp-header": "Data" })],
    ["array type", prop({ type: "array", items: { type: "string" }, "x-mcp-header": "Items" })],
    ["null type", prop({ type: "null", "x-mcp-header": "Nil" })],
    ["number type", prop({ type: "number", "x-mcp-header": "Score" })],
    ["no type", prop({ "x-mcp-header": "Any" })],
    ["union of two primitives", prop({ type: ["string", "integer"], "x-mcp-header": "Either" })],
    ["nullable number", prop({ type: ["number", "null"], "x-mcp-header": "Score" })],
    ["non-string name", prop({ type: "string", "x-mcp-header": 7 })],
    ["duplicate same case", { type: "object", properties: { a: { type: "string", "x-mcp-header": "Region" }, b: { type: "string", "x-mcp-header": "Region" } } }],
    ["duplicate other case", { type: "object", properties: { a: { type: "string", "x-mcp-header": "MyField" }, b: { type: "string", "x-mcp-header": "myfield" } } }],
    ["behind items", { type: "object", properties: { list: { type: "array", items: { type: "string", "x-mcp-header": "Item" } } } }],
    ["behind anyOf", { type: "object", properties: { u: { anyOf: [{ type: "string", "x-mcp-header": "U" }] } } }],
    ["inside $defs", { type: "object", $defs: { d: { type: "string", "x-mcp-header": "D" } }, properties: { d: { $ref: "#/$defs/d" } } }],
    ["behind then", { type: "object", if: {}, then: { properties: { t: { type: "string", "x-mcp-header": "T" } } } }],
    ["on the root", { type: "object", "x-mcp-header": "Root" }],
  ])("rejects %s", (_label, schema) => {
    const plan = planToolHeaders(schema);
    expect(plan.ok).toBe(false);
  });

  it("does not treat a property literally named x-mcp-header as an annotation", () => {
    expect(planToolHeaders({ type: "object", properties: { "x-mcp-header": { type: "object" } } })).toEqual({ ok: true, params: [] });
  });

  it("reads values only at exact own-property paths", () => {
    expect(valueAtPath({ a: { b: 3 } }, ["a", "b"])).toBe(3);
    expect(valueAtPath({ a: 1 }, ["a", "b"])).toBeUndefined();
    expect(valueAtPath({}, ["toString"])).toBeUndefined();
  });
});
