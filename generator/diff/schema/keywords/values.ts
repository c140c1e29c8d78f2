// `enum` and `const`, read as one list of allowed values.
import type { WalkContext } from "../context.js";
import type { Schema } from "../node.js";

export function valuesOf(schema: Schema): unknown[] | null {
  if ("const" in schema) return [schema.const];
  if (Array.isArray(schema.enum)) return schema.enum;
  return null;
}

export function compareEnums(oldS: Schema, newS: Schema, path: string, ctx: WalkContext): void {
  const oldValues = valuesOf(oldS);
  const newValues = valuesOf(newS);
  if (oldValues === null && newValues === null) return;
  if (oldValues === null || newValues === null) {
    const keyword = "const" in (oldValues === null ? newS : oldS) ? "const" : "enum";
    ctx.facts.push({ kind: "constraint", path, keyword, effect: oldValues === null ? "narrowed" : "widened", from: oldValues === null ? undefined : oldValues, to: newValues === null ? undefined : newValues });
    return;
  }
  const oldKeys = new Map(oldValues.map((v) => [JSON.stringify(v), v]));
  const newKeys = new Map(newValues.map((v) => [JSON.stringify(v), v]));
  for (const [key, value] of oldKeys) if (!newKeys.has(key)) ctx.facts.push({ kind: "enum-value-removed", path, value });
  for (const [key, value] of newKeys) if (!oldKeys.has(key)) ctx.facts.push({ kind: "enum-value-added", path, value });
}
