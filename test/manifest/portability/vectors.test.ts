// The table of schema vectors (issue 19, item 5): each tool body is checked against ONE rule set
// and must produce exactly the listed portability diagnostics, code and position (relative to the
// body: line 1 is its first line), and nothing else; the vectors with an empty list are the
// near misses that must produce nothing. A last check makes the table cover every rule.
import { describe, expect, it } from "vitest";
import { PORTABILITY_RULES } from "../../../generator/manifest/portability/rules.js";
import type { RuleSetId } from "../../../generator/manifest/portability/rule-sets.js";
import { checkPortability } from "../../../generator/manifest/portability/check.js";
import { Reporter } from "../../../generator/manifest/reporter.js";
import { parseYaml } from "../../../generator/manifest/source.js";
import { buildManifest, FILE, load, portabilityFindings } from "./manifest-text.js";

interface Vector {
  readonly name: string;
  readonly target: RuleSetId;
  readonly body: string;
  /** `CODE line:col`, body-relative; or `CODE @line:col` for an absolute position (inside `definitions`). */
  readonly expect: readonly string[];
}

const VECTORS: readonly Vector[] = [
  // ---- openai-strict ----
  {
    name: "anyOf at the root",
    target: "openai-strict",
    body: `
input:
  type: object
  properties:
    a: { type: string }
  required: [a]
  additionalProperties: false
  anyOf: [{ required: [a] }]`,
    expect: ["MCPGEN1901 7:3"],
  },
  {
    name: "an open object and an optional property",
    target: "openai-strict",
    body: `
input:
  type: object
  properties:
    a: { type: string }
    b: { type: integer }
  required: [a]`,
    expect: ["MCPGEN1902 2:3", "MCPGEN1903 5:5"],
  },
  {
    name: "a nested object with additionalProperties: true",
    target: "openai-strict",
    body: `
input:
  type: object
  properties:
    m:
      type: object
      additionalProperties: true
  required: [m]
  additionalProperties: false`,
    expect: ["MCPGEN1902 6:29"],
  },
  {
    name: "minLength, an unsupported format and not",
    target: "openai-strict",
    body: `
input:
  type: object
  properties:
    s: { type: string, minLength: 1, format: uri }
    n: { type: integer, not: { const: 3 } }
  required: [s, n]
  additionalProperties: false`,
    expect: ["MCPGEN1905 4:24", "MCPGEN1906 4:46", "MCPGEN1904 5:25"],
  },
  {
    name: "a schema inside the strict subset (nested anyOf, a supported format, a nullable type list)",
    target: "openai-strict",
    body: `
input:
  type: object
  properties:
    when: { type: string, format: date-time }
    kind: { anyOf: [{ type: string }, { type: integer }] }
    tags: { type: array, items: { type: string }, minItems: 1 }
    opt: { type: [string, "null"] }
  required: [when, kind, tags, opt]
  additionalProperties: false`,
    expect: [],
  },
  // ---- gemini ----
  {
    name: "references, oneOf, a type list, formats, const and additionalProperties",
    target: "gemini",
    body: `
input:
  type: object
  properties:
    a: { $ref: "#/definitions/Thing" }
    b: { oneOf: [{ type: string }, { type: integer }] }
    c: { type: [string, "null"] }
    d: { type: string, format: email }
    e: { type: integer, format: int64, const: 3 }
  additionalProperties: false`,
    expect: ["MCPGEN1921 4:10", "MCPGEN1922 5:10", "MCPGEN1924 6:16", "MCPGEN1925 7:32", "MCPGEN1926 8:40", "MCPGEN1923 9:3"],
  },
  {
    name: "the OpenAPI subset Gemini takes (anyOf, double, enum format, bounds)",
    target: "gemini",
    body: `
input:
  type: object
  properties:
    n: { type: number, format: double, minimum: 0 }
    s: { type: string, enum: [a, b], format: enum }
    x: { anyOf: [{ type: string }, { type: integer }] }
  required: [n]`,
    expect: [],
  },
  // ---- anthropic ----
  {
    name: "oneOf at the root of the input schema",
    target: "anthropic",
    body: `
input:
  type: object
  properties:
    a: { type: string }
    b: { type: string }
  oneOf:
    - required: [a]
    - required: [b]`,
    expect: ["MCPGEN1941 6:3"],
  },
  {
    name: "oneOf inside a property (not at the root)",
    target: "anthropic",
    body: `
input:
  type: object
  properties:
    a: { oneOf: [{ type: string }, { type: integer }] }`,
    expect: [],
  },
  // ---- anthropic-strict ----
  {
    name: "numeric and length constraints on an open object",
    target: "anthropic-strict",
    body: `
input:
  type: object
  properties:
    n: { type: integer, minimum: 1, maximum: 9 }
    s: { type: string, maxLength: 20 }
  required: [n, s]`,
    expect: ["MCPGEN1942 2:3", "MCPGEN1943 4:25", "MCPGEN1943 4:37", "MCPGEN1943 5:24"],
  },
  {
    name: "a shared definition, followed once although it refers to itself",
    target: "anthropic-strict",
    body: `
input:
  type: object
  properties:
    tree: { $ref: "#/definitions/Tree" }
  required: [tree]
  additionalProperties: false`,
    expect: ["MCPGEN1942 @7:5", "MCPGEN1943 @9:29"],
  },
  {
    name: "a closed object with enums and formats",
    target: "anthropic-strict",
    body: `
input:
  type: object
  properties:
    s: { type: string, format: date, enum: ["2026-01-01"] }
  required: [s]
  additionalProperties: false`,
    expect: [],
  },
  // ---- mcp-inspector (input and output) ----
  {
    name: "boolean schemas, an untyped property and item, a type list (input and output)",
    target: "mcp-inspector",
    body: `
input:
  type: object
  properties:
    data: true
    any: {}
    v: { type: [string, number] }
    list: { type: array, items: { description: x } }
output:
  type: object
  properties:
    blob: true`,
    expect: ["MCPGEN1961 4:11", "MCPGEN1962 5:5", "MCPGEN1963 6:16", "MCPGEN1962 7:26", "MCPGEN1961 11:11"],
  },
  {
    name: "additionalProperties: false, untyped composition branches, enum and $ref properties",
    target: "mcp-inspector",
    body: `
input:
  type: object
  properties:
    a: { type: string }
    b: { anyOf: [{ type: string }, { type: "null" }] }
    c: { enum: [x, y] }
    h: { $ref: "#/definitions/Thing" }
  additionalProperties: false
  anyOf: [{ required: [a] }, { required: [b] }]`,
    expect: [],
  },
];

/** Objects nested `levels` deep (the root is level 1), each closed and fully required. */
function nested(levels: number): { body: string; deepest: string } {
  const lines: string[] = ["input:"];
  let deepest = "";
  for (let level = 1; level <= levels; level++) {
    const pad = "  ".repeat(2 * (level - 1) + 1);
    lines.push(`${pad}type: object`, `${pad}additionalProperties: false`);
    if (level < levels) {
      lines.push(`${pad}required: [c]`, `${pad}properties:`, `${pad}  c:`);
      deepest = `${lines.length}:${pad.length + 3}`; // the key naming the next level
    }
  }
  return { body: lines.join("\n"), deepest };
}

/** One closed object with `count` required string properties. */
function wide(count: number): string {
  const names = Array.from({ length: count }, (_, i) => `p${i}`);
  return ["input:", "  type: object", "  additionalProperties: false", `  required: [${names.join(", ")}]`, `  properties: { ${names.map((n) => `${n}: { type: string }`).join(", ")} }`].join("\n");
}

/** Two enum properties holding `count` values together. */
function enums(count: number): string {
  const half = Math.floor(count / 2);
  const values = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `v${from + i}`).join(", ");
  return ["input:", "  type: object", "  additionalProperties: false", "  required: [a, b]", "  properties:", `    a: { type: string, enum: [${values(0, half)}] }`, `    b: { type: string, enum: [${values(half, count)}] }`].join("\n");
}

function run(target: RuleSetId, body: string): { actual: string[]; errors: number; at: (rel: string) => string } {
  const built = buildManifest(body);
  const result = load(built.text, { targets: [target] });
  return { actual: portabilityFindings(result), errors: result.diagnostics.filter((d) => d.severity === "error").length, at: built.at };
}

function checkOnly(target: RuleSetId, body: string): { actual: string[]; at: (rel: string) => string } {
  const built = buildManifest(body);
  const source = parseYaml(built.text);
  const reporter = new Reporter(FILE, source);
  checkPortability(source.doc.toJS(), reporter, { targets: [target] });
  return { actual: reporter.diagnostics.map((d) => `${d.code} ${d.line}:${d.column}`), at: built.at };
}

describe("portability vectors", () => {
  it.each(VECTORS.map((v) => [`${v.target}: ${v.name}`, v] as const))("%s", (_name, vector) => {
    const { actual, errors, at } = run(vector.target, vector.body);
    expect(errors, "the vector must be a valid manifest").toBe(0);
    const expected = vector.expect.map((e) => {
      const [code, pos] = e.split(" ") as [string, string];
      return `${code} ${pos.startsWith("@") ? pos.slice(1) : at(pos)}`;
    });
    expect(actual).toEqual(expected);
  });

  it("openai-strict: objects 11 levels deep warn once, at the 11th; 10 levels are fine", () => {
    const eleven = nested(11);
    const r11 = run("openai-strict", eleven.body);
    expect(r11.errors).toBe(0);
    expect(r11.actual).toEqual([`MCPGEN1907 ${r11.at(eleven.deepest)}`]);
    expect(run("openai-strict", nested(10).body).actual).toEqual([]);
  });

  // The check alone, on the parsed file: the whole loader takes ~10 s on 5000 properties (ajv).
  it("openai-strict: 5001 properties warn at the schema; 5000 are fine", () => {
    const over = checkOnly("openai-strict", wide(5001));
    expect(over.actual).toEqual([`MCPGEN1908 ${over.at("1:1")}`]);
    expect(checkOnly("openai-strict", wide(5000)).actual).toEqual([]);
  });

  it("openai-strict: 1001 enum values warn at the schema; 1000 are fine", () => {
    const over = run("openai-strict", enums(1001));
    expect(over.actual).toEqual([`MCPGEN1909 ${over.at("1:1")}`]);
    expect(run("openai-strict", enums(1000)).actual).toEqual([]);
  });

  it("a finding inside a shared definition is reported once, however many tools use it", () => {
    const input = `
input:
  type: object
  properties:
    tree: { $ref: "#/definitions/Tree" }
  required: [tree]
  additionalProperties: false`;
    const built = buildManifest(input);
    const second = ["  u:", "    description: another tool", "    input:", "      type: object", "      properties:", '        tree: { $ref: "#/definitions/Tree" }', "      required: [tree]", "      additionalProperties: false"];
    const result = load(`${built.text}${second.join("\n")}\n`, { targets: ["anthropic-strict"] });
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(portabilityFindings(result)).toEqual(["MCPGEN1942 7:5", "MCPGEN1943 9:29"]);
  });

  it("covers every rule with a vector that must produce it", () => {
    const produced = new Set(VECTORS.flatMap((v) => v.expect.map((e) => e.split(" ")[0])));
    for (const code of ["MCPGEN1907", "MCPGEN1908", "MCPGEN1909"]) produced.add(code); // the generated vectors above
    expect(PORTABILITY_RULES.map((r) => r.code).filter((c) => !produced.has(c))).toEqual([]);
  });
});
