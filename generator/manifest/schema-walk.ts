// Which keywords of a JSON Schema 2020-12 object hold subschemas, and what each does to the
// instance location. Used by every check that walks a user schema.

/** How a child schema relates to its parent's instance. */
export type Step =
  /** A named property: the instance is `parent[name]`; static reachability is kept. */
  | { readonly kind: "property"; readonly name: string }
  /** Some element or unnamed member of the parent instance (items, additionalProperties…). */
  | { readonly kind: "element" }
  /** The same instance, seen through composition or conditionals (allOf, if/then…). */
  | { readonly kind: "same" }
  /** Not an instance location at all ($defs, propertyNames…). */
  | { readonly kind: "none" };

export interface Child {
  /** Path segments from the parent schema to the child schema. */
  readonly segments: readonly (string | number)[];
  readonly schema: unknown;
  readonly step: Step;
}

const SINGLE: Record<string, Step> = {
  items: { kind: "element" },
  additionalProperties: { kind: "element" },
  unevaluatedProperties: { kind: "element" },
  unevaluatedItems: { kind: "element" },
  contains: { kind: "element" },
  propertyNames: { kind: "none" },
  not: { kind: "same" },
  if: { kind: "same" },
  then: { kind: "same" },
  else: { kind: "same" },
  contentSchema: { kind: "none" },
};
const ARRAYS: Record<string, Step> = {
  allOf: { kind: "same" },
  anyOf: { kind: "same" },
  oneOf: { kind: "same" },
  prefixItems: { kind: "element" },
  items: { kind: "element" },
};
const MAPS: Record<string, Step | "property"> = {
  properties: "property",
  patternProperties: { kind: "element" },
  dependentSchemas: { kind: "same" },
  $defs: { kind: "none" },
  definitions: { kind: "none" },
};

export function isSchemaObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

export function childrenOf(schema: Record<string, unknown>): Child[] {
  const out: Child[] = [];
  for (const [key, value] of Object.entries(schema)) {
    // Own lookups only: a user schema may well have a key called `constructor` or `toString`.
    const single = Object.hasOwn(SINGLE, key) ? SINGLE[key] : undefined;
    if (single && (isSchemaObject(value) || typeof value === "boolean")) out.push({ segments: [key], schema: value, step: single });
    const array = Object.hasOwn(ARRAYS, key) ? ARRAYS[key] : undefined;
    if (array && Array.isArray(value)) value.forEach((item, i) => out.push({ segments: [key, i], schema: item, step: array }));
    const map = Object.hasOwn(MAPS, key) ? MAPS[key] : undefined;
    if (map && isSchemaObject(value)) {
      for (const [name, sub] of Object.entries(value)) {
        out.push({ segments: [key, name], schema: sub, step: map === "property" ? { kind: "property", name } : map });
      }
    }
  }
  return out;
}
