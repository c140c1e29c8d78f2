// Which JSON Schema dialect a document is written in, and which keywords that dialect's
// validator (ajv) actually applies.
//
// DECISION (keyword sets follow ajv, the oracle): the differential tests compare against
// `Ajv` (draft-07) and `Ajv2020` with `strict: false`, where a keyword outside the
// dialect is IGNORED, not rejected. So `prefixItems` in a draft-07 document constrains
// nothing, and emitting no check for it is the exact behaviour. `$ref` siblings are
// applied in both dialects (ajv 8 does so for draft-07 too; checked in the tests).

export type Dialect = "draft-07" | "2020-12";

const DRAFT_07_URI = /json-schema\.org\/draft-0[4-7]\/schema/;
const DRAFT_2020_URI = /json-schema\.org\/draft\/20(?:19-09|20-12)\/schema/;

/**
 * `$schema` decides; without it, `$defs` means 2020-12 and `definitions` draft-07;
 * with neither, `fallback` (MCP: 2020-12 is the default dialect since 2025-11-25).
 */
export function detectDialect(schema: Record<string, unknown>, fallback: Dialect = "2020-12"): Dialect {
  const declared = schema["$schema"];
  if (typeof declared === "string") {
    if (DRAFT_07_URI.test(declared)) return "draft-07";
    if (DRAFT_2020_URI.test(declared)) return "2020-12";
  }
  if ("$defs" in schema) return "2020-12";
  if ("definitions" in schema) return "draft-07";
  return fallback;
}

/** Keywords that only exist (are only applied by ajv) in 2020-12. */
const ONLY_2020_12 = new Set([
  "prefixItems",
  "dependentRequired",
  "dependentSchemas",
  "unevaluatedProperties",
  "unevaluatedItems",
  "minContains",
  "maxContains",
  "$dynamicRef",
  "$dynamicAnchor",
]);

/**
 * True when ajv, for this dialect, gives `keyword` any meaning. (`items` as an array and
 * `additionalItems` are draft-07 tuple forms; array.ts handles them per dialect.)
 */
export function appliesIn(dialect: Dialect, keyword: string): boolean {
  return dialect === "2020-12" || !ONLY_2020_12.has(keyword);
}

/**
 * The keywords ajv knows in each dialect (its RULES.all with default options). ajv calls
 * a subschema "always valid" when it is `true`, `{}`, or has none of these keywords —
 * which matters for ajv's tuple quirk (see emit/zod/array.ts).
 */
const AJV_COMMON_KEYWORDS = [
  "$comment",
  "$ref",
  "additionalProperties",
  "allOf",
  "anyOf",
  "const",
  "contains",
  "dependencies",
  "else",
  "enum",
  "exclusiveMaximum",
  "exclusiveMinimum",
  "format",
  "id",
  "if",
  "items",
  "maxItems",
  "maxLength",
  "maxProperties",
  "maximum",
  "minItems",
  "minLength",
  "minProperties",
  "minimum",
  "multipleOf",
  "not",
  "nullable",
  "oneOf",
  "pattern",
  "patternProperties",
  "properties",
  "propertyNames",
  "required",
  "then",
  "type",
  "uniqueItems",
];
const AJV_KEYWORDS: Readonly<Record<Dialect, ReadonlySet<string>>> = {
  "draft-07": new Set([...AJV_COMMON_KEYWORDS, "additionalItems"]),
  "2020-12": new Set([
    ...AJV_COMMON_KEYWORDS,
    "$dynamicAnchor",
    "$dynamicRef",
    "$recursiveAnchor",
    "$recursiveRef",
    "dependentRequired",
    "dependentSchemas",
    "maxContains",
    "minContains",
    "prefixItems",
    "unevaluatedItems",
    "unevaluatedProperties",
  ]),
};

/** ajv's "always valid" test for a subschema. */
export function ajvAlwaysValid(schema: unknown, dialect: Dialect): boolean {
  if (typeof schema === "boolean") return schema;
  if (typeof schema !== "object" || schema === null) return false;
  return !Object.keys(schema).some((key) => AJV_KEYWORDS[dialect].has(key));
}
