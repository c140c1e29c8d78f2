// jsonSchemaValidator's contract besides its verdicts (differential.test.ts): compiled on first
// use and once per schema object, issues naming the JSON path and the rule, the value returned
// as is, no code generation at run time.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { jsonSchemaValidator, SchemaValidationError } from "../../packages/runtime/src/validation/compile/index.js";
import { pattern } from "../../packages/runtime/src/validation/pattern.js";
import { detectDialect } from "../../packages/runtime/src/core/json-schema-dialect.js";

const message = (schema: unknown, value: unknown): string => {
  const result = jsonSchemaValidator(schema).safeParse(value);
  if (result.success) throw new Error(`${JSON.stringify(value)} was accepted`);
  expect(result.error).toBeInstanceOf(SchemaValidationError);
  return result.error.message;
};

describe("jsonSchemaValidator", () => {
  it("compiles on the first safeParse, once per schema object, not at creation", () => {
    let reads = 0;
    const schema: Record<string, unknown> = { properties: { a: { type: "integer" } } };
    Object.defineProperty(schema, "type", { enumerable: true, get: () => (reads++, "object") });
    const first = jsonSchemaValidator(schema);
    expect(reads).toBe(0);
    expect(first.safeParse({ a: 1 }).success).toBe(true);
    const compiledReads = reads;
    expect(compiledReads).toBeGreaterThan(0);
    expect(first.safeParse({ a: 1.5 }).success).toBe(false);
    expect(jsonSchemaValidator(schema).safeParse({ a: 2 }).success).toBe(true);
    expect(reads).toBe(compiledReads);
  });

  it("names the JSON path and the rule of the first failure", () => {
    const items = { type: "object", properties: { items: { type: "array", items: { type: "object", properties: { name: { type: "string" } }, required: ["name"] } } } };
    expect(message(items, { items: [{ name: 3 }] })).toBe("/items/0/name: must be a string");
    expect(message(items, { items: [{ name: "a" }, {}] })).toBe("/items/1/name: required property is missing");
    expect(message(items, [])).toBe("(root): must be an object");
    expect(message({ type: ["string", "null"] }, 1)).toBe("(root): must be a string or null");
    expect(message({ additionalProperties: false, properties: { a: {} } }, { a: 1, "x/y~": 2 })).toBe("/x~1y~0: is not an allowed property");
    expect(message({ type: "integer", minimum: 1, multipleOf: 2 }, 3)).toBe("(root): must be a multiple of 2");
    expect(message({ enum: ["a", "b"] }, "c")).toBe('(root): must be one of ["a","b"]');
    expect(message({ const: { a: [1] } }, { a: [2] })).toBe('(root): must be equal to {"a":[1]}');
    expect(message({ anyOf: [{ type: "string" }, { type: "number" }] }, null)).toBe("(root): must match at least one schema in anyOf");
    expect(message({ type: "string", format: "date" }, "2024-02-30")).toBe("(root): must be a valid date");
    expect(message({ if: { required: ["a"] }, then: { properties: { b: { type: "string" } } } }, { a: 1, b: 2 })).toBe("/b: must be a string");
  });

  it("returns the value itself (no copy, no coercion, unknown keys kept)", () => {
    const value = { a: "1", extra: [1] };
    const result = jsonSchemaValidator({ type: "object", properties: { a: { type: "string" } } }).safeParse(value);
    expect(result.success && result.data).toBe(value);
  });

  it("reads draft-07 when the schema says so (array items + additionalItems, no prefixItems)", () => {
    const draft07 = { $schema: "http://json-schema.org/draft-07/schema#", items: [{ type: "string" }], additionalItems: false, prefixItems: [{ type: "number" }] };
    const validator = jsonSchemaValidator(draft07);
    expect(validator.safeParse(["a"]).success).toBe(true);
    expect(validator.safeParse(["a", 1]).success).toBe(false);
    expect(validator.safeParse([1]).success).toBe(false);
  });

  it("without $schema, reads the dialect from the definitions container as the generator does", () => {
    const tuple = { items: [{ type: "string" }], additionalItems: false };
    // `definitions` means draft-07: array items are a tuple.
    const draft07 = jsonSchemaValidator({ ...tuple, definitions: { unused: { type: "null" } } });
    expect(draft07.safeParse(["a"]).success).toBe(true);
    expect(draft07.safeParse(["a", "b"]).success).toBe(false);
    // `$defs` (or nothing) means 2020-12, where an array `items` is not a keyword ajv applies.
    const modern = jsonSchemaValidator({ ...tuple, $defs: { unused: { type: "null" } } });
    expect(modern.safeParse(["a", "b"]).success).toBe(true);
    expect(detectDialect({ ...tuple, definitions: {} })).toBe("draft-07");
    expect(detectDialect({ ...tuple, $defs: {} })).toBe("2020-12");
  });

  it("external $ref: accepted by default (as generated packages do), rejected on request", () => {
    const schema = { properties: { a: { $ref: "https://example.com/other.json" } } };
    expect(jsonSchemaValidator(schema).safeParse({ a: 1 }).success).toBe(true);
    expect(jsonSchemaValidator(schema, { externalRefs: "reject" }).safeParse({ a: 1 }).success).toBe(false);
  });

  it("needs a pattern engine for a schema with a pattern, and says where to get it", () => {
    const schema = { type: "object", properties: { id: { type: "string", pattern: "^[a-z]+$" } } };
    const validator = jsonSchemaValidator(schema);
    expect(() => validator.safeParse({ id: "a" })).toThrow('the schema uses the pattern "^[a-z]+$": pass { patterns: pattern } (pattern from @mcp-gen/runtime/patterns, linear-time)');
    const linear = jsonSchemaValidator(schema, { patterns: pattern });
    expect([linear.safeParse({ id: "abc" }).success, linear.safeParse({ id: "ABC" }).success]).toEqual([true, false]);
  });

  it("generates no code at run time (no eval, no Function constructor: Workers forbid both)", () => {
    const dir = path.resolve(import.meta.dirname, "../../packages/runtime/src/validation/compile");
    for (const file of readdirSync(dir)) {
      const source = readFileSync(path.join(dir, file), "utf8");
      expect(source, file).not.toMatch(/\beval\s*\(|\bFunction\s*\(/);
    }
  });
});
