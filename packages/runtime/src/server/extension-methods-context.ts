// The typed context of generated extension-method handlers: the handler's usual context plus
// `emit.<identifier>(params)`, one sender per declared server→client notification (each one
// `ctx.notify` under its method name). The runtime context stays the prototype, as in
// generated-support/context.ts, so its getters remain live.
import type { JsonObject } from "../core/jsonrpc/message.js";
import type { ServerHandlerContext } from "./definition.js";

/**
 * Returns the function that turns a handler's context into `Ctx`. `notifications` maps each
 * sender's identifier to its method name; `base` first builds another typed context (handles).
 */
export function extensionContext<Ctx>(
  notifications: Readonly<Record<string, string>>,
  base?: (ctx: ServerHandlerContext) => object,
): (ctx: ServerHandlerContext) => Ctx {
  const entries = Object.entries(notifications);
  return (ctx) => {
    const emit: Record<string, (params: JsonObject) => boolean> = {};
    for (const [identifier, method] of entries) emit[identifier] = (params) => ctx.notify(method, params);
    return Object.assign(Object.create(base ? base(ctx) : ctx) as object, { emit }) as Ctx;
  };
}
