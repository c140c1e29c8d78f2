// `enum`: a fixed set of JSON values.

import type { EmitContext } from "./context.js";
import { DIAGNOSTIC_CODES } from "./diagnostics.js";
import { NEVER, type ZodExpr } from "./expr.js";
import { arrayLiteral, call, literal } from "./writer.js";

type Primitive = string | number | boolean | null;

function isPrimitive(value: unknown): value is Primitive {
  return value === null || ["string", "number", "boolean"].includes(typeof value);
}

/**
 * A schema accepting exactly `values` (compared as JSON values).
 * DECISION: string-only sets become `z.enum`, other primitive sets `z.literal([...])`;
 * sets with an object or array need deep equality (2020-12 validation §6.1.2), which no
 * zod builder offers, so they are `z.unknown()` refined with an inlined `jsonEqual`.
 */
export function valueSetExpr(values: readonly unknown[], ctx: EmitContext): ZodExpr {
  const unique = values.filter(
    (value, i) => values.findIndex((other) => JSON.stringify(other) === JSON.stringify(value)) === i,
  );
  if (unique.length === 0) return NEVER;
  if (unique.every(isPrimitive)) {
    const type = unique.map((value) => literal(value)).join(" | ");
    if (unique.length === 1) {
      const only = unique[0] as Primitive;
      const zod = only === null ? "z.ZodNull" : plainLiteral(only) ? `z.ZodLiteral<${literal(only)}>` : undefined;
      return { code: only === null ? "z.null()" : `z.literal(${literal(only)})`, type, zod, literal: only };
    }
    if (unique.every((value) => typeof value === "string")) {
      // zod's ToEnum<…> object, printed the way TypeScript prints it (identifier keys only).
      const zod = unique.every((value) => IDENTIFIER.test(value as string) && plainLiteral(value as string))
        ? `z.ZodEnum<{ ${unique.map((value) => `${value as string}: ${literal(value)}`).join("; ")} }>`
        : undefined;
      return { code: call("z.enum", [arrayLiteral(unique.map(literal))]), type, zod };
    }
    return { code: call("z.literal", [arrayLiteral(unique.map(literal))]), type };
  }
  return {
    code: `z.unknown().refine(${ctx.helper("equalsOneOf")}(${arrayLiteral(unique.map(literal))}), "Invalid value")`,
    type: "unknown",
    zod: "z.ZodUnknown",
  };
}

export function emitEnum(
  node: Record<string, unknown>,
  at: readonly string[],
  ctx: EmitContext,
  allowed?: (value: unknown) => boolean,
): ZodExpr {
  const values = node["enum"];
  if (!Array.isArray(values) || values.length === 0) {
    ctx.report(
      DIAGNOSTIC_CODES.invalidSchema,
      "error",
      at,
      "enum",
      "enum must be a non-empty array (ajv rejects the schema)",
    );
    return NEVER;
  }
  return valueSetExpr(allowed ? values.filter(allowed) : values, ctx);
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A literal TypeScript prints exactly as `literal()` writes it (no escapes, no exponent). */
function plainLiteral(value: string | number | boolean): boolean {
  if (typeof value === "string") return /^[\x20-\x7e]*$/.test(value) && !/["\\]/.test(value);
  return typeof value === "boolean" || Number.isSafeInteger(value);
}
