// `type` (integer ⊂ number; inferred from const/enum when absent) and mcp-gen handle kinds.
import type { WalkContext } from "../context.js";
import type { Effect } from "../facts.js";
import type { Schema } from "../node.js";
import { valuesOf } from "./values.js";

const JSON_TYPES = ["array", "boolean", "integer", "null", "number", "object", "string"];

/** The JSON types a schema admits: explicit `type`, else inferred from `const`/`enum`, else all. */
export function typesOf(schema: Schema): Set<string> | null {
  const type = schema.type;
  if (typeof type === "string") return new Set([type]);
  if (Array.isArray(type)) return new Set(type.map((t) => (typeof t === "string" ? t : JSON.stringify(t))));
  const values = valuesOf(schema);
  if (values) return new Set(values.map(jsonTypeOf));
  return null;
}

function jsonTypeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

export function typeLabel(types: Set<string> | null): string {
  return types === null ? "any" : [...types].sort().join("|") || "nothing";
}

/** Every type of `inner` is admitted by `outer` (integer is admitted by number). */
function typesWithin(inner: Set<string> | null, outer: Set<string> | null): boolean {
  if (outer === null) return true;
  if (inner === null) return JSON_TYPES.every((t) => outer.has(t) || (t === "integer" && outer.has("number")));
  return [...inner].every((t) => outer.has(t) || (t === "integer" && outer.has("number")));
}

function effectOf(oldWithinNew: boolean, newWithinOld: boolean): Effect | undefined {
  if (oldWithinNew && newWithinOld) return undefined;
  if (oldWithinNew) return "widened";
  if (newWithinOld) return "narrowed";
  return "changed";
}

export function compareTypes(oldS: Schema, newS: Schema, path: string, ctx: WalkContext): void {
  const oldTypes = typesOf(oldS);
  const newTypes = typesOf(newS);
  const effect = effectOf(typesWithin(oldTypes, newTypes), typesWithin(newTypes, oldTypes));
  if (effect) ctx.facts.push({ kind: "type", path, effect, from: typeLabel(oldTypes), to: typeLabel(newTypes) });
}

/**
 * mcp-gen manifests type a property as `{ handle: <name> }`, which the loader bundles as
 * `{ type: string, "x-mcpgen-handle": <name> }`: another handle kind is another type, since
 * a handle minted for one kind is rejected where another is expected.
 */
function handleOf(schema: Schema): unknown {
  return schema["x-mcpgen-handle"] ?? schema.handle;
}

export function compareHandle(oldS: Schema, newS: Schema, path: string, ctx: WalkContext): void {
  const from = handleOf(oldS);
  const to = handleOf(newS);
  if (from === to) return;
  const show = (h: unknown): string => (h === undefined ? "plain value" : `handle ${typeof h === "string" ? h : JSON.stringify(h)}`);
  ctx.facts.push({ kind: "type", path, effect: "changed", from: show(from), to: show(to) });
}
