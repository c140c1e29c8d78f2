// Typed handler contexts for generated code: the runtime's ServerHandlerContext, plus the
// generated `ask.<key>()` helpers and typed handle helpers, without copying the context
// (its `state` getter and methods must stay live, so the base is the prototype).
import type { JsonObject } from "../core/jsonrpc/message.js";
import type { ServerHandlerContext } from "../server/definition.js";

/** The context every generated handler gets: the runtime context without the untyped ask API. */
export type BaseContext = Omit<ServerHandlerContext, "ask" | "askAll" | "canAsk">;

export type Awaitable<T> = T | Promise<T>;

/** Builds a generated context type `Ctx` from the runtime context and the members `Ctx` adds. */
export function extendContext<Ctx extends BaseContext>(ctx: ServerHandlerContext, extra: Omit<Ctx, keyof BaseContext>): Ctx {
  return Object.assign(Object.create(ctx) as object, extra) as Ctx;
}

/**
 * Asks several declared inputs in ONE round (modern: one input_required carrying every missing
 * key; legacy: the requests in turn) and converts each raw answer with the generated converter.
 */
export async function askAllTyped(
  ctx: ServerHandlerContext,
  requests: Readonly<Record<string, unknown>>,
  convert: Readonly<Record<string, (raw: JsonObject) => unknown>>,
): Promise<Record<string, unknown>> {
  const raw = await ctx.askAll(requests as Record<string, JsonObject | undefined>);
  const answers: Record<string, unknown> = {};
  for (const key of Object.keys(requests)) {
    const converter = convert[key];
    const value = raw[key];
    if (converter === undefined || value === undefined) throw new Error(`no answer for input request '${key}'`);
    answers[key] = converter(value);
  }
  return answers;
}
