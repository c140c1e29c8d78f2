// The compiled validators on the protocol's own schema, every revision: valid messages generated
// from each request/result/notification definition with fast-check, and their mutations, get
// the same verdict from ajv (the oracle), the emitted zod schema (`mcp-gen types`) and the
// compiled validator over the same document. Seeded, so a failure reproduces.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { detectDialect } from "../../packages/runtime/src/core/json-schema-dialect.js";
import { definitionsOf } from "../../generator/spec-schema/errata.js";
import { revisionNames } from "../../generator/spec-schema/lock.js";
import { loadSpec } from "../../generator/spec-schema/load.js";
import { jsonSchemaValidator } from "../../packages/runtime/src/validation/compile/index.js";
import { pattern } from "../../packages/runtime/src/validation/pattern.js";
import { specOracle } from "../support/ajv-oracle.js";
import { messageDefinitions } from "../support/message-definitions.js";
import { arbitraryFor } from "../support/arbitrary-from-schema.js";
import { mutationsOf } from "../support/mutations.js";
import { importTypesModule } from "../support/types-modules.js";

const SAMPLES_PER_DEFINITION = 12;

describe.each(revisionNames())("spec %s: generated messages, compiled validator vs ajv and zod", (revision) => {
  let types: Record<string, any>;
  const document = loadSpec(revision).json;
  const definitions = definitionsOf(document) as Record<string, Record<string, any>>;
  const defsKey = document.$defs !== undefined ? "$defs" : "definitions";
  const dialect = detectDialect(document);
  const oracle = specOracle(revision);
  const targets = messageDefinitions(revision);

  beforeAll(async () => {
    types = await importTypesModule(revision);
  });

  it.each(targets)("%s", (definition) => {
    const zod = types[`${definition}Schema`];
    const validate = oracle.validator(definition);
    const compiled = jsonSchemaValidator(document, { dialect, externalRefs: "reject", patterns: pattern, at: `/${defsKey}/${encodeURIComponent(definition)}` });
    const samples = fc
      .sample(arbitraryFor(definitions[definition]!, { definitions, maxDepth: 4 }), { numRuns: SAMPLES_PER_DEFINITION, seed: 20261201 })
      .map((sample) => JSON.parse(JSON.stringify(sample)) as unknown);
    const disagreements: string[] = [];
    let comparisons = 0;
    const compare = (what: string, value: unknown) => {
      const verdict = compiled.safeParse(value).success;
      const ajvVerdict = validate(value) === true;
      const zodVerdict = zod.safeParse(value).success as boolean;
      comparisons++;
      if (verdict !== ajvVerdict || verdict !== zodVerdict) disagreements.push(`${what}: ajv=${ajvVerdict} zod=${zodVerdict} compiled=${verdict} on ${JSON.stringify(value)}`);
    };
    for (const sample of samples) {
      compare("sample", sample);
      for (const mutation of mutationsOf(sample)) compare(mutation.description, mutation.value);
    }
    expect(disagreements.slice(0, 10)).toEqual([]);
    expect(comparisons).toBeGreaterThan(SAMPLES_PER_DEFINITION);
  });
});
