// Client side of the header value rules for `Mcp-Param-*`
// [S26:basic/transports/streamable-http § Value Encoding]: which argument values become a
// header at all, and in what text form. The Base64 sentinel codec itself is shared with the
// server (core/headers/value.ts), so both sides agree on exactly one encoding.
import { encodeHeaderValue } from "../core/headers/value.js";

/**
 * Convert a tool argument to its header form, or undefined when the header must be
 * omitted (absent or null value [§ Client Behavior step 3]). Integers go out in decimal,
 * booleans as lowercase words, strings verbatim before encoding.
 */
export function headerValueFor(argument: unknown): string | undefined {
  if (argument === undefined || argument === null) return undefined;
  if (typeof argument === "string") return encodeHeaderValue(argument);
  if (typeof argument === "boolean") return argument ? "true" : "false";
  if (typeof argument === "number" && Number.isFinite(argument)) return encodeHeaderValue(String(argument));
  if (typeof argument === "bigint") return argument.toString(10);
  // Objects/arrays cannot be annotated (the tool would have been dropped); never guess.
  return undefined;
}
