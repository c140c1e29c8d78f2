// "multipleOf", zod-free so that the compiled validators (compile/) can use the same rule as
// the generated zod schemas without loading zod.

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
