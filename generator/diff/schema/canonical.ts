// Schema-aware canonical JSON: two schemas that differ only in annotations or key order
// canonicalise to the same string. Keyword positions are known, so a property that happens
// to be NAMED "description" is kept (it is a key of `properties`, not an annotation).

const ANNOTATIONS = new Set(["description", "title", "examples", "$comment", "default", "deprecated", "readOnly", "writeOnly", "markdownDescription", "$schema", "$id"]);
const SCHEMA_MAPS = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]);
const SCHEMA_VALUES = new Set(["items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames", "unevaluatedItems", "unevaluatedProperties", "additionalItems"]);
const SCHEMA_ARRAYS = new Set(["anyOf", "oneOf", "allOf", "prefixItems"]);

/** Stable JSON of any value: object keys sorted by code unit. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.keys(value as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

function canonicalValue(schema: unknown): unknown {
  if (schema === null || typeof schema !== "object" || Array.isArray(schema)) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema as Record<string, unknown>)) {
    if (ANNOTATIONS.has(key)) continue;
    if (SCHEMA_MAPS.has(key) && value && typeof value === "object" && !Array.isArray(value)) {
      out[key] = Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, canonicalValue(v)]));
    } else if (SCHEMA_VALUES.has(key)) {
      out[key] = Array.isArray(value) ? value.map(canonicalValue) : canonicalValue(value);
    } else if (SCHEMA_ARRAYS.has(key) && Array.isArray(value)) {
      out[key] = value.map(canonicalValue);
    } else if (key === "required" && Array.isArray(value)) {
      out[key] = value.filter((r): r is string => typeof r === "string").sort();
    } else {
      out[key] = value;
    }
  }
  return out;
}

/** Canonical string of a schema, annotations dropped; `true` and `{}` are the same schema. */
export function canonicalSchema(schema: unknown): string {
  const json = stableJson(canonicalValue(schema));
  return json === "{}" ? "true" : json;
}
