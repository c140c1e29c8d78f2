// `not` and `if`/`then`/`else`, as refinements on the rest of the schema.
//
// DECISION: zod has no negation or conditional builder; both are exact as predicates
// over the subschemas' verdicts (2020-12 core §10.2.1.4, §10.2.2). `if` without `then`
// and `else` only produces annotations, so it adds no check.

import { chain, NEVER, type ZodExpr } from "./expr.js";
import type { EmitContext } from "./context.js";
import { emitSchema } from "./recurse.js";
import { call } from "./writer.js";

export function applyConditionals(
  node: Record<string, unknown>,
  at: readonly string[],
  ctx: EmitContext,
  base: ZodExpr,
): ZodExpr {
  let expr = base;
  if (node["not"] !== undefined) {
    const negated = emitSchema(node["not"], [...at, "not"], ctx);
    // `not: {}` / `not: true` accepts nothing at all.
    if (negated.isUnknown === true) return NEVER;
    const check =
      negated.code === "z.never()"
        ? undefined
        : `.refine(${ctx.helper("notMatching")}(${negated.code}), "Must not match the 'not' schema")`;
    if (check) expr = chain(expr, check);
  }
  if (node["if"] !== undefined && (node["then"] !== undefined || node["else"] !== undefined)) {
    const condition = emitSchema(node["if"], [...at, "if"], ctx);
    const then = node["then"] === undefined ? "undefined" : emitSchema(node["then"], [...at, "then"], ctx).code;
    const otherwise = node["else"] === undefined ? "undefined" : emitSchema(node["else"], [...at, "else"], ctx).code;
    expr = chain(
      expr,
      `.refine(${call(ctx.helper("ifThenElse"), [condition.code, then, otherwise])}, "Failed the if/then/else condition")`,
    );
  }
  return expr;
}
