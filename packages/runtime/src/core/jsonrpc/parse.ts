import { PARSE_ERROR } from "./codes.js";
import { RpcError } from "./errors.js";

/**
 * Decodes a JSON text. PROTOTYPE SAFETY: JSON.parse itself only creates own properties, but
 * downstream validators (zod assigns keys one by one) would turn an own `__proto__` key into a
 * prototype swap. Such keys are dropped here, once, so no later copy can pollute anything. The
 * reviver only runs when the text mentions the key, keeping the common path at native speed.
 */
export function parseJsonText(text: string): unknown {
  try {
    if (text.includes("__proto__")) return JSON.parse(text, dropProtoKeys);
    return JSON.parse(text);
  } catch {
    throw new RpcError(PARSE_ERROR, "Parse error: body is not valid JSON", undefined, 400);
  }
}

function dropProtoKeys(key: string, value: unknown): unknown {
  return key === "__proto__" ? undefined : value;
}
