// Typed handler contexts for generated code: the runtime's HandlerContext, plus the
// generated `ask.<key>()` helpers and typed handle helpers, without copying the context
// (its `state` getter and methods must stay live, so the base is the prototype).
import type { HandlerContext } from "../server/definition.js";

/** The context every generated handler gets: the runtime context without the untyped ask API. */
export type BaseContext = Omit<HandlerContext, "ask" | "askAll" | "canAsk">;

export type Awaitable<T> = T | Promise<T>;

/** Builds a generated context type `Ctx` from the runtime context and the members `Ctx` adds. */
export function extendContext<Ctx extends BaseContext>(ctx: HandlerContext, extra: Omit<Ctx, keyof BaseContext>): Ctx {
  return Object.assign(Object.create(ctx) as object, extra) as Ctx;
}
