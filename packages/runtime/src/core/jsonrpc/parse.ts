import { PARSE_ERROR } from "./codes.js";
import { RpcError } from "./errors.js";

/**
 * Decodes a JSON text. PROTOTYPE SAFETY: JSON.parse itself only creates own properties, but
 * downstream validators (zod assigns keys one by one) would turn an own `__proto__` key into a
 * prototype swap. Such keys are dropped here, once, so no later copy can pollute anything. The
 * reviver only runs when the text might spell the key, keeping the common path at native speed:
 * literally, or with one of its letters escaped (`\u005f\u005fproto__`, issue 21 #12); the
 * reviver sees the decoded key either way.
 */
export function parseJsonText(text: string): unknown {
  try {
    return decodeJsonSafely(text);
  } catch {
    throw new RpcError(PARSE_ERROR, "Parse error: body is not valid JSON", undefined, 400);
  }
}

/** JSON.parse without `__proto__` keys; throws JSON.parse's SyntaxError (the client's frame decoder uses it too). */
export function decodeJsonSafely(text: string): unknown {
  if (text.includes("__proto__") || (text.includes("\\u") && ESCAPED_PROTO_LETTER.test(text))) return JSON.parse(text, dropProtoKeys);
  return JSON.parse(text);
}

/** A `\uXXXX` escape of `_`, `p`, `r`, `o` or `t`, any hex case. */
const ESCAPED_PROTO_LETTER = /\\u00(?:5[fF]|6[fF]|7[024])/;

function dropProtoKeys(key: string, value: unknown): unknown {
  return key === "__proto__" ? undefined : value;
}
