import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { SchemaFact } from "../../generator/diff/schema/facts.js";
import { compareSchemas } from "../../generator/diff/schema/compare.js";
import { localResolver } from "../../generator/diff/schema/resolve.js";
import { PROPERTY_TEST_TIMEOUT_MS, within } from "../support/property-budget.js";

function facts(before: unknown, after: unknown): SchemaFact[] {
  return compareSchemas(before, after, { resolveOld: localResolver(before), resolveNew: localResolver(after) });
}

function brief(list: SchemaFact[]): string[] {
  return list.map((f) => `${f.kind}${"effect" in f ? `:${f.effect}` : ""} ${f.path}`);
}

describe("compareSchemas", () => {
  it("integer is a subset of number, in both directions", () => {
    expect(brief(facts({ type: "integer" }, { type: "number" }))).toEqual(["type:widened "]);
    expect(brief(facts({ type: "number" }, { type: "integer" }))).toEqual(["type:narrowed "]);
    expect(brief(facts({ type: "string" }, { type: ["string", "null"] }))).toEqual(["type:widened "]);
    expect(brief(facts({ type: "string" }, { type: "boolean" }))).toEqual(["type:changed "]);
  });

  it("ignores annotations but not a property that is named like one", () => {
    expect(facts({ type: "string", description: "a" }, { type: "string", description: "b", title: "t", examples: ["x"] })).toEqual([]);
    const before = { type: "object", properties: { description: { type: "string" } } };
    const after = { type: "object", properties: { description: { type: "integer" } } };
    expect(brief(facts(before, after))).toEqual(["type:changed /properties/description"]);
  });

  it("follows local $refs and reports the change where the property is, not inside $defs", () => {
    const before = { type: "object", properties: { note: { $ref: "#/$defs/Note" } }, $defs: { Note: { type: "object", properties: { id: { type: "string" } }, required: ["id"] } } };
    const after = structuredClone(before);
    after.$defs.Note.required = [];
    expect(brief(facts(before, after))).toEqual(["became-optional /properties/note/properties/id"]);
  });

  it("terminates on recursive schemas and still finds a change below the recursion", () => {
    const tree = (leaf: string) => ({ $ref: "#/$defs/Node", $defs: { Node: { type: "object", properties: { value: { type: leaf }, children: { type: "array", items: { $ref: "#/$defs/Node" } } } } } });
    expect(brief(facts(tree("string"), tree("integer")))).toEqual(["type:changed /properties/value"]);
    expect(facts(tree("string"), tree("string"))).toEqual([]);
  });

  it("bounds: a larger minimum narrows, a removed maximum widens, multipleOf by divisibility", () => {
    expect(brief(facts({ type: "integer", minimum: 1 }, { type: "integer", minimum: 5 }))).toEqual(["constraint:narrowed "]);
    expect(brief(facts({ type: "integer", maximum: 9 }, { type: "integer" }))).toEqual(["constraint:widened "]);
    expect(brief(facts({ multipleOf: 2 }, { multipleOf: 4 }))).toEqual(["constraint:narrowed "]);
    expect(brief(facts({ multipleOf: 4 }, { multipleOf: 2 }))).toEqual(["constraint:widened "]);
    expect(brief(facts({ multipleOf: 2 }, { multipleOf: 3 }))).toEqual(["constraint:changed "]);
  });

  it("additionalProperties: closing narrows, opening widens, schemas are compared", () => {
    expect(brief(facts({ type: "object" }, { type: "object", additionalProperties: false }))).toEqual(["constraint:narrowed /additionalProperties"]);
    expect(brief(facts({ type: "object", additionalProperties: false }, { type: "object", additionalProperties: { type: "string" } }))).toEqual(["constraint:widened /additionalProperties"]);
    expect(brief(facts({ additionalProperties: { type: "string" } }, { additionalProperties: { type: "number" } }))).toEqual(["type:changed /additionalProperties"]);
  });

  it("anyOf: an added arm widens, a dropped arm narrows, one edited arm is compared in place", () => {
    const s = { type: "string" };
    const n = { type: "null" };
    const i = { type: "integer" };
    expect(brief(facts({ anyOf: [s] }, { anyOf: [s, n] }))).toEqual(["constraint:widened /anyOf"]);
    expect(brief(facts({ anyOf: [s, n] }, { anyOf: [s] }))).toEqual(["constraint:narrowed /anyOf"]);
    expect(brief(facts({ anyOf: [s, n] }, { anyOf: [s, i] }))).toEqual(["type:changed /anyOf/1"]);
    expect(brief(facts({ anyOf: [s, n] }, { anyOf: [n, s] }))).toEqual([]);
  });

  it("a plain schema against a bare union is a one-arm union: making a value nullable is one widening", () => {
    const s = { type: "string" };
    const n = { type: "null" };
    expect(brief(facts(s, { anyOf: [s, n] }))).toEqual(["constraint:widened /anyOf"]);
    expect(brief(facts({ anyOf: [s, n] }, s))).toEqual(["constraint:narrowed /anyOf"]);
    expect(brief(facts({}, { anyOf: [s, n] }))).toEqual(["constraint:narrowed /anyOf"]);
    expect(brief(facts({ oneOf: [s, n] }, true))).toEqual(["constraint:widened /oneOf"]);
  });

  it("union arms match across an inline copy and a $ref to the same definition", () => {
    const defs = { A: { type: "string" }, B: { type: "integer" } };
    const before = { anyOf: [{ $ref: "#/$defs/A" }, { $ref: "#/$defs/B" }], $defs: defs };
    const after = { anyOf: [{ type: "string" }, { $ref: "#/$defs/B" }], $defs: defs };
    expect(facts(before, after)).toEqual([]);
    const fewer = { $ref: "#/$defs/A", $defs: defs };
    expect(facts(before, fewer)).toMatchObject([{ kind: "constraint", effect: "narrowed", path: "/anyOf", from: ["B"], to: [] }]);
  });

  it("what it cannot decide it says so: a changed pattern, a changed not", () => {
    expect(brief(facts({ type: "string", pattern: "^a" }, { type: "string", pattern: "^b" }))).toEqual(["undecidable "]);
    expect(brief(facts({ not: { type: "string" } }, { not: { type: "number" } }))).toEqual(["undecidable /not"]);
  });

  it("boolean schemas: false accepts nothing, true everything", () => {
    expect(brief(facts(false, true))).toEqual(["type:widened "]);
    expect(brief(facts(true, false))).toEqual(["type:narrowed "]);
    expect(facts(true, {})).toEqual([]);
  });

  it("a different handle kind is a changed type (bundled manifest form)", () => {
    expect(brief(facts({ type: "string", "x-mcpgen-handle": "cart" }, { type: "string", "x-mcpgen-handle": "order" }))).toEqual(["type:changed "]);
  });
});

/**
 * SOUNDNESS AGAINST AJV: when the engine reports nothing that could narrow (for an input:
 * no narrowed/changed/undecidable fact, no new required or removed property, no removed enum
 * value), then every sampled value the old schema accepts, the new one accepts too.
 * Objects are closed (`additionalProperties: false`) so that the declared-shape model and
 * plain validation agree on what "a new optional property" means.
 */
describe("soundness of 'no narrowing' against ajv (property test)", () => {
  // Floors for how many generated cases reach the assertion (seeded, so the counts are fixed;
  // the floors sit well below them): a generator that only made skipped pairs would pass vacuously.
  // Measured: scalar 462 pairs / 866 values, object 203 / 425, output 90 / 184.
  const FLOORS = { scalar: { pairs: 200, values: 400 }, object: { pairs: 100, values: 200 }, output: { pairs: 45, values: 90 } };
  const expectChecked = (checked: { pairs: number; values: number }, floor: { pairs: number; values: number }) => {
    expect(checked.pairs, "pairs that reached the check").toBeGreaterThan(floor.pairs);
    expect(checked.values, "values that reached the check").toBeGreaterThan(floor.values);
  };
  const scalar = fc.oneof(
    fc.constant({ type: "string" }),
    fc.constant({ type: "integer" }),
    fc.constant({ type: "number" }),
    fc.constant({ type: ["string", "null"] }),
    fc.record({ type: fc.constant("integer"), minimum: fc.integer({ min: -3, max: 3 }) }),
    fc.record({ type: fc.constant("integer"), maximum: fc.integer({ min: -3, max: 3 }) }),
    fc.record({ type: fc.constant("string"), maxLength: fc.integer({ min: 0, max: 3 }) }),
    fc.record({ enum: fc.uniqueArray(fc.constantFrom("a", "b", "c", 1, 2), { minLength: 1, maxLength: 3 }) }),
  );
  const objectSchema = fc
    .dictionary(fc.constantFrom("p", "q", "r"), scalar, { maxKeys: 3 })
    .chain((properties) =>
      fc.record({
        type: fc.constant("object"),
        properties: fc.constant(properties),
        required: fc.subarray(Object.keys(properties)),
        additionalProperties: fc.constant(false),
      }),
    );
  const value = fc.dictionary(fc.constantFrom("p", "q"), fc.oneof(fc.constantFrom("a", "b", "c", "", "abcd", null, 1.5), fc.integer({ min: -4, max: 4 })), { maxKeys: 2 });

  const narrowing = (f: SchemaFact): boolean =>
    f.kind === "undecidable" ||
    f.kind === "property-removed" ||
    f.kind === "became-required" ||
    f.kind === "enum-value-removed" ||
    (f.kind === "property-added" && f.required) ||
    ((f.kind === "type" || f.kind === "constraint") && f.effect !== "widened");

  const scalarValue = fc.oneof(fc.constantFrom("a", "b", "c", "", "abcd", null, 1.5, true), fc.integer({ min: -4, max: 4 }));

  it("holds on random scalar schemas (types, enums, bounds) and values", () => {
    const ajv = new Ajv2020({ strict: false });
    const checked = { pairs: 0, values: 0 };
    fc.assert(
      fc.property(scalar, scalar, fc.array(scalarValue, { minLength: 1, maxLength: 12 }), (before, after, values) => {
        if (facts(before, after).some(narrowing)) return;
        checked.pairs++;
        const acceptsOld = ajv.compile(before);
        const acceptsNew = ajv.compile(after);
        for (const v of values) if (acceptsOld(v)) {
          checked.values++;
          expect(acceptsNew(v), JSON.stringify({ before, after, v })).toBe(true);
        }
      }),
      { numRuns: 2000, seed: 20260728, ...within() },
    );
    // The early return skips narrowing pairs; the property must still have checked plenty.
    expectChecked(checked, FLOORS.scalar);
  }, PROPERTY_TEST_TIMEOUT_MS);

  it("holds on random object schemas and values", () => {
    const ajv = new Ajv2020({ strict: false });
    const checked = { pairs: 0, values: 0 };
    fc.assert(
      fc.property(objectSchema, objectSchema, fc.array(value, { minLength: 1, maxLength: 12 }), (before, after, values) => {
        if (facts(before, after).some(narrowing)) return;
        checked.pairs++;
        const acceptsOld = ajv.compile(before);
        const acceptsNew = ajv.compile(after);
        for (const v of values) if (acceptsOld(v)) {
          checked.values++;
          expect(acceptsNew(v), JSON.stringify({ before, after, v })).toBe(true);
        }
      }),
      { numRuns: 1000, seed: 20260728, ...within() },
    );
    expectChecked(checked, FLOORS.object);
  }, PROPERTY_TEST_TIMEOUT_MS);

  it("and 'no widening' is sound for outputs the same way", () => {
    const ajv = new Ajv2020({ strict: false });
    const checked = { pairs: 0, values: 0 };
    const widening = (f: SchemaFact): boolean =>
      f.kind === "undecidable" ||
      f.kind === "property-removed" ||
      f.kind === "became-optional" ||
      f.kind === "enum-value-added" ||
      f.kind === "property-added" ||
      ((f.kind === "type" || f.kind === "constraint") && f.effect !== "narrowed");
    fc.assert(
      fc.property(objectSchema, objectSchema, fc.array(value, { minLength: 1, maxLength: 12 }), (before, after, values) => {
        if (facts(before, after).some(widening)) return;
        checked.pairs++;
        const acceptsOld = ajv.compile(before);
        const acceptsNew = ajv.compile(after);
        for (const v of values) if (acceptsNew(v)) {
          checked.values++;
          expect(acceptsOld(v), JSON.stringify({ before, after, v })).toBe(true);
        }
      }),
      { numRuns: 1000, seed: 20260728, ...within() },
    );
    expectChecked(checked, FLOORS.output);
  }, PROPERTY_TEST_TIMEOUT_MS);
});

describe("robustness on arbitrary JSON (property test)", () => {
  // Schema-shaped JSON with keywords in odd places and of odd types (a manifest validated
  // against the 2020-12 meta-schema never has these, a schema.json given by path might).
  const keyword = fc.constantFrom("type", "properties", "required", "items", "anyOf", "oneOf", "allOf", "enum", "const", "$ref", "additionalProperties", "minimum", "pattern", "not", "$defs");
  const node: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
    schema: fc.oneof({ depthSize: "small" }, fc.boolean(), fc.jsonValue({ maxDepth: 1 }), fc.dictionary(keyword, tie("value"), { maxKeys: 4 })),
    value: fc.oneof({ depthSize: "small" }, tie("schema"), fc.array(tie("schema"), { maxLength: 3 }), fc.constantFrom("#", "#/$defs/a", "#/properties", "string", "object", -1, 0)),
  })).schema;

  it("never throws, and a schema compared with itself has no facts", () => {
    fc.assert(
      fc.property(node, node, (a, b) => {
        compareSchemas(a, b, { resolveOld: localResolver(a), resolveNew: localResolver(b) });
        expect(facts(a, a)).toEqual([]);
      }),
      { numRuns: 500, seed: 7, ...within() },
    );
  }, PROPERTY_TEST_TIMEOUT_MS);
});

