// Number keywords zod does not express the JSON Schema way.
import { z } from "zod";

/** JSON Schema "integer" means every integral number (zod's .int() would stop at 2^53). */
export function integer() {
  return z.number().refine(Number.isInteger, "Expected an integer");
}

/**
 * ajv's "multipleOf": the quotient must read back unchanged through parseInt, so a
 * quotient printed in exponent notation (>= 1e21) fails, as it does in ajv.
 */
export function multipleOf(divisor: number) {
  return (value: number): boolean => {
    const quotient = value / divisor;
    return parseInt(String(quotient), 10) === quotient;
  };
}
