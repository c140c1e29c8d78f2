// The recursion point of the zod emitter. Keyword emitters (array, object, union, …) emit their
// subschemas through `emitSchema` here instead of importing schema.ts, which imports them: the
// dispatcher registers itself once at load, and the module graph stays acyclic
// (test/architecture/imports.test.ts).
import type { EmitContext } from "./context.js";
import type { ZodExpr } from "./expr.js";

export type EmitSchema = (node: unknown, at: readonly string[], ctx: EmitContext) => ZodExpr;

let dispatcher: EmitSchema | undefined;

export function registerEmitSchema(emit: EmitSchema): void {
  dispatcher = emit;
}

export function emitSchema(node: unknown, at: readonly string[], ctx: EmitContext): ZodExpr {
  if (dispatcher === undefined) throw new Error("the zod emitter's dispatcher (emit/zod/schema.ts) is not loaded");
  return dispatcher(node, at, ctx);
}
