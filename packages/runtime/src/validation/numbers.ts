// Number keywords zod does not express the JSON Schema way (multipleOf: multiple-of.ts).
import { z } from "zod";

/** JSON Schema "integer" means every integral number (zod's .int() would stop at 2^53). */
export function integer() {
  return z.number().refine(Number.isInteger, "Expected an integer");
}
