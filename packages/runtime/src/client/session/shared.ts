// Small helpers both era sessions use.
import type { HandlerSettings } from "../handlers.js";
import type { SessionContext } from "./types.js";

export function handlerSettings(context: SessionContext): HandlerSettings {
  const apply = context.options.applyElicitationDefaults;
  return apply === undefined ? {} : { applyElicitationDefaults: apply };
}
