// Every emitted module — all scenarios and all five spec revisions — passes
// `tsc --strict --noEmit` against zod 4.6 and imports without error.

import { beforeAll, describe, expect, it } from "vitest";
import { emitZodModule } from "../generator/emit/zod/module.js";
import { revisionNames } from "../generator/spec-schema/lock.js";
import { loadRawSpec } from "../generator/spec-schema/load.js";
import {
  importEmitted,
  loadScenarios,
  moduleInput,
  TEST_HEADER,
  typecheckEmitted,
  zodAccepts,
} from "./fixtures/emitter/support.js";

const modules = new Map<string, { code: string; exported: string[] }>();

beforeAll(() => {
  for (const scenario of loadScenarios()) {
    const { code, exported } = emitZodModule(moduleInput(scenario));
    modules.set(scenario.name, { code, exported });
  }
  for (const revision of revisionNames()) {
    const { code, exported } = emitZodModule({ document: loadRawSpec(revision).json, header: TEST_HEADER });
    modules.set(`spec-${revision}`, { code, exported });
  }
});

describe("emitted modules compile and load", () => {
  it("covers the five spec revisions", () => {
    expect([...modules.keys()].filter((name) => name.startsWith("spec-"))).toHaveLength(5);
  });

  it("pass tsc --strict --noEmit (TypeScript 7) against zod 4.6", async () => {
    const output = await typecheckEmitted(new Map([...modules].map(([name, module]) => [name, module.code])));
    expect(output).toBe("");
  });

  it("import without error and export a zod schema per declaration", async () => {
    for (const [name, module] of modules) {
      const loaded = await importEmitted(name, module.code);
      for (const declaration of module.exported) {
        const schema = loaded[`${declaration}Schema`];
        expect(schema, `${name}: ${declaration}Schema`).toBeDefined();
        // Resolving lazy schemas happens on first use: parsing must not throw.
        expect(() => zodAccepts(schema, {})).not.toThrow();
      }
    }
  });
});
