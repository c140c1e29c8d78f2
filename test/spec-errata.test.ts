import { describe, expect, it } from "vitest";
import { ERRATA, applyErrata, definitionsOf } from "../generator/spec-schema/errata.js";
import { revisionNames } from "../generator/spec-schema/lock.js";
import { loadRawSpec, loadSpec } from "../generator/spec-schema/load.js";

type Json = Record<string, any>;

/** Which pinned revisions carry each artifact. Update together with the lock. */
const EXPECTED: Record<string, string[]> = {
  "json-value-scalars": ["2026-07-28"],
  "input-required-result-type": ["2026-07-28"],
};

describe("errata layer", () => {
  it("lists every erratum exactly once in the expectations", () => {
    expect(ERRATA.map((e) => e.id).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  // TRIPWIRES: each fails once the pinned schema no longer has the artifact.
  // When one fails, delete that erratum and its EXPECTED entry.
  describe.each(ERRATA.map((e) => [e.id, e] as const))("tripwire %s", (id, erratum) => {
    it("the artifact is still present upstream exactly where expected", () => {
      const affected = revisionNames().filter((rev) => erratum.detect(structuredClone(definitionsOf(loadRawSpec(rev).json))));
      expect(affected).toEqual(EXPECTED[id]);
    });
    it("the patch removes the artifact", () => {
      for (const rev of EXPECTED[id]!) {
        expect(erratum.detect(definitionsOf(loadSpec(rev).json))).toBe(false);
      }
    });
  });

  it("does not mutate the raw document", () => {
    const raw = loadRawSpec("2026-07-28").json;
    const before = JSON.stringify(raw);
    applyErrata(raw);
    expect(JSON.stringify(raw)).toBe(before);
  });

  it("JSONValue accepts null and floats after patching, as schema.ts says", () => {
    const defs = definitionsOf(loadSpec("2026-07-28").json) as Json;
    const scalar = defs.JSONValue.anyOf.find((arm: Json) => Array.isArray(arm.type));
    expect(scalar.type).toEqual(expect.arrayContaining(["null", "number"]));
  });

  it('InputRequiredResult.resultType is pinned to "input_required"', () => {
    const defs = definitionsOf(loadSpec("2026-07-28").json) as Json;
    expect(defs.InputRequiredResult.properties.resultType.const).toBe("input_required");
  });

  // Not an erratum: guard that NumberSchema bounds stay `number` (an artifact of earlier snapshots).
  // Elicitation (and its NumberSchema) exists from 2025-06-18 on; older revisions are checked
  // to lack it rather than silently passing.
  it.each(revisionNames())("NumberSchema bounds are numbers in %s (no patch needed)", (rev) => {
    const numberSchema = (definitionsOf(loadRawSpec(rev).json) as Json).NumberSchema;
    expect(numberSchema !== undefined, "NumberSchema present").toBe(rev >= "2025-06-18");
    if (numberSchema === undefined) return;
    expect(numberSchema.properties.minimum.type).toBe("number");
    expect(numberSchema.properties.maximum.type).toBe("number");
  });
});
