// Applicator keywords as refinements. Every helper that needs another schema is a factory,
// so each zod schema is built once at module load (or once per z.lazy resolution), never per parse.
import { z } from "zod";
import { type JsonKind, jsonKind } from "./json.js";

/** Checks a value with the schema given for its JSON kind; other kinds pass (keywords without "type"). */
export function byKind(schemas: { readonly [K in JsonKind]?: z.ZodType }) {
  return z.unknown().refine((value) => {
    const kind = jsonKind(value);
    const schema = kind === undefined ? undefined : schemas[kind];
    return schema === undefined || schema.safeParse(value).success;
  }, "Invalid value");
}

/** "not": valid exactly when `schema` rejects the value. */
export function notMatching(schema: z.ZodType) {
  return (value: unknown): boolean => !schema.safeParse(value).success;
}

/** "if"/"then"/"else": a missing branch accepts everything. */
export function ifThenElse(condition: z.ZodType, then: z.ZodType | undefined, otherwise: z.ZodType | undefined) {
  return (value: unknown): boolean => {
    const branch = condition.safeParse(value).success ? then : otherwise;
    return branch === undefined || branch.safeParse(value).success;
  };
}

/** "contains" with its bounds: between min and max items (inclusive) match `schema`. */
export function containsCount(schema: z.ZodType, min: number, max: number) {
  return (items: readonly unknown[]): boolean => {
    const count = items.filter((item) => schema.safeParse(item).success).length;
    return count >= min && count <= max;
  };
}
