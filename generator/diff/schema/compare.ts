import { canonicalSchema } from "./canonical.js";
import type { Effect, SchemaFact } from "./facts.js";
import { pointerAppend } from "./pointer.js";
import type { Resolver } from "./resolve.js";

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
 * `anyOf`/`oneOf` arms added or removed (arms matched by canonical form; for `oneOf` this
 * assumes disjoint arms, which is how every spec and manifest union is written). Everything
 * else that differs (a changed `pattern`, `format`, `allOf` of another length, `not`,
 * `if/then/else`, `patternProperties`, tuples …) is reported as an `undecidable` fact,
 * never silently passed.
 */
export interface CompareOptions {
  readonly resolveOld: Resolver;
  readonly resolveNew: Resolver;
  /**
   * Spec mode: two `$ref`s to the same target are not followed, because that target is a
   * definition diffed on its own (following would report one change at every use site).
   */
  readonly opaqueSameRefs?: boolean;
}

type Schema = Record<string, unknown>;

const LOWER_BOUNDS = ["minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties", "minContains"];
const UPPER_BOUNDS = ["maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties", "maxContains"];
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
const JSON_TYPES = ["array", "boolean", "integer", "null", "number", "object", "string"];

export function compareSchemas(oldSchema: unknown, newSchema: unknown, options: CompareOptions): SchemaFact[] {
  const facts: SchemaFact[] = [];
  walk(oldSchema, newSchema, "", options, facts, new Set());
  return facts;
}

function isSchemaObject(value: unknown): value is Schema {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Follows `$ref` chains (siblings of a `$ref` override the target's keywords, 2020-12 style). */
function deref(schema: unknown, resolve: Resolver, refs: string[]): unknown {
  let node = schema;
  for (let hops = 0; hops < 32 && isSchemaObject(node) && typeof node.$ref === "string"; hops++) {
    const ref = node.$ref;
    refs.push(ref);
    const target = resolve(ref);
    if (target === undefined) return node; // unresolvable: compared as written
    const { $ref: _ref, ...siblings } = node;
    node = isSchemaObject(target) ? { ...target, ...siblings } : Object.keys(siblings).length === 0 ? target : siblings;
  }
  return node;
}

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

  if (liftToUnion(oldS, newS, path, options, facts, stack)) return;
  compareTypes(oldS, newS, path, facts);
  compareEnums(oldS, newS, path, facts);
  compareBounds(oldS, newS, path, facts);
  comparePattern(oldS, newS, path, facts);
  compareHandle(oldS, newS, path, facts);
  compareOpaque(oldS, newS, path, facts);
  compareProperties(oldS, newS, path, options, facts, stack);
  compareAdditionalProperties(oldS, newS, path, options, facts, stack);
  compareItems(oldS, newS, path, options, facts, stack);
  compareUnion("anyOf", oldS, newS, path, options, facts, stack);
  compareUnion("oneOf", oldS, newS, path, options, facts, stack);
  compareAllOf(oldS, newS, path, options, facts, stack);
}

function containsRef(schema: unknown): boolean {
  return JSON.stringify(schema).includes('"$ref"');
}

function asSchema(node: unknown): Schema {
  if (node === true || node === undefined) return {};
  return isSchemaObject(node) ? node : {};
}

/** The JSON types a schema admits: explicit `type`, else inferred from `const`/`enum`, else all. */
function typesOf(schema: Schema): Set<string> | null {
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

function typeLabel(types: Set<string> | null): string {
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

function compareTypes(oldS: Schema, newS: Schema, path: string, facts: SchemaFact[]): void {
  const oldTypes = typesOf(oldS);
  const newTypes = typesOf(newS);
  const effect = effectOf(typesWithin(oldTypes, newTypes), typesWithin(newTypes, oldTypes));
  if (effect) facts.push({ kind: "type", path, effect, from: typeLabel(oldTypes), to: typeLabel(newTypes) });
}

function valuesOf(schema: Schema): unknown[] | null {
  if ("const" in schema) return [schema.const];
  if (Array.isArray(schema.enum)) return schema.enum;
  return null;
}

function compareEnums(oldS: Schema, newS: Schema, path: string, facts: SchemaFact[]): void {
  const oldValues = valuesOf(oldS);
  const newValues = valuesOf(newS);
  if (oldValues === null && newValues === null) return;
  if (oldValues === null || newValues === null) {
    const keyword = "const" in (oldValues === null ? newS : oldS) ? "const" : "enum";
    facts.push({ kind: "constraint", path, keyword, effect: oldValues === null ? "narrowed" : "widened", from: oldValues === null ? undefined : oldValues, to: newValues === null ? undefined : newValues });
    return;
  }
  const oldKeys = new Map(oldValues.map((v) => [JSON.stringify(v), v]));
  const newKeys = new Map(newValues.map((v) => [JSON.stringify(v), v]));
  for (const [key, value] of oldKeys) if (!newKeys.has(key)) facts.push({ kind: "enum-value-removed", path, value });
  for (const [key, value] of newKeys) if (!oldKeys.has(key)) facts.push({ kind: "enum-value-added", path, value });
}

function numberOrUndefined(value: unknown): number | undefined {
  return typeof value === "number" ? value : undefined;
}

function compareBounds(oldS: Schema, newS: Schema, path: string, facts: SchemaFact[]): void {
  for (const keyword of [...LOWER_BOUNDS, ...UPPER_BOUNDS]) {
    const from = numberOrUndefined(oldS[keyword]);
    const to = numberOrUndefined(newS[keyword]);
    if (from === to) continue;
    const lower = LOWER_BOUNDS.includes(keyword);
    let effect: Effect;
    if (from === undefined) effect = "narrowed";
    else if (to === undefined) effect = "widened";
    else effect = (to > from) === lower ? "narrowed" : "widened";
    facts.push({ kind: "constraint", path, keyword, effect, from, to });
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
    facts.push({ kind: "constraint", path, keyword: "multipleOf", effect, from: fromMultiple, to: toMultiple });
  }
  const fromUnique = oldS.uniqueItems === true;
  const toUnique = newS.uniqueItems === true;
  if (fromUnique !== toUnique) facts.push({ kind: "constraint", path, keyword: "uniqueItems", effect: toUnique ? "narrowed" : "widened", from: fromUnique, to: toUnique });
}

function comparePattern(oldS: Schema, newS: Schema, path: string, facts: SchemaFact[]): void {
  const from = oldS.pattern;
  const to = newS.pattern;
  if (from === to) return;
  if (from === undefined || to === undefined) {
    facts.push({ kind: "constraint", path, keyword: "pattern", effect: from === undefined ? "narrowed" : "widened", from, to });
  } else {
    // Regular-expression containment is decidable in theory but not worth an engine here.
    facts.push({ kind: "undecidable", path, keyword: "pattern", from, to });
  }
}

/**
 * mcp-gen manifests type a property as `{ handle: <name> }`, which the loader bundles as
 * `{ type: string, "x-mcpgen-handle": <name> }`: another handle kind is another type, since
 * a handle minted for one kind is rejected where another is expected.
 */
function handleOf(schema: Schema): unknown {
  return schema["x-mcpgen-handle"] ?? schema.handle;
}

function compareHandle(oldS: Schema, newS: Schema, path: string, facts: SchemaFact[]): void {
  const from = handleOf(oldS);
  const to = handleOf(newS);
  if (from === to) return;
  const show = (h: unknown): string => (h === undefined ? "plain value" : `handle ${typeof h === "string" ? h : JSON.stringify(h)}`);
  facts.push({ kind: "type", path, effect: "changed", from: show(from), to: show(to) });
}

function compareOpaque(oldS: Schema, newS: Schema, path: string, facts: SchemaFact[]): void {
  for (const keyword of OPAQUE_KEYWORDS) {
    if (!(keyword in oldS) && !(keyword in newS)) continue;
    if (keyword === "additionalItems" || keyword === "prefixItems") {
      if (canonicalSchema(oldS[keyword] ?? null) === canonicalSchema(newS[keyword] ?? null)) continue;
    } else if (canonicalSchema({ [keyword]: oldS[keyword] }) === canonicalSchema({ [keyword]: newS[keyword] })) {
      continue;
    }
    facts.push({ kind: "undecidable", path: pointerAppend(path, keyword), keyword, from: oldS[keyword], to: newS[keyword] });
  }
}

function requiredOf(schema: Schema): Set<string> {
  return new Set(Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === "string") : []);
}

function propertiesOf(schema: Schema): Record<string, unknown> {
  return isSchemaObject(schema.properties) ? schema.properties : {};
}

function compareProperties(oldS: Schema, newS: Schema, path: string, options: CompareOptions, facts: SchemaFact[], stack: Set<string>): void {
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
      facts.push({ kind: "property-removed", path: at, name });
      continue;
    }
    if (!inOld && inNew) {
      facts.push({ kind: "property-added", path: at, name, required: newRequired.has(name) });
      continue;
    }
    if (!oldRequired.has(name) && newRequired.has(name)) facts.push({ kind: "became-required", path: at, name });
    if (oldRequired.has(name) && !newRequired.has(name)) facts.push({ kind: "became-optional", path: at, name });
    if (inOld && inNew) walk(oldProps[name], newProps[name], at, options, facts, stack);
  }
}

/** How much `additionalProperties` lets through: everything, what a schema allows, or nothing. */
function additionalLevel(value: unknown): "any" | "schema" | "none" {
  if (value === undefined || value === true || canonicalSchema(value) === "true") return "any";
  if (value === false) return "none";
  return "schema";
}

function compareAdditionalProperties(oldS: Schema, newS: Schema, path: string, options: CompareOptions, facts: SchemaFact[], stack: Set<string>): void {
  const from = additionalLevel(oldS.additionalProperties);
  const to = additionalLevel(newS.additionalProperties);
  const at = pointerAppend(path, "additionalProperties");
  if (from === "schema" && to === "schema") {
    walk(oldS.additionalProperties, newS.additionalProperties, at, options, facts, stack);
    return;
  }
  if (from === to) return;
  const rank = { none: 0, schema: 1, any: 2 } as const;
  facts.push({ kind: "constraint", path: at, keyword: "additionalProperties", effect: rank[to] > rank[from] ? "widened" : "narrowed", from: oldS.additionalProperties, to: newS.additionalProperties });
}

function compareItems(oldS: Schema, newS: Schema, path: string, options: CompareOptions, facts: SchemaFact[], stack: Set<string>): void {
  if (!("items" in oldS) && !("items" in newS)) return;
  const at = pointerAppend(path, "items");
  if (Array.isArray(oldS.items) || Array.isArray(newS.items)) {
    if (canonicalSchema(oldS.items ?? null) !== canonicalSchema(newS.items ?? null)) facts.push({ kind: "undecidable", path: at, keyword: "items", from: oldS.items, to: newS.items });
    return;
  }
  walk(oldS.items ?? {}, newS.items ?? {}, at, options, facts, stack);
}

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

/** The schema minus its `$defs`/`definitions` containers, which say nothing about this value. */
function withoutDefinitions(schema: unknown): unknown {
  if (!isSchemaObject(schema)) return schema;
  const { $defs: _defs, definitions: _definitions, ...rest } = schema;
  return rest;
}

/** Keywords that constrain the value here (annotations and definition containers left out). */
function validationKeywords(schema: Schema): string[] {
  const canonical = JSON.parse(canonicalSchema(schema)) as unknown;
  if (!isSchemaObject(canonical)) return [];
  return Object.keys(canonical).filter((k) => k !== "$defs" && k !== "definitions");
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
function liftToUnion(oldS: Schema, newS: Schema, path: string, options: CompareOptions, facts: SchemaFact[], stack: Set<string>): boolean {
  for (const keyword of ["anyOf", "oneOf"] as const) {
    const oldAny = validationKeywords(oldS).length === 0;
    const newAny = validationKeywords(newS).length === 0;
    if ((oldAny && onlyUnion(newS, keyword)) || (newAny && onlyUnion(oldS, keyword))) {
      // Anything → a union of some things narrows; the reverse widens.
      const effect: Effect = oldAny ? "narrowed" : "widened";
      facts.push({ kind: "constraint", path: pointerAppend(path, keyword), keyword, effect, from: oldAny ? [] : (oldS[keyword] as unknown[]).map(armName), to: newAny ? [] : (newS[keyword] as unknown[]).map(armName) });
      return true;
    }
    if (onlyUnion(oldS, keyword) && !(keyword in newS) && !("anyOf" in newS) && !("oneOf" in newS)) {
      compareArms(keyword, oldS[keyword] as unknown[], [newS], path, options, facts, stack);
      return true;
    }
    if (onlyUnion(newS, keyword) && !(keyword in oldS) && !("anyOf" in oldS) && !("oneOf" in oldS)) {
      compareArms(keyword, [oldS], newS[keyword] as unknown[], path, options, facts, stack);
      return true;
    }
  }
  return false;
}

function compareUnion(keyword: "anyOf" | "oneOf", oldS: Schema, newS: Schema, path: string, options: CompareOptions, facts: SchemaFact[], stack: Set<string>): void {
  const oldArms = Array.isArray(oldS[keyword]) ? (oldS[keyword] as unknown[]) : undefined;
  const newArms = Array.isArray(newS[keyword]) ? (newS[keyword] as unknown[]) : undefined;
  if (!oldArms && !newArms) return;
  if (!oldArms || !newArms) {
    facts.push({ kind: "undecidable", path: pointerAppend(path, keyword), keyword, from: oldArms, to: newArms });
    return;
  }
  compareArms(keyword, oldArms, newArms, path, options, facts, stack);
}

/**
 * Arms only on the old side narrow, arms only on the new side widen, both at once is a
 * change (this reading assumes disjoint arms, as every spec and manifest union has). One
 * arm edited in place is compared with its counterpart for precise facts.
 */
function compareArms(keyword: "anyOf" | "oneOf", oldArms: unknown[], newArms: unknown[], path: string, options: CompareOptions, facts: SchemaFact[], stack: Set<string>): void {
  const at = pointerAppend(path, keyword);
  const { pairs, removed, added } = matchArms(oldArms, newArms, options);
  if (removed.length === 0 && added.length === 0) {
    // Same arms (maybe reordered): refs inside them may still point at changed targets.
    for (const [i, j] of pairs) walk(oldArms[i], newArms[j], pointerAppend(at, j), options, facts, stack);
    return;
  }
  if (removed.length === 1 && added.length === 1 && oldArms.length === newArms.length) {
    walk(oldArms[removed[0]!], newArms[added[0]!], pointerAppend(at, added[0]!), options, facts, stack);
    return;
  }
  const effect: Effect = removed.length === 0 ? "widened" : added.length === 0 ? "narrowed" : "changed";
  facts.push({ kind: "constraint", path: at, keyword, effect, from: removed.map((i) => armName(oldArms[i])), to: added.map((j) => armName(newArms[j])) });
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

function compareAllOf(oldS: Schema, newS: Schema, path: string, options: CompareOptions, facts: SchemaFact[], stack: Set<string>): void {
  const oldParts = Array.isArray(oldS.allOf) ? (oldS.allOf as unknown[]) : [];
  const newParts = Array.isArray(newS.allOf) ? (newS.allOf as unknown[]) : [];
  if (oldParts.length === 0 && newParts.length === 0) return;
  const at = pointerAppend(path, "allOf");
  if (oldParts.length !== newParts.length) {
    facts.push({ kind: "undecidable", path: at, keyword: "allOf", from: oldParts.length, to: newParts.length });
    return;
  }
  oldParts.forEach((part, i) => walk(part, newParts[i], pointerAppend(at, i), options, facts, stack));
}
