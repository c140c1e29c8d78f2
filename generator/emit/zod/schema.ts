// The dispatcher: one JSON Schema (sub)schema → one zod expression.
//
// A schema is the conjunction of independent parts — `type` with the keywords of each
// kind (typed.ts), `enum`/`const`, `$ref`, `allOf`, `anyOf`, `oneOf` — intersected
// (intersection.ts), then refined by `not`/`if` (conditional.ts) and `unevaluated*`
// (unevaluated.ts). Annotation keywords (description, title, default, examples, …) and
// keywords ajv ignores in the dialect add nothing.

import { dialectApplies } from "@mcp-gen/runtime/core";
import { isRecord } from "../../jsonschema/resource.js";
import { applyConditionals } from "./conditional.js";
import { emitConst } from "./const.js";
import type { EmitContext } from "./context.js";
import { DIAGNOSTIC_CODES } from "./diagnostics.js";
import { emitEnum } from "./enum.js";
import { NEVER, UNKNOWN, type ZodExpr } from "./expr.js";
import { emitAllOf, intersectAll } from "./intersection.js";
import { emitRef } from "./ref.js";
import { emitTyped, matchesJsonType } from "./typed.js";
import { applyUnevaluated } from "./unevaluated.js";
import { emitUnion } from "./union.js";
import { registerEmitSchema } from "./recurse.js";

// Keyword emitters reach this dispatcher through recurse.ts (no import cycle).
registerEmitSchema(emitSchema);

/** Keywords ajv applies that have no exact zod translation here (2020-12 only). */
const UNSUPPORTED_2020_12 = ["$dynamicRef", "$recursiveRef"] as const;

export function emitSchema(node: unknown, at: readonly string[], ctx: EmitContext): ZodExpr {
  if (node === true) return UNKNOWN;
  if (node === false) return NEVER;
  if (!isRecord(node)) {
    ctx.report(
      DIAGNOSTIC_CODES.invalidSchema,
      "error",
      at.slice(0, -1),
      at[at.length - 1] ?? "",
      "a schema must be an object or a boolean",
    );
    return UNKNOWN;
  }
  const parts: ZodExpr[] = [];
  if (ctx.dialect === "2020-12") {
    for (const keyword of UNSUPPORTED_2020_12) {
      if (node[keyword] !== undefined) {
        ctx.report(
          DIAGNOSTIC_CODES.unsupportedKeyword,
          "error",
          at,
          keyword,
          `${keyword} (dynamic scope resolution) is not supported`,
        );
        parts.push(NEVER); // fail closed (see ref.ts)
      }
    }
  }

  if (node["$ref"] !== undefined) parts.push(emitRef(node["$ref"], at, ctx));
  const typed = emitTyped(node, at, ctx);
  // With nothing but `type` beside them, `enum`/`const` values of other types can never
  // match: filtering them at generation time keeps the schema a plain literal set.
  const absorbType =
    typed.declared !== undefined && !typed.constrained && (node["enum"] !== undefined || node["const"] !== undefined);
  const declared = typed.declared;
  const allowed =
    absorbType && declared ? (value: unknown) => declared.some((type) => matchesJsonType(value, type)) : undefined;
  if (typed.expr !== undefined && !absorbType) parts.push(typed.expr);
  if (node["const"] !== undefined) parts.push(emitConst(node, ctx, allowed));
  if (node["enum"] !== undefined) parts.push(emitEnum(node, at, ctx, allowed));
  if (node["allOf"] !== undefined) parts.push(...emitAllOf(node["allOf"], at, ctx));
  if (node["anyOf"] !== undefined) parts.push(emitUnion("anyOf", node["anyOf"], at, ctx));
  if (node["oneOf"] !== undefined) parts.push(emitUnion("oneOf", node["oneOf"], at, ctx));

  let expr = intersectAll(parts);
  expr = applyConditionals(node, at, ctx, expr);
  if (dialectApplies(ctx.dialect, "unevaluatedProperties")) expr = applyUnevaluated(node, at, ctx, expr);
  return expr;
}
