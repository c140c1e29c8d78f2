// `allOf`, and the conjunction of a schema's independent parts (`type` + kind keywords,
// `$ref`, `enum`/`const`, the combinators): all must hold.
//
// DECISION: z.intersection parses the value with both sides and merges the results;
// every emitted schema returns the value unchanged (objects are loose or strict, never
// stripping), so the merge always succeeds and "all keys of all arms" are kept.

import type { EmitContext } from "./context.js";
import { DIAGNOSTIC_CODES } from "./diagnostics.js";
import { type ZodExpr, UNKNOWN, intersectionType } from "./expr.js";
import { emitSchema } from "./recurse.js";
import { call } from "./writer.js";

export function emitAllOf(arms: unknown, at: readonly string[], ctx: EmitContext): ZodExpr[] {
  if (!Array.isArray(arms) || arms.length === 0) {
    ctx.report(
      DIAGNOSTIC_CODES.invalidSchema,
      "error",
      at,
      "allOf",
      "allOf must be a non-empty array (ajv rejects the schema)",
    );
    return [];
  }
  return arms.map((arm, i) => emitSchema(arm, [...at, "allOf", String(i)], ctx));
}

/** All of `parts` (bare `z.unknown()` parts dropped); a single part is returned as is. */
export function intersectAll(parts: readonly ZodExpr[]): ZodExpr {
  const meaningful = parts.filter((part) => part.isUnknown !== true);
  if (meaningful.length === 0) return UNKNOWN;
  if (meaningful.length === 1) return meaningful[0]!;
  const code = meaningful
    .slice(1)
    .reduce((left, right) => call("z.intersection", [left, right.code]), meaningful[0]!.code);
  const zod = meaningful
    .slice(1)
    .reduce<string | undefined>((left, right) => (left === undefined || right.zod === undefined ? undefined : `z.ZodIntersection<${left}, ${right.zod}>`), meaningful[0]!.zod);
  return { code, type: intersectionType(meaningful.map((part) => part.type)), zod };
}
