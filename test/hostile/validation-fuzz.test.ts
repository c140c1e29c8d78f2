// Issue 21: fast-check fuzzing of tool arguments against schemas with formats, patterns and
// length bounds, emitted as a generated package gets them. Two properties:
//   - ajv (with ajv-formats) is the oracle where it applies: same verdict on every value of
//     up to 300 characters whose pattern ajv can run safely (ajv backtracks too, so hostile
//     patterns are timed only);
//   - no single parse blocks for more than 50 ms, hostile patterns and 20,000-character
//     pumped strings included.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { FORMAT_CHECKERS } from "../../generator/emit/zod/formats.js";
import { emittedSchemas, timed } from "./validation-vectors.js";

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

const SAFE_PATTERNS = ["^[a-z0-9-]+$", "\\d{3}", "^\\p{L}+$", "^(?:[a-z]+\\.)*[a-z]+$", "[^\\s]", "^.{2,8}$", "^(?!x)", "@", "^[^@]+@[^@]+$"];
const HOSTILE_PATTERNS = ["^(a+)+$", "(x+x+)+y", "^(\\w+\\s?)*$", "^(a|aa)+$"];
const FORMATS = Object.entries(FORMAT_CHECKERS).flatMap(([name, { kind }]) => (kind === "string" ? [name] : []));
const EXAMPLES = ["https://example.com/a?b#c", "http://u@x.example.org:8080/p", "a@b.co", "2024-02-29", "12:30:00Z", "2024-02-29T12:30:00+01:00", "P1DT2H", "::1", "10.0.0.1", "{a}/x{?b}", "/a~0b", "0/x", "#/a", "QUJD", "550e8400-e29b-41d4-a716-446655440000", "abc-def", "αβγ", "aaaa", "xxxxy", "word word"];
const ALPHABET = ["a", "x", "y", "-", ".", "@", ":", "/", " ", "\n", "1", "é", "😀", "%", "{", "}", "~", "#", "?"];

const stringSchema = fc.record(
  {
    format: fc.constantFrom(...FORMATS),
    pattern: fc.constantFrom(...SAFE_PATTERNS, ...HOSTILE_PATTERNS),
    minLength: fc.integer({ min: 0, max: 4 }),
    maxLength: fc.integer({ min: 4, max: 40 }),
  },
  { requiredKeys: [] },
);
const shortText = fc.oneof(
  fc.constantFrom(...EXAMPLES),
  fc.array(fc.constantFrom(...ALPHABET), { maxLength: 30 }).map((parts) => parts.join("")),
);
const pumped = fc
  .tuple(fc.constantFrom("", "http://", "a@", "{", "P", "x"), fc.constantFrom(...ALPHABET, "a", "ab", "a-", "@a"), fc.constantFrom("", "!", "y", "@", " "))
  .map(([prefix, unit, suffix]) => prefix + unit.repeat(20_000 / unit.length) + suffix);

describe("hostile: fuzzed arguments against format/pattern/length schemas", () => {
  it("agree with ajv where it applies, and no parse takes more than 50 ms", async () => {
    const schemas = fc.sample(stringSchema, { numRuns: 40, seed: 2126 });
    const definitions = Object.fromEntries(
      schemas.map((schema, i) => [`S${i}`, { type: "object", properties: { value: { type: "string", ...schema } }, required: ["value"] }]),
    );
    const zod = await emittedSchemas("fuzz", definitions, "import");
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    const values = [...fc.sample(shortText, { numRuns: 60, seed: 7 }), ...fc.sample(pumped, { numRuns: 12, seed: 8 })];
    const disagreements: string[] = [];
    let compared = 0;
    let slowest = { ms: 0, what: "" };
    schemas.forEach((schema, i) => {
      const validate = ajv.compile(definitions[`S${i}`]!);
      const oracle = schema.pattern === undefined || SAFE_PATTERNS.includes(schema.pattern);
      for (const value of values) {
        const { ms, result } = timed(() => zod[`S${i}`]!.safeParse({ value }));
        if (ms > slowest.ms) slowest = { ms, what: `${JSON.stringify(schema)} on ${value.length} characters` };
        if (!oracle || value.length > 300) continue;
        compared++;
        if (result.success !== validate({ value })) disagreements.push(`${JSON.stringify(schema)} ${JSON.stringify(value)}: zod=${result.success}`);
      }
    });
    expect(disagreements).toEqual([]);
    expect(compared).toBeGreaterThan(1000);
    expect(slowest.ms, slowest.what).toBeLessThan(50);
  });
});
