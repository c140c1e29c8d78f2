// `const`: exactly one JSON value.

import type { EmitContext } from "./context.js";
import { NEVER, type ZodExpr } from "./expr.js";
import { valueSetExpr } from "./enum.js";

export function emitConst(
  node: Record<string, unknown>,
  ctx: EmitContext,
  allowed?: (value: unknown) => boolean,
): ZodExpr {
  const value = node["const"];
  if (allowed && !allowed(value)) return NEVER;
  return valueSetExpr([value], ctx);
}
