// Property: for random (schema, value) pairs built from the keywords the compiled validator
// supports — combined, nested and recursive through $defs — its verdict is ajv's (Ajv2020 +
// ajv-formats, strict: false). Schemas avoid the documented ajv divergences the zod emitter
// reports as MCPGEN0307 (unevaluatedItems, contains next to a tuple, unevaluatedProperties next
// to if), where both mcp-gen validators follow the spec instead. Seeded; a failure shrinks to a
// small pair and prints it.
import { createRequire } from "node:module";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonSchemaValidator } from "../../packages/runtime/src/validation/compile/index.js";
import { pattern } from "../../packages/runtime/src/validation/pattern.js";

const require = createRequire(import.meta.url);
const Ajv2020 = require("ajv/dist/2020").default as typeof import("ajv").default;
const addFormats = require("ajv-formats").default as (ajv: InstanceType<typeof Ajv2020>) => void;

const KEYS = ["a", "b", "x-1"] as const;
const SCALARS = [null, true, false, 0, 1, 2, 1.5, -1, 2 ** 60, "", "a", "ab", "😀😀", "2020-01-01", "https://e.com"];
const value = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: "small" },
    fc.constantFrom(...SCALARS),
    fc.array(tie("v"), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...KEYS), tie("v"), { maxKeys: 3, noNullPrototype: true }),
  ),
})).v;

const schema = fc.letrec<{ s: unknown }>((tie) => {
  const sub = tie("s");
  const type = fc.constantFrom("null", "boolean", "integer", "number", "string", "array", "object");
  return {
    s: fc.oneof(
      { depthSize: "small", maxDepth: 3 },
      fc.boolean(),
      fc.record({ $ref: fc.constant("#/$defs/node") }),
      fc.record({ type: fc.oneof(type, fc.uniqueArray(type, { minLength: 1, maxLength: 3 })) }),
      fc.record({ const: fc.constantFrom(...SCALARS, { a: 1 }, [1]) }),
      fc.record({ enum: fc.uniqueArray(fc.constantFrom(...SCALARS, { a: [null] }), { minLength: 1, maxLength: 4 }) }),
      fc.record(
        { minLength: fc.nat(3), maxLength: fc.integer({ min: 1, max: 4 }), pattern: fc.constantFrom("^a", "b$", "^\\p{L}+$", "^(a+)+$"), format: fc.constantFrom("date", "uri", "email", "unknown") },
        { requiredKeys: [] },
      ),
      fc.record(
        { type: fc.constantFrom("number", "integer"), minimum: fc.integer({ min: -1, max: 1 }), exclusiveMaximum: fc.integer({ min: 1, max: 3 }), multipleOf: fc.constantFrom(1, 0.5, 2) },
        { requiredKeys: [] },
      ),
      fc.record(
        {
          type: fc.constant("object"),
          properties: fc.dictionary(fc.constantFrom(...KEYS), sub, { maxKeys: 2 }),
          required: fc.uniqueArray(fc.constantFrom(...KEYS), { maxLength: 2 }),
          additionalProperties: fc.oneof(fc.boolean(), sub),
          patternProperties: fc.dictionary(fc.constantFrom("^x-", "^b"), sub, { maxKeys: 1 }),
          propertyNames: fc.record({ maxLength: fc.integer({ min: 1, max: 3 }) }),
          minProperties: fc.nat(2),
          dependentRequired: fc.dictionary(fc.constantFrom(...KEYS), fc.uniqueArray(fc.constantFrom(...KEYS), { maxLength: 2 }), { maxKeys: 1 }),
          dependentSchemas: fc.dictionary(fc.constantFrom(...KEYS), sub, { maxKeys: 1 }),
          unevaluatedProperties: fc.oneof(fc.constant(false), sub),
        },
        { requiredKeys: [] },
      ),
      fc.record(
        { type: fc.constant("array"), items: sub, minItems: fc.nat(2), maxItems: fc.integer({ min: 1, max: 3 }), uniqueItems: fc.boolean(), contains: sub, minContains: fc.nat(2), maxContains: fc.integer({ min: 1, max: 2 }) },
        { requiredKeys: [] },
      ),
      fc.record({ type: fc.constant("array"), prefixItems: fc.array(sub, { minLength: 1, maxLength: 2 }), items: sub }, { requiredKeys: ["prefixItems"] }),
      fc.record({ anyOf: fc.array(sub, { minLength: 1, maxLength: 3 }) }),
      fc.record({ oneOf: fc.array(sub, { minLength: 1, maxLength: 3 }) }),
      fc.record({ allOf: fc.array(sub, { minLength: 1, maxLength: 3 }) }),
      fc.record({ not: sub }),
      fc.record({ if: sub, then: sub, else: sub }, { requiredKeys: ["if"] }),
    ),
  };
}).s;

/** A root with a recursive definition, reached only below an object or array level. */
const rooted = fc
  .tuple(schema, schema)
  .map(([root, node]) => ({ $defs: { node: { type: ["object", "array", "null"], properties: { a: node }, items: node } }, allOf: [root] }));

describe("property: compiled validator vs ajv on random schemas and values", () => {
  it("same verdict", { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(rooted, fc.array(value, { minLength: 1, maxLength: 8 }), (root, values) => {
        const ajv = new Ajv2020({ strict: false });
        addFormats(ajv);
        const oracle = ajv.compile(structuredClone(root));
        const compiled = jsonSchemaValidator(root, { patterns: pattern });
        for (const candidate of values) {
          expect(compiled.safeParse(candidate).success, JSON.stringify({ root, candidate })).toBe(oracle(candidate) === true);
        }
      }),
      { numRuns: 200, seed: 20261201, endOnFailure: true },
    );
  });
});
