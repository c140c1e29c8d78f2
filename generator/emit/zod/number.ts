// `type: "number"` / `"integer"` and their keywords.

import { DIAGNOSTIC_CODES } from "./diagnostics.js";
import type { EmitContext } from "./context.js";
import type { ZodExpr } from "./expr.js";
import { formatCheck } from "./string.js";
import { appendCalls } from "./writer.js";

export const NUMBER_KEYWORDS = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"] as const;

const BOUND_METHODS: Readonly<Record<(typeof NUMBER_KEYWORDS)[number], string>> = {
  minimum: "gte",
  maximum: "lte",
  exclusiveMinimum: "gt",
  exclusiveMaximum: "lt",
  multipleOf: "",
};

export function emitNumber(
  node: Record<string, unknown>,
  integer: boolean,
  at: readonly string[],
  ctx: EmitContext,
): ZodExpr {
  // DECISION: JSON Schema "integer" is any number with a zero fractional part (2020-12
  // validation §6.1.1); ajv accepts 2^60. zod's .int() stops at Number.MAX_SAFE_INTEGER,
  // so integers are z.number() refined with Number.isInteger.
  const base = integer ? `${ctx.helper("integer")}()` : "z.number()";
  const calls: string[] = [];
  for (const keyword of ["minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum"] as const) {
    const bound = node[keyword];
    if (typeof bound === "number") calls.push(`.${BOUND_METHODS[keyword]}(${bound})`);
    else if (bound !== undefined) {
      ctx.report(
        DIAGNOSTIC_CODES.invalidSchema,
        "error",
        at,
        keyword,
        `${keyword} must be a number (ajv rejects the schema)`,
      );
    }
  }
  const divisor = node["multipleOf"];
  if (typeof divisor === "number" && divisor > 0) {
    calls.push(`.refine(${ctx.helper("multipleOf")}(${divisor}), "Expected a multiple of ${divisor}")`);
  } else if (divisor !== undefined) {
    ctx.report(
      DIAGNOSTIC_CODES.invalidSchema,
      "error",
      at,
      "multipleOf",
      "multipleOf must be a number > 0 (ajv rejects the schema)",
    );
  }
  const format = formatCheck(node, "number", at, ctx);
  if (format !== "") calls.push(format);
  return { code: appendCalls(base, calls), type: "number", zod: "z.ZodNumber" };
}
