// Diagnostics: every keyword the emitter cannot translate exactly is reported with its
// code, severity and a JSON pointer to the keyword — never silently accepted.

import { describe, expect, it } from "vitest";
import { emitZodModule } from "../generator/emit/zod/module.js";
import { DIAGNOSTIC_CODES } from "../generator/emit/zod/diagnostics.js";
import { importEmitted, loadScenarios, moduleInput, zodAccepts } from "./fixtures/emitter/support.js";

const scenario = loadScenarios().find((candidate) => candidate.name === "emitter-diagnostics")!;

function summary(diagnostics: ReturnType<typeof emitZodModule>["diagnostics"]) {
  return diagnostics.map(({ code, severity, keyword, pointer, root }) => ({ code, severity, keyword, pointer, root }));
}

describe("emitter diagnostics", () => {
  it("reports each unsupported construct at its keyword", () => {
    const result = emitZodModule(moduleInput(scenario));
    const found = summary(result.diagnostics);
    const expected = [
      { code: DIAGNOSTIC_CODES.invalidSchema, severity: "error", keyword: "type", pointer: "/$defs/BadType/type" },
      { code: DIAGNOSTIC_CODES.invalidSchema, severity: "error", keyword: "enum", pointer: "/$defs/EmptyEnum/enum" },
      {
        code: DIAGNOSTIC_CODES.invalidPattern,
        severity: "error",
        keyword: "pattern",
        pointer: "/$defs/BadPattern/pattern",
      },
      {
        code: DIAGNOSTIC_CODES.invalidSchema,
        severity: "error",
        keyword: "nullable",
        pointer: "/$defs/BadNullable/nullable",
      },
      {
        code: DIAGNOSTIC_CODES.unsupportedKeyword,
        severity: "error",
        keyword: "$dynamicRef",
        pointer: "/$defs/Dynamic/$dynamicRef",
      },
      {
        code: DIAGNOSTIC_CODES.unsupportedKeyword,
        severity: "error",
        keyword: "$id",
        pointer: "/$defs/Embedded/properties/inner/$id",
      },
      {
        code: DIAGNOSTIC_CODES.unresolvedRef,
        severity: "error",
        keyword: "$ref",
        pointer: "/$defs/Missing/properties/x/$ref",
      },
      { code: DIAGNOSTIC_CODES.externalRef, severity: "error", keyword: "$ref", pointer: "/$defs/Network/$ref" },
      { code: DIAGNOSTIC_CODES.externalRef, severity: "error", keyword: "$ref", pointer: "/$defs/OtherFile/$ref" },
      {
        code: DIAGNOSTIC_CODES.unsupportedKeyword,
        severity: "error",
        keyword: "$recursiveRef",
        pointer: "/$defs/Recursive/$recursiveRef",
      },
      {
        code: DIAGNOSTIC_CODES.ajvQuirk,
        severity: "error",
        keyword: "unevaluatedProperties",
        pointer: "/$defs/UnevaluatedThroughIf/unevaluatedProperties",
      },
      {
        code: DIAGNOSTIC_CODES.ajvQuirk,
        severity: "error",
        keyword: "unevaluatedItems",
        pointer: "/$defs/UnevaluatedItemsInAnyOf/unevaluatedItems",
      },
      {
        code: DIAGNOSTIC_CODES.ajvQuirk,
        severity: "error",
        keyword: "contains",
        pointer: "/$defs/TupleQuirk/contains",
      },
      {
        code: DIAGNOSTIC_CODES.unknownFormat,
        severity: "warning",
        keyword: "format",
        pointer: "/$defs/UnknownFormat/format",
      },
    ];
    for (const diagnostic of expected) expect(found).toContainEqual({ ...diagnostic, root: undefined });
    expect(found).toHaveLength(expected.length);
    expect(found.some((diagnostic) => diagnostic.pointer.startsWith("/$defs/Fine"))).toBe(false);
    const network = result.diagnostics.find((diagnostic) => diagnostic.pointer === "/$defs/Network/$ref")!;
    expect(network.message).toContain("never fetched");
  });

  it("fails closed where it reports an error: those spots accept nothing", async () => {
    const result = emitZodModule(moduleInput(scenario));
    const module = await importEmitted("diagnostics-fail-closed", result.code);
    const values: unknown[] = [null, 0, "x", "https://example.com", {}, { x: 1 }, []];
    for (const name of ["Dynamic", "Network", "OtherFile", "Recursive", "BadNullable", "BadPattern", "EmptyEnum"]) {
      for (const value of values)
        expect(zodAccepts(module[`${name}Schema`], value), `${name} accepted ${JSON.stringify(value)}`).toBe(false);
    }
    expect(zodAccepts(module["MissingSchema"], { x: 1 })).toBe(false);
    expect(zodAccepts(module["MissingSchema"], {})).toBe(true);
    expect(zodAccepts(module["FineSchema"], "x")).toBe(true);
  });

  it("turns external refs into z.unknown() plus a warning only when the caller opts in", () => {
    const result = emitZodModule({ ...moduleInput(scenario), externalRefs: "unknown" });
    const external = result.diagnostics.filter((diagnostic) => diagnostic.code === DIAGNOSTIC_CODES.externalRef);
    expect(external.map((diagnostic) => diagnostic.severity)).toEqual(["warning", "warning"]);
    expect(result.code).toContain("export const NetworkSchema = z.unknown();");
  });

  it("locates diagnostics of roots relative to the root and names it", () => {
    const result = emitZodModule({
      document: { $defs: {} },
      header: "// test\n",
      roots: {
        Tool: {
          type: "object",
          properties: { when: { $ref: "#/$defs/Missing~1Thing" }, site: { $dynamicRef: "#site" } },
        },
      },
    });
    expect(summary(result.diagnostics)).toEqual([
      {
        code: DIAGNOSTIC_CODES.unresolvedRef,
        severity: "error",
        keyword: "$ref",
        pointer: "/properties/when/$ref",
        root: "Tool",
      },
      {
        code: DIAGNOSTIC_CODES.unsupportedKeyword,
        severity: "error",
        keyword: "$dynamicRef",
        pointer: "/properties/site/$dynamicRef",
        root: "Tool",
      },
    ]);
  });

  it("escapes pointer tokens (RFC 6901) in diagnostic locations", () => {
    const result = emitZodModule({
      document: { $defs: { "a/b~c": { type: "string", pattern: "[" } } },
      header: "// test\n",
    });
    expect(result.diagnostics.map((diagnostic) => diagnostic.pointer)).toEqual(["/$defs/a~1b~0c/pattern"]);
  });
});
