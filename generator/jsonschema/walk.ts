// The subschemas of a schema, by keyword — the single list both the dependency scan and
// the emitter follow, so every `$ref` the emitter meets was seen by the scan.
// (`$defs`/`definitions` are NOT walked: their entries only matter when referenced.)

import { isRecord } from "./resource.js";

/** Keywords whose value is one subschema. */
export const SINGLE_SCHEMA_KEYWORDS = [
  "additionalProperties",
  "propertyNames",
  "unevaluatedProperties",
  "items",
  "additionalItems",
  "contains",
  "unevaluatedItems",
  "not",
  "if",
  "then",
  "else",
] as const;

/** Keywords whose value is an array of subschemas. */
export const SCHEMA_ARRAY_KEYWORDS = ["allOf", "anyOf", "oneOf", "prefixItems", "items"] as const;

/** Keywords whose value maps names to subschemas. */
export const SCHEMA_MAP_KEYWORDS = ["properties", "patternProperties", "dependentSchemas", "dependencies"] as const;

export interface Subschema {
  /** Tokens from the parent schema to the subschema, e.g. ["properties", "name"]. */
  readonly path: readonly string[];
  readonly schema: unknown;
}

/** Every direct subschema of `node` (boolean schemas included; array-valued dependencies skipped). */
export function subschemas(node: unknown): Subschema[] {
  if (!isRecord(node)) return [];
  const found: Subschema[] = [];
  for (const keyword of SINGLE_SCHEMA_KEYWORDS) {
    const value = node[keyword];
    if (isRecord(value) || typeof value === "boolean") found.push({ path: [keyword], schema: value });
  }
  for (const keyword of SCHEMA_ARRAY_KEYWORDS) {
    const value = node[keyword];
    if (Array.isArray(value)) value.forEach((schema, i) => found.push({ path: [keyword, String(i)], schema }));
  }
  for (const keyword of SCHEMA_MAP_KEYWORDS) {
    const value = node[keyword];
    if (!isRecord(value)) continue;
    for (const [name, schema] of Object.entries(value)) {
      if (isRecord(schema) || typeof schema === "boolean") found.push({ path: [keyword, name], schema });
    }
  }
  return found;
}
