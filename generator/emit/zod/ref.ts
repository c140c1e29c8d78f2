// `$ref`: a reference to a declaration of this module (created on demand for targets
// that are not definitions). References to other documents are never fetched.
//
// DECISION (fail closed): where a diagnostic of severity "error" is reported, the
// emitted schema rejects everything (`z.never()`) rather than accepting it silently; only
// the caller's explicit `externalRefs: "unknown"` turns an external ref into z.unknown().

import type { EmitContext } from "./context.js";
import { DIAGNOSTIC_CODES } from "./diagnostics.js";
import { NEVER, type ZodExpr, UNKNOWN } from "./expr.js";

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
    return optedIn ? UNKNOWN : NEVER;
  }
  if (target.kind === "unresolved") {
    ctx.report(DIAGNOSTIC_CODES.unresolvedRef, "error", at, "$ref", `cannot resolve $ref: ${target.reason}`);
    return NEVER;
  }
  const declaration = ctx.declarations.declarationAt(ctx.resource, ctx.root, target.tokens);
  const body = ctx.declarations.bodyOf(declaration);
  // A declaration in a `$ref` cycle is declared `z.ZodType<Name>`; TypeScript prints its defaults.
  const cyclic = `z.ZodType<${declaration.name}, unknown, z.core.$ZodTypeInternals<${declaration.name}, unknown>>`;
  const expr: ZodExpr = { code: `${declaration.name}Schema`, type: declaration.name, zod: cyclic };
  if (body === undefined) return expr;
  // TypeScript prints the referenced schema's type in full, not `typeof FooSchema`.
  return {
    ...expr,
    zod: body.zod,
    ...(body.shape ? { shape: body.shape } : {}),
    ...(body.literal !== undefined ? { literal: body.literal } : {}),
  };
}
