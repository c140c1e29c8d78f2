// Object keywords as refinements.
//
// DECISION (presence means "not undefined"): ajv tests `required`/`dependentRequired` with
// `data[key] !== undefined` (inherited properties count; option ownProperties is off), and
// these helpers do the same so both agree even on keys like "constructor".
import type { z } from "zod";
import type { TextMatcher } from "./strings.js";

export function isPresent(object: unknown, key: string): boolean {
  return (object as Record<string, unknown>)[key] !== undefined;
}

/** "required" next to keywords that make a plain zod object impossible. */
export function hasKeys(keys: readonly string[]) {
  return (object: unknown): boolean => keys.every((key) => isPresent(object, key));
}

/** "minProperties"/"maxProperties". */
export function propertyCount(min: number, max: number) {
  return (object: object): boolean => {
    const count = Object.keys(object).length;
    return count >= min && count <= max;
  };
}

/**
 * "patternProperties" plus "additionalProperties": every key matching a pattern must
 * satisfy that pattern's schema; keys that are neither declared nor matched must satisfy
 * `rest` (false: must not exist; undefined: anything goes).
 */
export function otherProperties(
  declared: readonly string[],
  patterns: readonly (readonly [TextMatcher, z.ZodType])[],
  rest: z.ZodType | false | undefined,
) {
  return (object: object): boolean =>
    Object.entries(object).every(([key, value]) => {
      let matched = false;
      for (const [pattern, schema] of patterns) {
        if (pattern.test(key)) {
          matched = true;
          if (!schema.safeParse(value).success) return false;
        }
      }
      if (matched || declared.includes(key) || rest === undefined) return true;
      return rest !== false && rest.safeParse(value).success;
    });
}

/** "propertyNames": every key, as a string, satisfies `schema`. */
export function keysMatch(schema: z.ZodType) {
  return (object: object): boolean => Object.keys(object).every((key) => schema.safeParse(key).success);
}

/** "dependentRequired" (draft-07: array-valued "dependencies"). */
export function dependentRequired(dependencies: Readonly<Record<string, readonly string[]>>) {
  return (object: object): boolean =>
    Object.entries(dependencies).every(
      ([key, needed]) => !isPresent(object, key) || needed.every((other) => isPresent(object, other)),
    );
}

/** "dependentSchemas" (draft-07: schema-valued "dependencies"). */
export function dependentSchemas(dependencies: readonly (readonly [string, z.ZodType])[]) {
  return (object: object): boolean =>
    dependencies.every(([key, schema]) => !isPresent(object, key) || schema.safeParse(object).success);
}
