// The compiled validators and the zod emitter check the same formats with the same runtime
// checkers: compile/formats.ts and generator/emit/zod/formats.ts must name the same set.
import { describe, expect, it } from "vitest";
import { FORMAT_CHECKERS } from "../../generator/emit/zod/formats.js";
import { NUMBER_FORMATS, STRING_FORMATS, UNCHECKED_FORMATS } from "../../packages/runtime/src/validation/compile/formats.js";
import * as helpers from "../../packages/runtime/src/validation/index.js";

describe("format tables", () => {
  it("name the same formats, kinds and checker functions", () => {
    const compiled = {
      ...Object.fromEntries(Object.entries(STRING_FORMATS).map(([name, check]) => [name, { kind: "string", check }])),
      ...Object.fromEntries(Object.entries(NUMBER_FORMATS).map(([name, check]) => [name, { kind: "number", check }])),
    };
    const emitter = Object.entries(FORMAT_CHECKERS);
    expect(Object.keys(compiled).sort()).toEqual(emitter.filter(([, c]) => c.helper !== undefined).map(([name]) => name).sort());
    expect([...UNCHECKED_FORMATS].sort()).toEqual(emitter.filter(([, c]) => c.helper === undefined).map(([name]) => name).sort());
    for (const [name, { helper, kind }] of emitter) {
      if (helper === undefined) continue;
      expect(compiled[name]!.kind, name).toBe(kind);
      expect(compiled[name]!.check, name).toBe((helpers as Record<string, unknown>)[helper]);
    }
  });
});
