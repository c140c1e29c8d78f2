// Keywords the engine does not reason about: any difference is an "undecidable" fact.
import { canonicalSchema } from "../canonical.js";
import type { WalkContext } from "../context.js";
import type { Schema } from "../node.js";
import { pointerAppend } from "../pointer.js";

/** Keywords we do not reason about: any difference is undecidable. */
const OPAQUE_KEYWORDS = [
  "not",
  "if",
  "then",
  "else",
  "patternProperties",
  "propertyNames",
  "dependentRequired",
  "dependentSchemas",
  "dependencies",
  "unevaluatedProperties",
  "unevaluatedItems",
  "prefixItems",
  "contains",
  "additionalItems",
  "format",
  "contentMediaType",
  "contentEncoding",
  "contentSchema",
];

export function compareOpaque(oldS: Schema, newS: Schema, path: string, ctx: WalkContext): void {
  for (const keyword of OPAQUE_KEYWORDS) {
    if (!(keyword in oldS) && !(keyword in newS)) continue;
    if (keyword === "additionalItems" || keyword === "prefixItems") {
      if (canonicalSchema(oldS[keyword] ?? null) === canonicalSchema(newS[keyword] ?? null)) continue;
    } else if (canonicalSchema({ [keyword]: oldS[keyword] }) === canonicalSchema({ [keyword]: newS[keyword] })) {
      continue;
    }
    ctx.facts.push({ kind: "undecidable", path: pointerAppend(path, keyword), keyword, from: oldS[keyword], to: newS[keyword] });
  }
}
