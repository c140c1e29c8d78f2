// Which JSON Schema dialect a document is written in, and which keywords that dialect's validator
// (ajv, the project's oracle) applies. One home for the generator's zod emitter and the runtime's
// validator compiler (validation/compile/), which must give the same verdicts.
//
// DECISION (keyword sets follow ajv): the differential tests compare against `Ajv` (draft-07) and
// `Ajv2020` with `strict: false`, where a keyword outside the dialect is IGNORED, not rejected. So
// `prefixItems` in a draft-07 document constrains nothing, and emitting no check for it is the
// exact behaviour. `$ref` siblings are applied in both dialects (ajv 8 does so for draft-07 too).

export type JsonSchemaDialect = "draft-07" | "2020-12";

const DRAFT_07_URI = /json-schema\.org\/draft-0[4-7]\/schema/;
const DRAFT_2020_URI = /json-schema\.org\/draft\/20(?:19-09|20-12)\/schema/;

/**
 * `$schema` decides; without a known one, `$defs` means 2020-12 and `definitions` draft-07; with
 * neither (or for a schema that is not an object), `fallback` (MCP: 2020-12 is the default
 * dialect since 2025-11-25).
 */
export function detectDialect(schema: unknown, fallback: JsonSchemaDialect = "2020-12"): JsonSchemaDialect {
  if (typeof schema !== "object" || schema === null) return fallback;
  const declared = (schema as Record<string, unknown>)["$schema"];
  if (typeof declared === "string") {
    if (DRAFT_07_URI.test(declared)) return "draft-07";
    if (DRAFT_2020_URI.test(declared)) return "2020-12";
  }
  if ("$defs" in schema) return "2020-12";
  if ("definitions" in schema) return "draft-07";
  return fallback;
}

/** Keywords only 2020-12 gives a meaning to (ajv ignores them in draft-07). */
const ONLY_2020_12: ReadonlySet<string> = new Set([
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
 * `additionalItems` are draft-07 tuple forms, handled per dialect by the array keywords.)
 */
export function dialectApplies(dialect: JsonSchemaDialect, keyword: string): boolean {
  return dialect === "2020-12" || !ONLY_2020_12.has(keyword);
}

// The keywords ajv knows in each dialect (its RULES.all with default options). ajv calls a
// subschema "always valid" when it is `true`, `{}`, or has none of them, which two of its
// behaviours depend on (its tuple quirk, and "a non-trivial contains evaluates every item").
const AJV_COMMON =
  "$comment $ref additionalProperties allOf anyOf const contains dependencies else enum exclusiveMaximum exclusiveMinimum format id if items maxItems maxLength maxProperties maximum minItems minLength minProperties minimum multipleOf not nullable oneOf pattern patternProperties properties propertyNames required then type uniqueItems".split(" ");
const AJV_KEYWORDS: Readonly<Record<JsonSchemaDialect, ReadonlySet<string>>> = {
  "draft-07": new Set([...AJV_COMMON, "additionalItems"]),
  "2020-12": new Set([
    ...AJV_COMMON,
    ..."$dynamicAnchor $dynamicRef $recursiveAnchor $recursiveRef dependentRequired dependentSchemas maxContains minContains prefixItems unevaluatedItems unevaluatedProperties".split(" "),
  ]),
};

/** ajv's "always valid" test for a subschema. */
export function ajvAlwaysValid(schema: unknown, dialect: JsonSchemaDialect): boolean {
  if (typeof schema === "boolean") return schema;
  if (typeof schema !== "object" || schema === null) return false;
  return !Object.keys(schema).some((key) => AJV_KEYWORDS[dialect].has(key));
}
