// Runtime helpers that emitted modules inline. A module contains only the helpers its
// schemas use (plus their dependencies), always in the order of this table, so the
// output is deterministic and self-contained: the only import is `zod`.
//
// DECISION (refinements receive their schemas once): every helper that needs another
// schema is a factory (`notMatching(S)` returns the predicate), so each zod schema is
// built once at module load (or once per `z.lazy` resolution), never per parse.
//
// DECISION (presence means "not undefined"): ajv tests `required`/`dependentRequired`
// with `data[key] !== undefined` (inherited properties count; option ownProperties is
// off), and the helpers do the same so both agree even on keys like "constructor".

import { FORMAT_HELPERS } from "./format-helpers.js";

export interface HelperSource {
  readonly name: string;
  readonly deps: readonly string[];
  readonly source: string;
}

const CORE_HELPERS: readonly HelperSource[] = [
  {
    name: "integer",
    deps: [],
    source: `/** JSON Schema "integer" means every integral number (zod's .int() would stop at 2^53). */
function integer() {
  return z.number().refine(Number.isInteger, "Expected an integer");
}`,
  },
  {
    name: "jsonKind",
    deps: [],
    source: `type JsonKind = "null" | "boolean" | "number" | "string" | "array" | "object";

/** The JSON kind of a value; undefined for what JSON cannot hold (e.g. a missing property). */
function jsonKind(value: unknown): JsonKind | undefined {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  const kind = typeof value;
  return kind === "boolean" || kind === "number" || kind === "string" || kind === "object" ? kind : undefined;
}`,
  },
  {
    name: "byKind",
    deps: ["jsonKind"],
    source: `/** Checks a value with the schema given for its JSON kind; other kinds pass (keywords without "type"). */
function byKind(schemas: { readonly [K in JsonKind]?: z.ZodType }) {
  return z.unknown().refine((value) => {
    const kind = jsonKind(value);
    const schema = kind === undefined ? undefined : schemas[kind];
    return schema === undefined || schema.safeParse(value).success;
  }, "Invalid value");
}`,
  },
  {
    name: "jsonEqual",
    deps: [],
    source: `/** Structural equality of JSON values (JSON Schema "const"/"enum"/"uniqueItems"). */
function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => jsonEqual(item, b[i]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  return keys.every((key) => Object.hasOwn(right, key) && jsonEqual(left[key], right[key]));
}`,
  },
  {
    name: "equalsOneOf",
    deps: ["jsonEqual"],
    source: `function equalsOneOf(values: readonly unknown[]) {
  return (value: unknown): boolean => values.some((candidate) => jsonEqual(candidate, value));
}`,
  },
  {
    name: "codePointLength",
    deps: [],
    source: `/** String length in code points, as JSON Schema counts it (a surrogate pair is one). */
function codePointLength(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}`,
  },
  {
    name: "multipleOf",
    deps: [],
    source: `/**
 * ajv's "multipleOf": the quotient must read back unchanged through parseInt, so a
 * quotient printed in exponent notation (>= 1e21) fails, as it does in ajv.
 */
function multipleOf(divisor: number) {
  return (value: number): boolean => {
    const quotient = value / divisor;
    return parseInt(String(quotient), 10) === quotient;
  };
}`,
  },
  {
    name: "allUnique",
    deps: ["jsonEqual"],
    source: `function allUnique(items: readonly unknown[]): boolean {
  for (let i = 1; i < items.length; i++) {
    for (let j = 0; j < i; j++) if (jsonEqual(items[i], items[j])) return false;
  }
  return true;
}`,
  },
  {
    name: "containsCount",
    deps: [],
    source: `/** "contains" with its bounds: between min and max items (inclusive) match \`schema\`. */
function containsCount(schema: z.ZodType, min: number, max: number) {
  return (items: readonly unknown[]): boolean => {
    const count = items.filter((item) => schema.safeParse(item).success).length;
    return count >= min && count <= max;
  };
}`,
  },
  {
    name: "isPresent",
    deps: [],
    source: `function isPresent(object: unknown, key: string): boolean {
  return (object as Record<string, unknown>)[key] !== undefined;
}`,
  },
  {
    name: "hasKeys",
    deps: ["isPresent"],
    source: `function hasKeys(keys: readonly string[]) {
  return (object: unknown): boolean => keys.every((key) => isPresent(object, key));
}`,
  },
  {
    name: "propertyCount",
    deps: [],
    source: `function propertyCount(min: number, max: number) {
  return (object: object): boolean => {
    const count = Object.keys(object).length;
    return count >= min && count <= max;
  };
}`,
  },
  {
    name: "otherProperties",
    deps: [],
    source: `/**
 * "patternProperties" plus "additionalProperties": every key matching a pattern must
 * satisfy that pattern's schema; keys that are neither declared nor matched must satisfy
 * \`rest\` (false: must not exist; undefined: anything goes).
 */
function otherProperties(
  declared: readonly string[],
  patterns: readonly (readonly [RegExp, z.ZodType])[],
  rest: z.ZodType | false | undefined,
) {
  return (object: object): boolean =>
    Object.entries(object).every(([key, value]) => {
      let matched = false;
      for (const [pattern, schema] of patterns) {
        if (pattern.test(key)) {
          matched = true;
          if (!schema.safeParse(value).success) return false;
        }
      }
      if (matched || declared.includes(key) || rest === undefined) return true;
      return rest !== false && rest.safeParse(value).success;
    });
}`,
  },
  {
    name: "keysMatch",
    deps: [],
    source: `/** "propertyNames": every key, as a string, satisfies \`schema\`. */
function keysMatch(schema: z.ZodType) {
  return (object: object): boolean => Object.keys(object).every((key) => schema.safeParse(key).success);
}`,
  },
  {
    name: "dependentRequired",
    deps: ["isPresent"],
    source: `/** "dependentRequired" (draft-07: array-valued "dependencies"). */
function dependentRequired(dependencies: Readonly<Record<string, readonly string[]>>) {
  return (object: object): boolean =>
    Object.entries(dependencies).every(
      ([key, needed]) => !isPresent(object, key) || needed.every((other) => isPresent(object, other)),
    );
}`,
  },
  {
    name: "dependentSchemas",
    deps: ["isPresent"],
    source: `/** "dependentSchemas" (draft-07: schema-valued "dependencies"). */
function dependentSchemas(dependencies: readonly (readonly [string, z.ZodType])[]) {
  return (object: object): boolean =>
    dependencies.every(([key, schema]) => !isPresent(object, key) || schema.safeParse(object).success);
}`,
  },
  {
    name: "notMatching",
    deps: [],
    source: `/** "not": valid exactly when \`schema\` rejects the value. */
function notMatching(schema: z.ZodType) {
  return (value: unknown): boolean => !schema.safeParse(value).success;
}`,
  },
  {
    name: "ifThenElse",
    deps: [],
    source: `/** "if"/"then"/"else": a missing branch accepts everything. */
function ifThenElse(condition: z.ZodType, then: z.ZodType | undefined, otherwise: z.ZodType | undefined) {
  return (value: unknown): boolean => {
    const branch = condition.safeParse(value).success ? then : otherwise;
    return branch === undefined || branch.safeParse(value).success;
  };
}`,
  },
  {
    name: "unevaluated",
    deps: ["jsonKind", "isPresent"],
    source: `/**
 * Which properties/items the sibling keywords evaluated (JSON Schema 2020-12 §11), as
 * far as the generator could decide statically, plus branches whose contribution depends
 * on whether their subschema matched (anyOf/oneOf arms, if/then/else, dependentSchemas).
 */
interface Evaluation {
  readonly allProperties?: boolean;
  readonly names?: readonly string[];
  readonly patterns?: readonly RegExp[];
  readonly allItems?: boolean;
  readonly prefixItems?: number;
  readonly branches?: readonly EvaluationBranch[];
}

interface EvaluationBranch {
  /** The branch applies when this schema accepts the value (or rejects it, with \`negate\`). */
  readonly when?: z.ZodType;
  readonly negate?: boolean;
  /** The branch applies when this property is present ("dependentSchemas"). */
  readonly whenKey?: string;
  readonly evaluation: Evaluation;
}

function branchApplies(branch: EvaluationBranch, value: unknown): boolean {
  if (branch.whenKey !== undefined && !isPresent(value, branch.whenKey)) return false;
  if (branch.when === undefined) return true;
  return branch.when.safeParse(value).success !== (branch.negate === true);
}

function propertyEvaluated(evaluation: Evaluation, key: string, value: unknown): boolean {
  if (evaluation.allProperties === true || evaluation.names?.includes(key) === true) return true;
  if (evaluation.patterns?.some((pattern) => pattern.test(key)) === true) return true;
  return (evaluation.branches ?? []).some(
    (branch) => branchApplies(branch, value) && propertyEvaluated(branch.evaluation, key, value),
  );
}

function itemEvaluated(evaluation: Evaluation, index: number, items: readonly unknown[]): boolean {
  if (evaluation.allItems === true || index < (evaluation.prefixItems ?? 0)) return true;
  return (evaluation.branches ?? []).some(
    (branch) => branchApplies(branch, items) && itemEvaluated(branch.evaluation, index, items),
  );
}

/** "unevaluatedProperties"/"unevaluatedItems": what no sibling evaluated must satisfy the schema. */
function unevaluated(
  evaluation: Evaluation,
  properties: z.ZodType | false | undefined,
  items: z.ZodType | false | undefined,
) {
  const accepts = (schema: z.ZodType | false, value: unknown) => schema !== false && schema.safeParse(value).success;
  return (value: unknown): boolean => {
    const kind = jsonKind(value);
    if (kind === "object" && properties !== undefined) {
      const object = value as Record<string, unknown>;
      return Object.keys(object).every(
        (key) => propertyEvaluated(evaluation, key, value) || accepts(properties, object[key]),
      );
    }
    if (kind === "array" && items !== undefined) {
      const array = value as unknown[];
      return array.every((item, index) => itemEvaluated(evaluation, index, array) || accepts(items, item));
    }
    return true;
  };
}`,
  },
];

const ALL_HELPERS: readonly HelperSource[] = [...CORE_HELPERS, ...FORMAT_HELPERS];

/** Type names the helpers declare; declarations never take them (see names.ts). */
export const HELPER_TYPE_NAMES: readonly string[] = ["Evaluation", "EvaluationBranch", "JsonKind"];
const BY_NAME = new Map(ALL_HELPERS.map((helper) => [helper.name, helper]));

/** Source of the requested helpers and their dependencies, in table order. */
export function helperSources(requested: Iterable<string>): string[] {
  const needed = new Set<string>();
  const visit = (name: string): void => {
    if (needed.has(name)) return;
    const helper = BY_NAME.get(name);
    if (!helper) throw new Error(`internal: unknown emitter helper '${name}'`);
    needed.add(name);
    helper.deps.forEach(visit);
  };
  for (const name of requested) visit(name);
  return ALL_HELPERS.filter((helper) => needed.has(helper.name)).map((helper) => helper.source);
}
