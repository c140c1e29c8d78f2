import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { specOracle } from "../support/ajv-oracle.js";
import { mutationsOf } from "../support/mutations.js";
import { importTypesModule } from "../support/types-modules.js";

/**
 * Differential test, ajv as the oracle: every 2026-07-28 example parses with `<Type>Schema`,
 * round-trips without losing data, and every systematic mutation of it gets the same
 * accept/reject verdict from the emitted zod schema and from ajv.
 */
const REVISION = "2026-07-28";
const EXAMPLES_DIR = resolve(import.meta.dirname, "..", "..", "..", "shared", "spec", "examples", REVISION);

const examples = readdirSync(EXAMPLES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((dir) =>
    readdirSync(join(EXAMPLES_DIR, dir.name))
      .filter((file) => file.endsWith(".json"))
      .sort()
      .map((file) => ({ type: dir.name, file, value: JSON.parse(readFileSync(join(EXAMPLES_DIR, dir.name, file), "utf8")) as unknown })),
  );

/**
 * Examples that contradict the schema, each with the reason. Stale-checked: the test fails
 * when an entry is no longer invalid, so the list cannot silently outlive its cause.
 */
const KNOWN_INVALID_EXAMPLES: Record<string, string> = {
  "ReadResourceResultResponse/read-resource-result-response.json":
    "omits ttlMs and cacheScope, which ReadResourceResult requires (schema.ts CacheableResult: `ttlMs: number`, " +
    "`cacheScope: ...`, no `?`). The unpatched schema.json accepts it only through the InputRequiredResult arm " +
    "whose open `resultType` matches anything; erratum input-required-result-type closes that hole.",
};

describe(`spec ${REVISION} examples, zod vs ajv`, () => {
  let types: Record<string, any>;
  const oracle = specOracle(REVISION);
  beforeAll(async () => {
    types = await importTypesModule(REVISION);
  });

  it("has the 129 published examples", () => {
    expect(examples).toHaveLength(129);
  });

  const valid = examples.filter((e) => !(`${e.type}/${e.file}` in KNOWN_INVALID_EXAMPLES));
  const invalid = examples.filter((e) => `${e.type}/${e.file}` in KNOWN_INVALID_EXAMPLES);

  it("every known-invalid example exists", () => {
    expect(invalid.map((e) => `${e.type}/${e.file}`).sort()).toEqual(Object.keys(KNOWN_INVALID_EXAMPLES).sort());
  });

  it.each(invalid.map((e) => [`${e.type}/${e.file}`, e] as const))("%s is rejected by both (stale check)", (_name, example) => {
    expect(oracle.validator(example.type)(example.value), "ajv rejects it; if not, delete the entry").toBe(false);
    expect(types[`${example.type}Schema`].safeParse(example.value).success).toBe(false);
  });

  it.each(valid.map((e) => [`${e.type}/${e.file}`, e] as const))("%s parses, round-trips and ajv agrees", (_name, example) => {
    const schema = types[`${example.type}Schema`];
    expect(schema, `${example.type}Schema is exported`).toBeDefined();
    expect(oracle.validator(example.type)(example.value), "ajv accepts the example").toBe(true);
    const parsed = schema.safeParse(example.value);
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(parsed.data).toStrictEqual(example.value);
  });

  it("every mutation of every example gets the same verdict from zod and ajv", () => {
    let compared = 0;
    let rejectedByBoth = 0;
    const disagreements: string[] = [];
    for (const example of examples) {
      const schema = types[`${example.type}Schema`];
      const validate = oracle.validator(example.type);
      for (const mutation of mutationsOf(example.value)) {
        const ajvVerdict = validate(mutation.value) === true;
        const zodVerdict = schema.safeParse(mutation.value).success as boolean;
        compared++;
        if (!ajvVerdict && !zodVerdict) rejectedByBoth++;
        if (ajvVerdict !== zodVerdict) disagreements.push(`${example.type}/${example.file} ${mutation.description}: ajv=${ajvVerdict} zod=${zodVerdict}`);
      }
    }
    expect(disagreements.slice(0, 20)).toEqual([]);
    // The mutations must exercise both verdicts, or the comparison proves nothing.
    expect(compared).toBeGreaterThan(2000);
    expect(rejectedByBoth).toBeGreaterThan(200);
    expect(compared - rejectedByBoth).toBeGreaterThan(200);
  });
});
