/**
 * What changed between two JSON Schemas, stated neutrally: every fact says how the set of
 * ACCEPTED VALUES moved at one place. Whether that breaks anyone depends on who holds the
 * schema: a caller of a tool input is broken by narrowing, a reader of a tool output by
 * widening, and both sides of a spec definition by almost anything. classify.ts maps facts
 * to rules for each of those contexts.
 */

/** widened: new ⊋ old. narrowed: new ⊊ old. changed: neither contains the other. */
export type Effect = "widened" | "narrowed" | "changed";

interface FactBase {
  /** JSON Pointer inside the compared schema, e.g. `/properties/id`; "" is the root. */
  readonly path: string;
}

export type SchemaFact =
  | (FactBase & { readonly kind: "property-added"; readonly name: string; readonly required: boolean })
  | (FactBase & { readonly kind: "property-removed"; readonly name: string })
  | (FactBase & { readonly kind: "became-required"; readonly name: string })
  | (FactBase & { readonly kind: "became-optional"; readonly name: string })
  | (FactBase & { readonly kind: "type"; readonly effect: Effect; readonly from: string; readonly to: string })
  | (FactBase & { readonly kind: "enum-value-added"; readonly value: unknown })
  | (FactBase & { readonly kind: "enum-value-removed"; readonly value: unknown })
  | (FactBase & { readonly kind: "constraint"; readonly keyword: string; readonly effect: Effect; readonly from: unknown; readonly to: unknown })
  | (FactBase & { readonly kind: "undecidable"; readonly keyword: string; readonly from: unknown; readonly to: unknown });

/** Short human text for a keyword value in messages (`absent` when missing). */
export function showValue(value: unknown): string {
  if (value === undefined) return "absent";
  const json = JSON.stringify(value);
  return json.length > 60 ? `${json.slice(0, 57)}...` : json;
}
