// Property-based differential test: random schemas built from the keywords the emitter
// supports (seeded, so failures reproduce) are emitted as one module, and ajv and the
// emitted zod schemas must agree on random values drawn from the same small vocabulary
// (so that objects often have the keys and values the schemas talk about).

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DIAGNOSTIC_CODES } from "../generator/emit/zod/diagnostics.js";
import { emitZodModule } from "../generator/emit/zod/module.js";
import { ajvValidators, importEmitted, TEST_HEADER, typecheckEmitted, zodAccepts } from "./fixtures/emitter/support.js";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const KEYS = ["a", "b", "kind", "x-1"] as const;
const SCALARS: Json[] = [
  null,
  true,
  false,
  0,
  1,
  2,
  1.5,
  -1,
  2 ** 60,
  "",
  "a",
  "ab",
  "abc",
  "😀",
  "2020-01-01",
  "https://e.com",
];

const value: fc.Arbitrary<Json> = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom(...SCALARS),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...KEYS), tie("value"), { maxKeys: 3, noNullPrototype: true }),
  ),
})).value;

/**
 * `refTargets`: definitions a schema may reference anywhere (earlier ones only);
 * `guardedTargets`: definitions it may reference under `properties`/`items` — any of them,
 * itself included, so recursion appears, always through a level of the value.
 */
function schemaArbitrary(
  refTargets: readonly string[],
  guardedTargets: readonly string[],
  dialect: "2020-12" | "draft-07",
): fc.Arbitrary<unknown> {
  const modern = dialect === "2020-12";
  return fc.letrec<{ schema: unknown }>((tie) => {
    const sub = tie("schema");
    const nested =
      guardedTargets.length === 0 ? sub : fc.oneof(sub, fc.record({ $ref: fc.constantFrom(...guardedTargets) }));
    const twoOrThree = fc.array(sub, { minLength: 2, maxLength: 3 });
    const typeName = fc.constantFrom("null", "boolean", "integer", "number", "string", "array", "object");
    const leaves: fc.Arbitrary<unknown>[] = [
      fc.boolean(),
      fc.record({ type: fc.oneof(typeName, fc.uniqueArray(typeName, { minLength: 1, maxLength: 3 })) }),
      fc.record({ const: fc.constantFrom(...SCALARS, { a: 1 }, [1]) }),
      fc.record({ enum: fc.uniqueArray(fc.constantFrom(...SCALARS), { minLength: 1, maxLength: 4 }) }),
      fc.record(
        {
          type: fc.constant("string"),
          minLength: fc.nat(3),
          maxLength: fc.integer({ min: 1, max: 4 }),
          pattern: fc.constantFrom("^a", "b$", "\\d", "^\\p{L}+$"),
          format: fc.constantFrom("date", "uri", "email", "unknown-format"),
        },
        { requiredKeys: ["type"] },
      ),
      fc.record(
        {
          type: fc.constantFrom("number", "integer"),
          minimum: fc.integer({ min: -1, max: 1 }),
          maximum: fc.integer({ min: 0, max: 3 }),
          exclusiveMinimum: fc.constantFrom(-1, 0),
          multipleOf: fc.constantFrom(1, 0.5, 2),
        },
        { requiredKeys: [] },
      ),
    ];
    leaves.push(
      fc.record({ enum: fc.constant([{ a: 1 }, [1, 2], { a: [null] }, "a"]) }),
      fc.record(
        {
          type: fc.constantFrom("string", "integer", "object"),
          nullable: fc.constant(true),
          enum: fc.constantFrom(["a", null], [1, 2]),
        },
        { requiredKeys: ["type", "nullable"] },
      ),
      fc.record({
        type: fc.constant("string"),
        format: fc.constantFrom("date-time", "uuid", "ipv4", "hostname", "byte"),
      }),
      fc.record(
        { maxLength: fc.nat(2), maximum: fc.nat(2), maxItems: fc.nat(2), maxProperties: fc.nat(2) },
        { requiredKeys: [] },
      ),
      fc.record({ if: sub, description: fc.constant("if without then/else") }),
    );
    if (refTargets.length > 0) {
      leaves.push(
        fc.record({ $ref: fc.constantFrom(...refTargets) }),
        fc.record({ $ref: fc.constantFrom(...refTargets), type: fc.constantFrom("object", "array", "string") }),
      );
    }
    const objectModel: Record<string, fc.Arbitrary<unknown>> = {
      type: fc.constant("object"),
      properties: fc.dictionary(fc.constantFrom(...KEYS), nested, { maxKeys: 3 }),
      required: fc.uniqueArray(fc.constantFrom(...KEYS), { maxLength: 2 }),
      additionalProperties: fc.oneof(fc.boolean(), sub),
      patternProperties: fc.dictionary(fc.constantFrom("^x-", "^k"), sub, { maxKeys: 1 }),
      propertyNames: fc.record({ maxLength: fc.integer({ min: 1, max: 4 }) }),
      minProperties: fc.nat(2),
      maxProperties: fc.integer({ min: 1, max: 3 }),
      ...(modern
        ? {
            dependentRequired: fc.dictionary(
              fc.constantFrom(...KEYS),
              fc.uniqueArray(fc.constantFrom(...KEYS), { maxLength: 2 }),
              { maxKeys: 1 },
            ),
            dependentSchemas: fc.dictionary(fc.constantFrom(...KEYS), sub, { maxKeys: 1 }),
            unevaluatedProperties: fc.oneof(fc.constant(false), sub),
          }
        : {
            dependencies: fc.dictionary(
              fc.constantFrom(...KEYS),
              fc.oneof(fc.uniqueArray(fc.constantFrom(...KEYS), { maxLength: 2 }), sub),
              { maxKeys: 1 },
            ),
          }),
    };
    const object = fc.record(objectModel, { requiredKeys: [] });
    const arrayModel: Record<string, fc.Arbitrary<unknown>> = {
      type: fc.constant("array"),
      items: modern ? nested : fc.oneof(nested, fc.array(nested, { minLength: 1, maxLength: 2 })),
      ...(modern
        ? {
            prefixItems: fc.array(sub, { minLength: 1, maxLength: 2 }),
            unevaluatedItems: fc.oneof(fc.constant(false), sub),
          }
        : { additionalItems: sub }),
      minItems: fc.nat(2),
      maxItems: fc.integer({ min: 1, max: 3 }),
      uniqueItems: fc.boolean(),
      contains: sub,
      ...(modern ? { minContains: fc.nat(2), maxContains: fc.integer({ min: 1, max: 2 }) } : {}),
    };
    const array = fc.record(arrayModel, { requiredKeys: [] });
    const combinator = fc.oneof(
      fc.record({ anyOf: twoOrThree }),
      fc.record({ oneOf: twoOrThree }),
      fc.record({ allOf: twoOrThree }),
      fc.record({ not: sub }),
      fc.record({ if: sub, then: sub, else: sub }, { requiredKeys: ["if"] }),
      fc.record({
        type: fc.constant("object"),
        properties: fc.dictionary(fc.constantFrom(...KEYS), sub, { maxKeys: 2 }),
        anyOf: twoOrThree,
      }),
    );
    return {
      schema: fc.oneof(
        { depthSize: "small", maxDepth: 3 },
        ...leaves,
        { arbitrary: object, weight: guardedTargets.length > 0 ? 6 : 2 },
        { arbitrary: array, weight: 2 },
        { arbitrary: combinator, weight: 2 },
      ),
    };
  }).schema;
}

function randomDocument(
  dialect: "2020-12" | "draft-07",
  count: number,
  seed: number,
  recursive: boolean,
): Record<string, unknown> {
  const keyword = dialect === "2020-12" ? "$defs" : "definitions";
  const definitions: Record<string, unknown> = {};
  const all = Array.from({ length: count }, (_, j) => `#/${keyword}/D${j}`);
  for (let i = 0; i < count; i++) {
    // Unguarded references only point to earlier definitions, so every reference cycle
    // passes through properties/items: no recursion without progress into the value.
    const targets = all.slice(0, i);
    // Guarded references go to itself and its neighbours: self and mutual recursion.
    const neighbours = all.filter((_, j) => Math.abs(j - i) <= 1);
    const schema = schemaArbitrary(targets, recursive ? neighbours : [], dialect);
    [definitions[`D${i}`]] = fc.sample(schema, { numRuns: 1, seed: seed + i });
  }
  return {
    $schema:
      dialect === "2020-12"
        ? "https://json-schema.org/draft/2020-12/schema"
        : "http://json-schema.org/draft-07/schema#",
    [keyword]: definitions,
  };
}

/** Extra seeds for exploratory runs: FUZZ_SEEDS=5 runs five more documents per dialect. */
const EXTRA_SEEDS = Number(process.env["FUZZ_SEEDS"] ?? 0);
const RUNS: (readonly ["2020-12" | "draft-07", number, boolean])[] = [
  ["2020-12", 1, false],
  ["2020-12", 1001, false],
  ["draft-07", 2001, false],
  ["2020-12", 3001, true],
  ["draft-07", 4001, true],
  ...Array.from({ length: EXTRA_SEEDS }, (_, i) => ["2020-12", 5000 + i * 97, i % 2 === 1] as const),
  ...Array.from({ length: EXTRA_SEEDS }, (_, i) => ["draft-07", 9000 + i * 97, i % 2 === 1] as const),
];

/** Every emitted fuzz module, type-checked at the end (random shapes exercise the written TS types). */
const emittedModules = new Map<string, string>();

describe("random schemas: emitted zod agrees with ajv", () => {
  for (const [dialect, seed, recursive] of RUNS) {
    it(`${dialect} (seed ${seed}${recursive ? ", recursive" : ""})`, async () => {
      const document = randomDocument(dialect, 40, seed, recursive);
      const emitted = emitZodModule({ document, header: TEST_HEADER });
      emittedModules.set(`fuzz-${dialect}-${seed}`, emitted.code);
      // The only errors a random schema may earn are the documented ajv divergences
      // (unevaluatedItems under value-dependent branches, the tuple quirk); those
      // declarations are skipped, everything else must agree.
      const errors = emitted.diagnostics.filter((diagnostic) => diagnostic.severity === "error");
      expect(errors.filter((diagnostic) => diagnostic.code !== DIAGNOSTIC_CODES.ajvQuirk)).toEqual([]);
      // Skipped: declarations holding such a diagnostic, and those referring to them.
      const definitions = Object.entries(
        document[dialect === "2020-12" ? "$defs" : "definitions"] as Record<string, unknown>,
      );
      const skippedNames = new Set(
        definitions
          .filter(([name]) => errors.some((error) => error.pointer.includes(`/${name}/`)))
          .map(([name]) => name),
      );
      for (let grew = true; grew;) {
        grew = false;
        for (const [name, schema] of definitions) {
          if (skippedNames.has(name)) continue;
          if ([...skippedNames].some((other) => JSON.stringify(schema).includes(`/${other}"`))) {
            skippedNames.add(name);
            grew = true;
          }
        }
      }
      const skipped = (pointer: string) => skippedNames.has(pointer.split("/").pop()!);
      const module = await importEmitted(`fuzz-${dialect}-${seed}`, emitted.code);
      const validators = ajvValidators({ document }, emitted);
      const values = fc.sample(value, { numRuns: 300, seed });
      const disagreements: string[] = [];
      let valid = 0;
      for (const declaration of emitted.declarations.filter((candidate) => !skipped(candidate.pointer))) {
        for (const sample of values) {
          const ajvVerdict = validators.get(declaration.name)!(sample) === true;
          if (ajvVerdict) valid++;
          if (ajvVerdict !== zodAccepts(module[`${declaration.name}Schema`], sample)) {
            disagreements.push(
              `${declaration.name} ${JSON.stringify(document[dialect === "2020-12" ? "$defs" : "definitions"] && (document[dialect === "2020-12" ? "$defs" : "definitions"] as Record<string, unknown>)[declaration.name])} value ${JSON.stringify(sample)} ajv=${ajvVerdict}`,
            );
          }
        }
      }
      console.log(
        `fuzz ${dialect} seed ${seed}: ${emitted.declarations.length} schemas (${skippedNames.size} skipped) x ${values.length} values, ${valid} valid verdicts, ${disagreements.length} disagreements`,
      );
      expect(disagreements.slice(0, 5)).toEqual([]);
    });
  }

  it("all fuzz modules pass tsc --strict --noEmit", async () => {
    expect(emittedModules.size).toBeGreaterThan(0);
    expect(await typecheckEmitted(emittedModules)).toBe("");
  });
});
