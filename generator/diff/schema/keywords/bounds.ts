// Numeric, length, size and multipleOf bounds, uniqueItems, and `pattern` added or removed.
import type { WalkContext } from "../context.js";
import type { Effect } from "../facts.js";
import type { Schema } from "../node.js";

const LOWER_BOUNDS = ["minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties", "minContains"];
const UPPER_BOUNDS = ["maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties", "maxContains"];

function numberOrUndefined(value: unknown): number | undefined {
  return typeof value === "number" ? value : undefined;
}

export function compareBounds(oldS: Schema, newS: Schema, path: string, ctx: WalkContext): void {
  for (const keyword of [...LOWER_BOUNDS, ...UPPER_BOUNDS]) {
    const from = numberOrUndefined(oldS[keyword]);
    const to = numberOrUndefined(newS[keyword]);
    if (from === to) continue;
    const lower = LOWER_BOUNDS.includes(keyword);
    let effect: Effect;
    if (from === undefined) effect = "narrowed";
    else if (to === undefined) effect = "widened";
    else effect = (to > from) === lower ? "narrowed" : "widened";
    ctx.facts.push({ kind: "constraint", path, keyword, effect, from, to });
  }
  const fromMultiple = numberOrUndefined(oldS.multipleOf);
  const toMultiple = numberOrUndefined(newS.multipleOf);
  if (fromMultiple !== toMultiple) {
    let effect: Effect;
    if (fromMultiple === undefined) effect = "narrowed";
    else if (toMultiple === undefined) effect = "widened";
    else if (Number.isInteger(toMultiple / fromMultiple)) effect = "narrowed";
    else if (Number.isInteger(fromMultiple / toMultiple)) effect = "widened";
    else effect = "changed";
    ctx.facts.push({ kind: "constraint", path, keyword: "multipleOf", effect, from: fromMultiple, to: toMultiple });
  }
  const fromUnique = oldS.uniqueItems === true;
  const toUnique = newS.uniqueItems === true;
  if (fromUnique !== toUnique) ctx.facts.push({ kind: "constraint", path, keyword: "uniqueItems", effect: toUnique ? "narrowed" : "widened", from: fromUnique, to: toUnique });
}

export function comparePattern(oldS: Schema, newS: Schema, path: string, ctx: WalkContext): void {
  const from = oldS.pattern;
  const to = newS.pattern;
  if (from === to) return;
  if (from === undefined || to === undefined) {
    ctx.facts.push({ kind: "constraint", path, keyword: "pattern", effect: from === undefined ? "narrowed" : "widened", from, to });
  } else {
    // Regular-expression containment is decidable in theory but not worth an engine here.
    ctx.facts.push({ kind: "undecidable", path, keyword: "pattern", from, to });
  }
}
