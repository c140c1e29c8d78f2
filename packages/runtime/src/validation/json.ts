// JSON value helpers for generated zod schemas: kinds and structural equality (JSON Schema
// "type" without a single kind, "const", "enum", "uniqueItems").

export type JsonKind = "null" | "boolean" | "number" | "string" | "array" | "object";

/** The JSON kind of a value; undefined for what JSON cannot hold (e.g. a missing property). */
export function jsonKind(value: unknown): JsonKind | undefined {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  const kind = typeof value;
  return kind === "boolean" || kind === "number" || kind === "string" || kind === "object" ? kind : undefined;
}

/** Structural equality of JSON values (JSON Schema "const"/"enum"/"uniqueItems"). */
export function jsonEqual(a: unknown, b: unknown): boolean {
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
}

/** "enum" of values zod's literals cannot hold: the value equals one of them. */
export function equalsOneOf(values: readonly unknown[]) {
  return (value: unknown): boolean => values.some((candidate) => jsonEqual(candidate, value));
}

/** "uniqueItems": no two items are structurally equal. */
export function allUnique(items: readonly unknown[]): boolean {
  for (let i = 1; i < items.length; i++) {
    for (let j = 0; j < i; j++) if (jsonEqual(items[i], items[j])) return false;
  }
  return true;
}
