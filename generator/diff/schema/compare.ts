import { canonicalSchema } from "./canonical.js";
import type { CompareOptions, WalkContext } from "./context.js";
import type { Effect, SchemaFact } from "./facts.js";
import { compareItems } from "./keywords/arrays.js";
import { compareBounds, comparePattern } from "./keywords/bounds.js";
import { compareAdditionalProperties, compareProperties } from "./keywords/objects.js";
import { compareOpaque } from "./keywords/opaque.js";
import { compareHandle, compareTypes, typeLabel, typesOf } from "./keywords/types.js";
import { compareAllOf, compareUnion, liftToUnion } from "./keywords/unions.js";
import { compareEnums } from "./keywords/values.js";
import { asSchema, containsRef, deref, isSchemaObject, type Schema } from "./node.js";

export type { CompareOptions } from "./context.js";

/**
 * Compares two JSON Schemas (2020-12 or draft-07, local `$ref`s) keyword by keyword and
 * returns path-precise facts about how the accepted values moved.
 *
 * DECISION RECORD — DECLARED-SHAPE MODEL. Properties are judged as declared, the way
 * oasdiff and buf judge contracts: a new optional property is an addition (not a narrowing
 * of the open `additionalProperties` it replaces), and a removed property is a removal. The
 * open-world reading would call "new optional argument" a narrowing, which is exact but
 * useless: nobody sends undeclared arguments on purpose.
 *
 * DECISION RECORD — WHAT IS DECIDED. Exact: `type` (integer ⊂ number), `enum`/`const`,
 * `properties`/`required`, `additionalProperties`, numeric/length/size bounds,
 * `multipleOf`, `uniqueItems`, `items` (recursively), `pattern` added or removed, and
 * `anyOf`/`oneOf` arms added or removed (paired by `$ref`, then by content; this assumes
 * disjoint arms, which is how every spec and manifest union is written), and a plain schema
 * against a bare union (read as a one-arm union). Everything else that differs (a changed
 * `pattern`, `format`, `allOf` of another length, `not`, `if/then/else`,
 * `patternProperties`, tuples …) is reported as an `undecidable` fact, never silently passed.
 */
export function compareSchemas(oldSchema: unknown, newSchema: unknown, options: CompareOptions): SchemaFact[] {
  const facts: SchemaFact[] = [];
  walk(oldSchema, newSchema, "", options, facts, new Set());
  return facts;
}

type KeywordComparator = (oldS: Schema, newS: Schema, path: string, ctx: WalkContext) => void;

/** One comparator per keyword family (keywords/*.ts); each reports only what it owns. */
const KEYWORD_COMPARATORS: readonly KeywordComparator[] = [
  compareTypes,
  compareEnums,
  compareBounds,
  comparePattern,
  compareHandle,
  compareOpaque,
  compareProperties,
  compareAdditionalProperties,
  compareItems,
  (oldS, newS, path, ctx) => compareUnion("anyOf", oldS, newS, path, ctx),
  (oldS, newS, path, ctx) => compareUnion("oneOf", oldS, newS, path, ctx),
  compareAllOf,
];

function walk(oldRaw: unknown, newRaw: unknown, path: string, options: CompareOptions, facts: SchemaFact[], stack: Set<string>): void {
  if (options.opaqueSameRefs && isSchemaObject(oldRaw) && isSchemaObject(newRaw) && typeof oldRaw.$ref === "string" && oldRaw.$ref === newRaw.$ref) {
    return;
  }
  const oldRefs: string[] = [];
  const newRefs: string[] = [];
  const oldNode = deref(oldRaw, options.resolveOld, oldRefs);
  const newNode = deref(newRaw, options.resolveNew, newRefs);
  // Recursive schemas: a pair of ref targets already on the stack is being compared above us.
  const key = `${oldRefs.join(">")}|${newRefs.join(">")}`;
  if (oldRefs.length + newRefs.length > 0) {
    if (stack.has(key)) return;
    stack = new Set(stack).add(key);
  }
  if (oldNode === false || newNode === false) {
    if (oldNode === newNode) return;
    if (canonicalSchema(oldNode) === canonicalSchema(newNode)) return;
    const effect: Effect = oldNode === false ? "widened" : "narrowed";
    facts.push({ kind: "type", path, effect, from: oldNode === false ? "nothing" : typeLabel(typesOf(asSchema(oldNode))), to: newNode === false ? "nothing" : typeLabel(typesOf(asSchema(newNode))) });
    return;
  }
  const oldS = asSchema(oldNode);
  const newS = asSchema(newNode);
  // Equal text is equal meaning unless it holds refs whose targets may differ between sides.
  if (canonicalSchema(oldS) === canonicalSchema(newS) && (options.opaqueSameRefs || !containsRef(oldS))) return;

  const ctx: WalkContext = { options, facts, walk: (a, b, at) => walk(a, b, at, options, facts, stack) };
  if (liftToUnion(oldS, newS, path, ctx)) return;
  for (const compare of KEYWORD_COMPARATORS) compare(oldS, newS, path, ctx);
}
