import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { definitionsOf } from "../../generator/spec-schema/errata.js";
import { revisionNames } from "../../generator/spec-schema/lock.js";
import { loadSpec } from "../../generator/spec-schema/load.js";
import { specOracle } from "../support/ajv-oracle.js";
import { messageDefinitions } from "../support/message-definitions.js";
import { arbitraryFor } from "../support/arbitrary-from-schema.js";
import { mutationsOf } from "../support/mutations.js";
import { importTypesModule } from "../support/types-modules.js";

/**
 * Differential test for every revision (most ship no examples): valid messages generated
 * from the schema with fast-check, and their mutations, get the same verdict from the
 * emitted zod schema and from ajv. Seeded, so a failure is reproducible.
 */
const SAMPLES_PER_DEFINITION = 12;

describe.each(revisionNames())("spec %s: generated messages, zod vs ajv", (revision) => {
  let types: Record<string, any>;
  const document = loadSpec(revision).json;
  const definitions = definitionsOf(document) as Record<string, Record<string, any>>;
  const oracle = specOracle(revision);
  const targets = messageDefinitions(revision);

  beforeAll(async () => {
    types = await importTypesModule(revision);
  });

  it.each(targets)("%s", (definition) => {
    const schema = types[`${definition}Schema`];
    expect(schema, `${definition}Schema is exported`).toBeDefined();
    const validate = oracle.validator(definition);
    // Through JSON: samples stand for wire messages (plain prototypes, no -0).
    const samples = fc.sample(arbitraryFor(definitions[definition]!, { definitions, maxDepth: 4 }), {
      numRuns: SAMPLES_PER_DEFINITION,
      seed: 20261130,
    }).map((sample) => JSON.parse(JSON.stringify(sample)) as unknown);
    const disagreements: string[] = [];
    for (const sample of samples) {
      expect(validate(sample), `generated sample is valid for ajv: ${JSON.stringify(sample)}`).toBe(true);
      const parsed = schema.safeParse(sample);
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      expect(parsed.data).toStrictEqual(sample);
      for (const mutation of mutationsOf(sample)) {
        const ajvVerdict = validate(mutation.value) === true;
        const zodVerdict = schema.safeParse(mutation.value).success as boolean;
        if (ajvVerdict !== zodVerdict) disagreements.push(`${mutation.description}: ajv=${ajvVerdict} zod=${zodVerdict} on ${JSON.stringify(mutation.value)}`);
      }
    }
    expect(disagreements.slice(0, 10)).toEqual([]);
  });
});
