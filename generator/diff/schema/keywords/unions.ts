// `anyOf`/`oneOf` arms (matched by $ref, then by content) and `allOf` parts.
import { canonicalSchema } from "../canonical.js";
import type { CompareOptions, WalkContext } from "../context.js";
import type { Effect } from "../facts.js";
import { deref, isSchemaObject, type Schema, validationKeywords, withoutDefinitions } from "../node.js";
import { pointerAppend } from "../pointer.js";
import type { Resolver } from "../resolve.js";

/** What a union arm is called in messages: its definition name when it is a `$ref`. */
function armName(arm: unknown): string {
  if (isSchemaObject(arm) && typeof arm.$ref === "string") return arm.$ref.split("/").pop()!;
  const label = canonicalSchema(withoutDefinitions(arm));
  return label.length > 40 ? `${label.slice(0, 37)}...` : label;
}

/**
 * Arms are matched by the canonical form of what they say, one `$ref` deep: an arm written
 * inline matches a `$ref` arm with the same content (2026-07-28 inlines one-member unions).
 */
function armKey(arm: unknown, resolve: Resolver): string {
  return canonicalSchema(withoutDefinitions(deref(arm, resolve, [])));
}

/** A union keyword alone on its side (nothing else constrains the value). */
function onlyUnion(schema: Schema, keyword: "anyOf" | "oneOf"): boolean {
  const keys = validationKeywords(schema);
  return Array.isArray(schema[keyword]) && keys.length === 1 && keys[0] === keyword;
}

/**
 * A plain schema on one side and a bare union on the other (`{type: string}` →
 * `anyOf: [{type: string}, {type: null}]`) is read as a one-arm union, so making a value
 * nullable is one widening, not a type change plus an undecidable union.
 */
export function liftToUnion(oldS: Schema, newS: Schema, path: string, ctx: WalkContext): boolean {
  for (const keyword of ["anyOf", "oneOf"] as const) {
    const oldAny = validationKeywords(oldS).length === 0;
    const newAny = validationKeywords(newS).length === 0;
    if ((oldAny && onlyUnion(newS, keyword)) || (newAny && onlyUnion(oldS, keyword))) {
      // Anything → a union of some things narrows; the reverse widens.
      const effect: Effect = oldAny ? "narrowed" : "widened";
      ctx.facts.push({ kind: "constraint", path: pointerAppend(path, keyword), keyword, effect, from: oldAny ? [] : (oldS[keyword] as unknown[]).map(armName), to: newAny ? [] : (newS[keyword] as unknown[]).map(armName) });
      return true;
    }
    if (onlyUnion(oldS, keyword) && !(keyword in newS) && !("anyOf" in newS) && !("oneOf" in newS)) {
      compareArms(keyword, oldS[keyword] as unknown[], [newS], path, ctx);
      return true;
    }
    if (onlyUnion(newS, keyword) && !(keyword in oldS) && !("anyOf" in oldS) && !("oneOf" in oldS)) {
      compareArms(keyword, [oldS], newS[keyword] as unknown[], path, ctx);
      return true;
    }
  }
  return false;
}

export function compareUnion(keyword: "anyOf" | "oneOf", oldS: Schema, newS: Schema, path: string, ctx: WalkContext): void {
  const oldArms = Array.isArray(oldS[keyword]) ? (oldS[keyword] as unknown[]) : undefined;
  const newArms = Array.isArray(newS[keyword]) ? (newS[keyword] as unknown[]) : undefined;
  if (!oldArms && !newArms) return;
  if (!oldArms || !newArms) {
    ctx.facts.push({ kind: "undecidable", path: pointerAppend(path, keyword), keyword, from: oldArms, to: newArms });
    return;
  }
  compareArms(keyword, oldArms, newArms, path, ctx);
}

/**
 * Arms only on the old side narrow, arms only on the new side widen, both at once is a
 * change (this reading assumes disjoint arms, as every spec and manifest union has). One
 * arm edited in place is compared with its counterpart for precise facts.
 */
function compareArms(keyword: "anyOf" | "oneOf", oldArms: unknown[], newArms: unknown[], path: string, ctx: WalkContext): void {
  const at = pointerAppend(path, keyword);
  const { pairs, removed, added } = matchArms(oldArms, newArms, ctx.options);
  if (removed.length === 0 && added.length === 0) {
    // Same arms (maybe reordered): refs inside them may still point at changed targets.
    for (const [i, j] of pairs) ctx.walk(oldArms[i], newArms[j], pointerAppend(at, j));
    return;
  }
  if (removed.length === 1 && added.length === 1 && oldArms.length === newArms.length) {
    ctx.walk(oldArms[removed[0]!], newArms[added[0]!], pointerAppend(at, added[0]!));
    return;
  }
  const effect: Effect = removed.length === 0 ? "widened" : added.length === 0 ? "narrowed" : "changed";
  ctx.facts.push({ kind: "constraint", path: at, keyword, effect, from: removed.map((i) => armName(oldArms[i])), to: added.map((j) => armName(newArms[j])) });
}

/**
 * Pairs old arms with new ones: first the same `$ref` (the same definition, whatever its
 * content became), then the same content one `$ref` deep. Returns indexes.
 */
function matchArms(oldArms: unknown[], newArms: unknown[], options: CompareOptions): { pairs: [number, number][]; removed: number[]; added: number[] } {
  const taken = new Set<number>();
  const pairs: [number, number][] = [];
  const unmatched: number[] = [];
  const refOf = (arm: unknown): string | undefined => (isSchemaObject(arm) && typeof arm.$ref === "string" ? arm.$ref : undefined);
  oldArms.forEach((arm, i) => {
    const ref = refOf(arm);
    const j = ref === undefined ? -1 : newArms.findIndex((other, k) => !taken.has(k) && refOf(other) === ref);
    if (j >= 0) {
      taken.add(j);
      pairs.push([i, j]);
    } else {
      unmatched.push(i);
    }
  });
  const newKeys = newArms.map((arm) => armKey(arm, options.resolveNew));
  const removed: number[] = [];
  for (const i of unmatched) {
    const key = armKey(oldArms[i], options.resolveOld);
    const j = newKeys.findIndex((k, idx) => !taken.has(idx) && k === key);
    if (j >= 0) {
      taken.add(j);
      pairs.push([i, j]);
    } else {
      removed.push(i);
    }
  }
  const added = newArms.map((_, j) => j).filter((j) => !taken.has(j));
  return { pairs, removed, added };
}

export function compareAllOf(oldS: Schema, newS: Schema, path: string, ctx: WalkContext): void {
  const oldParts = Array.isArray(oldS.allOf) ? (oldS.allOf as unknown[]) : [];
  const newParts = Array.isArray(newS.allOf) ? (newS.allOf as unknown[]) : [];
  if (oldParts.length === 0 && newParts.length === 0) return;
  const at = pointerAppend(path, "allOf");
  if (oldParts.length !== newParts.length) {
    ctx.facts.push({ kind: "undecidable", path: at, keyword: "allOf", from: oldParts.length, to: newParts.length });
    return;
  }
  oldParts.forEach((part, i) => ctx.walk(part, newParts[i], pointerAppend(at, i)));
}
