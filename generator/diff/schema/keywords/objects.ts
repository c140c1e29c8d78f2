// `properties`, `required` and `additionalProperties` (declared-shape model, see compare.ts).
import { canonicalSchema } from "../canonical.js";
import type { WalkContext } from "../context.js";
import { isSchemaObject, type Schema } from "../node.js";
import { pointerAppend } from "../pointer.js";

function requiredOf(schema: Schema): Set<string> {
  return new Set(Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === "string") : []);
}

function propertiesOf(schema: Schema): Record<string, unknown> {
  return isSchemaObject(schema.properties) ? schema.properties : {};
}

export function compareProperties(oldS: Schema, newS: Schema, path: string, ctx: WalkContext): void {
  const oldProps = propertiesOf(oldS);
  const newProps = propertiesOf(newS);
  const oldRequired = requiredOf(oldS);
  const newRequired = requiredOf(newS);
  const names = [...new Set([...Object.keys(oldProps), ...Object.keys(newProps), ...oldRequired, ...newRequired])].sort();
  for (const name of names) {
    const at = pointerAppend(pointerAppend(path, "properties"), name);
    const inOld = name in oldProps;
    const inNew = name in newProps;
    if (inOld && !inNew) {
      ctx.facts.push({ kind: "property-removed", path: at, name });
      continue;
    }
    if (!inOld && inNew) {
      ctx.facts.push({ kind: "property-added", path: at, name, required: newRequired.has(name) });
      continue;
    }
    if (!oldRequired.has(name) && newRequired.has(name)) ctx.facts.push({ kind: "became-required", path: at, name });
    if (oldRequired.has(name) && !newRequired.has(name)) ctx.facts.push({ kind: "became-optional", path: at, name });
    if (inOld && inNew) ctx.walk(oldProps[name], newProps[name], at);
  }
}

/** How much `additionalProperties` lets through: everything, what a schema allows, or nothing. */
function additionalLevel(value: unknown): "any" | "schema" | "none" {
  if (value === undefined || value === true || canonicalSchema(value) === "true") return "any";
  if (value === false) return "none";
  return "schema";
}

export function compareAdditionalProperties(oldS: Schema, newS: Schema, path: string, ctx: WalkContext): void {
  const from = additionalLevel(oldS.additionalProperties);
  const to = additionalLevel(newS.additionalProperties);
  const at = pointerAppend(path, "additionalProperties");
  if (from === "schema" && to === "schema") {
    ctx.walk(oldS.additionalProperties, newS.additionalProperties, at);
    return;
  }
  if (from === to) return;
  const rank = { none: 0, schema: 1, any: 2 } as const;
  ctx.facts.push({ kind: "constraint", path: at, keyword: "additionalProperties", effect: rank[to] > rank[from] ? "widened" : "narrowed", from: oldS.additionalProperties, to: newS.additionalProperties });
}
