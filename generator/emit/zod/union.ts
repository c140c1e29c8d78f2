// `anyOf` and `oneOf`.
//
// DECISION: `anyOf` → z.union (first matching arm wins; since every object schema keeps
// unknown keys, the winning arm returns the value unchanged). `oneOf` → z.xor (exactly
// one arm may match, 2020-12 core §10.2.1.3). Both become z.discriminatedUnion when
// every arm is an object schema with the same REQUIRED property whose schema is a string
// literal, all literals distinct: then at most one arm can match any value, so "first",
// "exactly one" and "the arm named by the discriminator" give the same verdict.

import type { EmitContext } from "./context.js";
import { DIAGNOSTIC_CODES } from "./diagnostics.js";
import { NEVER, type ZodExpr, unionType, unionZod, zodList } from "./expr.js";
import { emitSchema } from "./recurse.js";
import { arrayLiteral, call } from "./writer.js";

export function emitUnion(keyword: "anyOf" | "oneOf", arms: unknown, at: readonly string[], ctx: EmitContext): ZodExpr {
  if (!Array.isArray(arms) || arms.length === 0) {
    ctx.report(
      DIAGNOSTIC_CODES.invalidSchema,
      "error",
      at,
      keyword,
      `${keyword} must be a non-empty array (ajv rejects the schema)`,
    );
    return NEVER;
  }
  const emitted = arms.map((arm, i) => emitSchema(arm, [...at, keyword, String(i)], ctx));
  if (emitted.length === 1) return emitted[0]!;
  // anyOf [A, union(B, C)] accepts exactly what union(A, B, C) accepts: flatten. (Not for
  // oneOf: "exactly one of A, B∪C" differs from "exactly one of A, B, C".)
  const exprs = keyword === "anyOf" ? emitted.flatMap((expr) => expr.unionArms ?? [expr]) : emitted;
  const type = unionType(exprs.map((expr) => expr.type));
  const list = arrayLiteral(exprs.map((expr) => expr.code));
  const discriminator = discriminatorOf(exprs);
  if (discriminator !== undefined) {
    const zods = zodList(exprs);
    const zod = zods === undefined || !plainKey(discriminator) ? undefined : `z.ZodDiscriminatedUnion<[${zods}], "${discriminator}">`;
    return { code: call("z.discriminatedUnion", [JSON.stringify(discriminator), list]), type, zod };
  }
  if (keyword === "anyOf") return { code: call("z.union", [list]), type, zod: unionZod(exprs), unionArms: exprs };
  const zods = zodList(exprs);
  return { code: call("z.xor", [list]), type, zod: zods === undefined ? undefined : `z.ZodXor<readonly [${zods}]>` };
}

/** The property every arm requires as a distinct string literal, if there is one. */
export function discriminatorOf(arms: readonly ZodExpr[]): string | undefined {
  const first = arms[0]?.shape;
  if (first === undefined || arms.some((arm) => arm.shape === undefined)) return undefined;
  for (const [key, candidate] of first.properties) {
    if (!first.required.has(key) || typeof candidate.literal !== "string") continue;
    const values = new Set<string>();
    const works = arms.every((arm) => {
      const property = arm.shape!.properties.get(key);
      if (!arm.shape!.required.has(key) || typeof property?.literal !== "string" || values.has(property.literal))
        return false;
      values.add(property.literal);
      return true;
    });
    if (works) return key;
  }
  return undefined;
}

/** A discriminator TypeScript prints as written inside `"…"` (no escapes). */
function plainKey(key: string): boolean {
  return /^[\x20-\x7e]*$/.test(key) && !/["\\]/.test(key);
}
