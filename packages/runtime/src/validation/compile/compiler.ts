// What a keyword family needs from the compiler: the resource (dialect, `$ref` targets) and a
// way to compile its subschemas. Passed in rather than imported, so keyword modules and the
// dispatcher (schema.ts) do not import each other.
import type { Check } from "./check.js";
import type { Dialect, SchemaResource } from "./resource.js";

export interface Compiler {
  readonly resource: SchemaResource;
  readonly dialect: Dialect;
  /** The check of a subschema (cached per node; a node under compilation forwards to itself). */
  compile(node: unknown): Check;
}

/** Keywords only 2020-12 gives a meaning to (ajv ignores them in draft-07, and so do we). */
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

export function appliesIn(dialect: Dialect, keyword: string): boolean {
  return dialect === "2020-12" || !ONLY_2020_12.has(keyword);
}

// ajv calls a subschema "always valid" when it is `true`, `{}`, or has none of the keywords it
// knows (RULES.all with default options). The zod emitter reproduces two ajv behaviours that
// depend on it (its tuple quirk report and "a non-trivial contains evaluates every item"); the
// same lists are in generator/jsonschema/dialect.ts.
const AJV_COMMON = "$comment $ref additionalProperties allOf anyOf const contains dependencies else enum exclusiveMaximum exclusiveMinimum format id if items maxItems maxLength maxProperties maximum minItems minLength minProperties minimum multipleOf not nullable oneOf pattern patternProperties properties propertyNames required then type uniqueItems".split(" ");
const AJV_KEYWORDS: Readonly<Record<Dialect, ReadonlySet<string>>> = {
  "draft-07": new Set([...AJV_COMMON, "additionalItems"]),
  "2020-12": new Set([
    ...AJV_COMMON,
    ..."$dynamicAnchor $dynamicRef $recursiveAnchor $recursiveRef dependentRequired dependentSchemas maxContains minContains prefixItems unevaluatedItems unevaluatedProperties".split(" "),
  ]),
};

export function ajvAlwaysValid(schema: unknown, dialect: Dialect): boolean {
  if (typeof schema === "boolean") return schema;
  if (typeof schema !== "object" || schema === null) return false;
  return !Object.keys(schema).some((key) => AJV_KEYWORDS[dialect].has(key));
}
