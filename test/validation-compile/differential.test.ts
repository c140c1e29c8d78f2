// Differential test of the compiled validators (packages/runtime/src/validation/compile/): on
// every declaration of every emitter scenario, the compiled validator, ajv (the oracle) and the
// emitted zod schema give the same verdict — on the hand-written cases, their deterministic
// mutations and fast-check `jsonValue()` samples (the corpora of test/emitter-differential).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { emitZodModule } from "../../generator/emit/zod/module.js";
import { ajvValidators, importEmitted, loadScenarios, moduleInput, mutations, zodAccepts } from "../fixtures/emitter/support.js";
import { compiledValidators } from "./support.js";

const SAMPLES_PER_DECLARATION = 150;
/** The scenario about schemas ajv refuses to compile (there, only zod is compared). */
const NOT_COMPILABLE_BY_AJV = "emitter-diagnostics";

describe("compiled validators agree with ajv and with the emitted zod schemas", () => {
  for (const scenario of loadScenarios()) {
    it(scenario.name, async () => {
      const emitted = emitZodModule(moduleInput(scenario));
      const module = await importEmitted(`compiled-differential-${scenario.name}`, emitted.code);
      const oracle = scenario.name === NOT_COMPILABLE_BY_AJV ? undefined : ajvValidators(scenario.input, emitted);
      const compiled = compiledValidators(scenario.input, emitted);
      const disagreements: string[] = [];
      let comparisons = 0;
      const compare = (name: string, value: unknown) => {
        const verdict = compiled.get(name)!(value);
        const zod = zodAccepts(module[`${name}Schema`], value);
        comparisons++;
        if (oracle !== undefined && oracle.get(name)!(value) !== verdict) disagreements.push(`${name}: ${JSON.stringify(value)} ajv=${!verdict} compiled=${verdict}`);
        if (zod !== verdict) disagreements.push(`${name}: ${JSON.stringify(value)} zod=${zod} compiled=${verdict}`);
      };
      for (const [name, cases] of Object.entries(scenario.cases)) {
        for (const value of cases.valid ?? []) {
          compare(name, value);
          for (const near of mutations(value)) compare(name, near);
        }
        for (const value of cases.invalid ?? []) compare(name, value);
      }
      const samples = fc.sample(fc.jsonValue({ maxDepth: 3 }), { numRuns: SAMPLES_PER_DECLARATION, seed: 20261201 });
      for (const declaration of emitted.declarations) for (const value of samples) compare(declaration.name, value);
      expect(disagreements.slice(0, 20)).toEqual([]);
      expect(comparisons).toBeGreaterThanOrEqual(emitted.declarations.length * SAMPLES_PER_DECLARATION);
    });
  }
});
