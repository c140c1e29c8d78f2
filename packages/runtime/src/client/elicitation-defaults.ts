// Fill omitted fields of an accepted form elicitation from the requested schema's defaults
// (SEP-1034, [S25:client/elicitation § Requested Schema]: primitive properties may carry
// `default`, and a client SHOULD pre-populate them). Applied after the user's handler so a
// handler that only returns what the user touched still yields a complete answer.

import { isPlainObject } from "../core/jsonrpc/message.js";

export function applyElicitationDefaults(requestedSchema: unknown, content: Record<string, unknown> | undefined): Record<string, unknown> {
  const filled: Record<string, unknown> = { ...(content ?? {}) };
  if (!isPlainObject(requestedSchema) || !isPlainObject(requestedSchema["properties"])) return filled;
  for (const [name, property] of Object.entries(requestedSchema["properties"])) {
    if (Object.hasOwn(filled, name) || !isPlainObject(property) || !("default" in property)) continue;
    filled[name] = property["default"];
  }
  return filled;
}
