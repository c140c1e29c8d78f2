// `$ref`: a reference to a declaration of this module (created on demand for targets
// that are not definitions). References to other documents are never fetched.

import type { EmitContext } from "./context.js";
import { DIAGNOSTIC_CODES } from "./diagnostics.js";
import { type ZodExpr, UNKNOWN } from "./expr.js";

export function emitRef(ref: unknown, at: readonly string[], ctx: EmitContext): ZodExpr {
  if (typeof ref !== "string") {
    ctx.report(DIAGNOSTIC_CODES.invalidSchema, "error", at, "$ref", "$ref must be a string (ajv rejects the schema)");
    return UNKNOWN;
  }
  const target = ctx.resource.resolve(ref);
  if (target.kind === "external") {
    const optedIn = ctx.settings.externalRefs === "unknown";
    ctx.report(
      DIAGNOSTIC_CODES.externalRef,
      optedIn ? "warning" : "error",
      at,
      "$ref",
      `'${ref}' points outside this schema${target.network ? " (network URIs are never fetched)" : ""}` +
        (optedIn ? "; accepted as z.unknown()" : ""),
    );
    return UNKNOWN;
  }
  if (target.kind === "unresolved") {
    ctx.report(DIAGNOSTIC_CODES.unresolvedRef, "error", at, "$ref", `cannot resolve $ref: ${target.reason}`);
    return UNKNOWN;
  }
  const declaration = ctx.declarations.declarationAt(ctx.resource, ctx.root, target.tokens);
  const body = ctx.declarations.bodyOf(declaration);
  const expr: ZodExpr = { code: `${declaration.name}Schema`, type: declaration.name };
  if (body === undefined) return expr;
  return {
    ...expr,
    ...(body.shape ? { shape: body.shape } : {}),
    ...(body.literal !== undefined ? { literal: body.literal } : {}),
  };
}
