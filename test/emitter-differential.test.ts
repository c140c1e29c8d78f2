// Differential test: for every declaration of every scenario, the emitted zod schema and
// ajv (Ajv2020 / draft-07 Ajv + ajv-formats, strict: false) give the same verdict on
// hand-written values (whose labels are checked against ajv too), on deterministic
// mutations of the valid ones, and on fast-check `jsonValue()` samples.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { emitZodModule } from "../generator/emit/zod/module.js";
import {
  ajvValidators,
  importEmitted,
  loadScenarios,
  moduleInput,
  mutations,
  zodAccepts,
} from "./fixtures/emitter/support.js";

const SAMPLES_PER_DECLARATION = 150;

/** Scenarios ajv itself refuses to compile (their point is the emitter's diagnostics). */
const NOT_COMPILABLE_BY_AJV = new Set(["emitter-diagnostics"]);

describe("emitted zod schemas agree with ajv", () => {
  it("skips only scenarios that are about schemas ajv rejects", () => {
    for (const scenario of loadScenarios()) {
      const errors = emitZodModule(moduleInput(scenario)).diagnostics.filter((d) => d.severity === "error");
      expect(errors.length > 0, scenario.name).toBe(NOT_COMPILABLE_BY_AJV.has(scenario.name));
    }
  });

  for (const scenario of loadScenarios().filter((candidate) => !NOT_COMPILABLE_BY_AJV.has(candidate.name))) {
    it(scenario.name, async () => {
      const emitted = emitZodModule(moduleInput(scenario));
      const checked = emitted.declarations;
      const module = await importEmitted(`differential-${scenario.name}`, emitted.code);
      const validators = ajvValidators(scenario.input, emitted);
      const disagreements: string[] = [];
      let comparisons = 0;
      const compare = (name: string, value: unknown, label?: boolean) => {
        const ajvVerdict = validators.get(name)!(value) === true;
        const zodVerdict = zodAccepts(module[`${name}Schema`], value);
        comparisons++;
        if (label !== undefined && label !== ajvVerdict) {
          disagreements.push(
            `${name}: case ${JSON.stringify(value)} is labelled ${label ? "valid" : "invalid"} but ajv says ${ajvVerdict}`,
          );
        }
        if (ajvVerdict !== zodVerdict)
          disagreements.push(`${name}: ${JSON.stringify(value)} ajv=${ajvVerdict} zod=${zodVerdict}`);
      };
      for (const [name, cases] of Object.entries(scenario.cases)) {
        expect(validators.has(name), `cases.json names an unknown declaration ${name}`).toBe(true);
        for (const value of cases.valid ?? []) {
          compare(name, value, true);
          for (const near of mutations(value)) compare(name, near);
        }
        for (const value of cases.invalid ?? []) compare(name, value, false);
      }
      const samples = fc.sample(fc.jsonValue({ maxDepth: 3 }), { numRuns: SAMPLES_PER_DECLARATION, seed: 20260728 });
      for (const declaration of checked) for (const value of samples) compare(declaration.name, value);
      console.log(
        `differential ${scenario.name}: ${checked.length} declarations, ${comparisons} comparisons, ${disagreements.length} disagreements`,
      );
      expect(disagreements).toEqual([]);
      expect(comparisons).toBeGreaterThan(checked.length * SAMPLES_PER_DECLARATION - 1);
    });
  }
});
