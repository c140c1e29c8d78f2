// The schema → table rows of the docs page: nesting, enums and bounds, `$ref` resolution
// (recursive and external), variants, maps, and escaping of every text from the schema.
import { describe, expect, it } from "vitest";
import { schemaRows } from "../../generator/docs-page/schema-rows.js";
import { schemaTable } from "../../generator/docs-page/schema-table.js";

const brief = (schema: Parameters<typeof schemaRows>[0]) => schemaRows(schema).map((r) => [r.depth, r.name, r.type]);

describe("schemaRows", () => {
  it("lists properties in the schema's order, with required, default, title and description", () => {
    const rows = schemaRows({
      type: "object",
      properties: {
        b: { type: "string", title: "Bee", description: "second letter", default: "x" },
        a: { type: "integer" },
      },
      required: ["a"],
    });
    expect(rows.map((r) => [r.name, r.required, r.default, r.title, r.description])).toEqual([
      ["b", false, '"x"', "Bee", "second letter"],
      ["a", true, undefined, undefined, undefined],
    ]);
  });

  it("indents nested objects and the properties of array items", () => {
    expect(
      brief({
        type: "object",
        properties: {
          owner: { type: "object", properties: { name: { type: "string" }, address: { type: "object", properties: { city: { type: "string" } } } } },
          tags: { type: "array", items: { type: "object", properties: { label: { type: "string" } } } },
        },
      }),
    ).toEqual([
      [0, "owner", "object"],
      [1, "name", "string"],
      [1, "address", "object"],
      [2, "city", "string"],
      [0, "tags", "array of object"],
      [1, "label", "string"],
    ]);
  });

  it("writes enums, consts, formats, type lists and bounds", () => {
    const rows = schemaRows({
      type: "object",
      properties: {
        region: { type: "string", enum: ["eu", "us"] },
        kind: { const: "fixed" },
        email: { type: "string", format: "email", minLength: 3, maxLength: 80 },
        count: { type: ["integer", "null"], minimum: 1, exclusiveMaximum: 10, multipleOf: 2 },
        ids: { type: "array", items: { type: "string" }, minItems: 1, uniqueItems: true },
        code: { type: "string", pattern: "^[A-Z]{3}$" },
        exact: { type: "integer", minimum: 4, maximum: 4 },
      },
    });
    const byName = new Map(rows.map((r) => [r.name, r]));
    expect(byName.get("region")?.values).toEqual(['"eu"', '"us"']);
    expect(byName.get("kind")).toMatchObject({ type: "const", values: ['"fixed"'] });
    expect(byName.get("email")).toMatchObject({ type: "string (email)", constraints: ["3 ≤ length ≤ 80"] });
    expect(byName.get("count")).toMatchObject({ type: "integer | null", constraints: ["1 ≤ value < 10", "multiple of 2"] });
    expect(byName.get("ids")).toMatchObject({ type: "array of string", constraints: ["items ≥ 1", "unique items"] });
    expect(byName.get("code")?.constraints).toEqual(["pattern ^[A-Z]{3}$"]);
    expect(byName.get("exact")?.constraints).toEqual(["value = 4"]);
  });

  it("reads draft-07 boolean exclusive bounds", () => {
    const [row] = schemaRows({ type: "object", properties: { n: { type: "number", minimum: 0, exclusiveMinimum: true, maximum: 1 } } });
    expect(row?.constraints).toEqual(["0 < value ≤ 1"]);
  });

  it("resolves local $refs, names the definition and keeps the using site's description", () => {
    const rows = schemaRows({
      type: "object",
      properties: { total: { $ref: "#/$defs/Money", description: "Order total" }, parts: { type: "array", items: { $ref: "#/$defs/Money" } } },
      $defs: { Money: { type: "object", properties: { currency: { type: "string" }, cents: { type: "integer" } }, required: ["cents"] } },
    });
    expect(rows.map((r) => [r.depth, r.name, r.type, r.ref, r.required])).toEqual([
      [0, "total", "object", "Money", false],
      [1, "currency", "string", undefined, false],
      [1, "cents", "integer", undefined, true],
      [0, "parts", "array of Money", undefined, false],
      [1, "currency", "string", undefined, false],
      [1, "cents", "integer", undefined, true],
    ]);
    expect(rows[0]?.description).toBe("Order total");
  });

  it("ends a recursive definition instead of expanding it forever", () => {
    const rows = schemaRows({
      type: "object",
      properties: { root: { $ref: "#/$defs/Node" } },
      $defs: { Node: { type: "object", properties: { value: { type: "string" }, children: { type: "array", items: { $ref: "#/$defs/Node" } }, parent: { $ref: "#/$defs/Node" } } } },
    });
    expect(rows.map((r) => [r.depth, r.name, r.type])).toEqual([
      [0, "root", "object"],
      [1, "value", "string"],
      [1, "children", "array of Node"],
      [2, "items", "Node (recursive)"],
      [1, "parent", "Node (recursive)"],
    ]);
  });

  it("ends mutual recursion (A → B → A) and $ref chains", () => {
    const rows = schemaRows({
      type: "object",
      properties: { a: { $ref: "#/$defs/A" }, alias: { $ref: "#/$defs/Alias" } },
      $defs: {
        A: { type: "object", properties: { b: { $ref: "#/$defs/B" } } },
        B: { type: "object", properties: { a: { $ref: "#/$defs/A" } } },
        Alias: { $ref: "#/$defs/B" },
      },
    });
    expect(rows.map((r) => [r.depth, r.name, r.type])).toEqual([
      [0, "a", "object"],
      [1, "b", "object"],
      [2, "a", "A (recursive)"],
      [0, "alias", "object"],
      [1, "a", "object"],
      [2, "b", "B (recursive)"],
    ]);
  });

  it("stops at a depth far beyond real schemas", () => {
    let schema: Record<string, unknown> = { type: "string" };
    for (let i = 0; i < 40; i++) schema = { type: "object", properties: { [`level${39 - i}`]: schema } };
    const rows = schemaRows(schema);
    expect(rows.length).toBeLessThan(20);
    expect(rows.at(-1)).toMatchObject({ name: "…", type: "nested too deep to show" });
  });

  it("shows a $ref that leaves the schema as written, unresolved", () => {
    const [row] = schemaRows({ type: "object", properties: { address: { $ref: "https://schemas.example.com/address.json" } } });
    expect(row).toMatchObject({ type: "$ref https://schemas.example.com/address.json", notes: ["not resolved: outside this schema"] });
  });

  it("labels map values, pattern properties and variants", () => {
    expect(
      brief({
        type: "object",
        properties: {
          labels: { type: "object", additionalProperties: { type: "string" } },
          extra: { type: "object", patternProperties: { "^x-": { type: "integer" } } },
          target: { oneOf: [{ type: "string" }, { type: "object", properties: { id: { type: "string" } } }] },
        },
      }),
    ).toEqual([
      [0, "labels", "object"],
      [1, "{key}", "string"],
      [0, "extra", "object"],
      [1, "/^x-/", "integer"],
      [0, "target", "any"],
      [1, "one of 1", "string"],
      [1, "one of 2", "object"],
      [2, "id", "string"],
    ]);
  });

  it("lists tuple positions and writes dependentRequired and not", () => {
    const rows = schemaRows({
      type: "object",
      properties: {
        point: { type: "array", prefixItems: [{ type: "number", description: "x" }, { type: "number", description: "y" }] },
        card: { type: "object", dependentRequired: { number: ["expiry"] }, not: { required: ["pin"] } },
      },
    });
    expect(rows.map((r) => [r.depth, r.name, r.type, r.description])).toEqual([
      [0, "point", "array", undefined],
      [1, "[0]", "number", "x"],
      [1, "[1]", "number", "y"],
      [0, "card", "object", undefined],
    ]);
    expect(rows[3]?.constraints).toEqual(["with number, also expiry", 'not {"required":["pin"]}']);
  });

  it("names a handle property by its handle", () => {
    const [row] = schemaRows({ type: "object", properties: { cart: { type: "string", "x-mcpgen-handle": "cart" } } });
    expect(row?.type).toBe("handle cart");
  });

  it("has no rows for a schema without properties", () => {
    expect(schemaRows({ type: "object", properties: {} })).toEqual([]);
    expect(schemaRows(true)).toEqual([]);
  });
});

describe("schemaTable", () => {
  it("escapes every text from the schema: names, descriptions, enum members, defaults, patterns", () => {
    const html = schemaTable(
      {
        type: "object",
        properties: {
          "<b>name</b>": { type: "string", description: "<script>alert(1)</script>", enum: ["<i>", '"q"'], default: "</td>", pattern: "a&b" },
        },
      },
      "none",
    ).html;
    expect(html).not.toMatch(/<script|<b>|<i>|<\/td><\/td>/);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;b&gt;name&lt;/b&gt;");
    expect(html).toContain("&quot;&lt;i&gt;&quot;");
    expect(html).toContain("pattern a&amp;b");
  });

  it("indents nested rows and says when no other properties are accepted", () => {
    const html = schemaTable({ type: "object", properties: { a: { type: "object", properties: { b: { type: "string" } } } }, additionalProperties: false }, "none").html;
    expect(html).toMatch(/<tr class="depth-1 property"><td class="param" style="padding-left:1.75em">/);
    expect(html).toContain("No other properties are accepted.");
  });

  it("shows the empty text for a schema without properties", () => {
    expect(schemaTable({ type: "object" }, "No parameters.").html).toBe('<p class="empty">No parameters.</p>\n');
  });
});
