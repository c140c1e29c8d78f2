import { canonicalSchema } from "./canonical.js";
import type { Resolver } from "./resolve.js";

/** A schema object; boolean schemas are normalised away before keywords are compared. */
export type Schema = Record<string, unknown>;

export function isSchemaObject(value: unknown): value is Schema {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Follows `$ref` chains (siblings of a `$ref` override the target's keywords, 2020-12 style). */
export function deref(schema: unknown, resolve: Resolver, refs: string[]): unknown {
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

export function asSchema(node: unknown): Schema {
  if (node === true || node === undefined) return {};
  return isSchemaObject(node) ? node : {};
}

export function containsRef(schema: unknown): boolean {
  return JSON.stringify(schema).includes('"$ref"');
}

/** The schema minus its `$defs`/`definitions` containers, which say nothing about this value. */
export function withoutDefinitions(schema: unknown): unknown {
  if (!isSchemaObject(schema)) return schema;
  const { $defs: _defs, definitions: _definitions, ...rest } = schema;
  return rest;
}

/** Keywords that constrain the value here (annotations and definition containers left out). */
export function validationKeywords(schema: Schema): string[] {
  const canonical = JSON.parse(canonicalSchema(schema)) as unknown;
  if (!isSchemaObject(canonical)) return [];
  return Object.keys(canonical).filter((k) => k !== "$defs" && k !== "definitions");
}
