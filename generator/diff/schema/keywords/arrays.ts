// `items` as one schema for every element (tuple forms are undecidable).
import { canonicalSchema } from "../canonical.js";
import type { WalkContext } from "../context.js";
import type { Schema } from "../node.js";
import { pointerAppend } from "../pointer.js";

export function compareItems(oldS: Schema, newS: Schema, path: string, ctx: WalkContext): void {
  if (!("items" in oldS) && !("items" in newS)) return;
  const at = pointerAppend(path, "items");
  if (Array.isArray(oldS.items) || Array.isArray(newS.items)) {
    if (canonicalSchema(oldS.items ?? null) !== canonicalSchema(newS.items ?? null)) ctx.facts.push({ kind: "undecidable", path: at, keyword: "items", from: oldS.items, to: newS.items });
    return;
  }
  ctx.walk(oldS.items ?? {}, newS.items ?? {}, at);
}
