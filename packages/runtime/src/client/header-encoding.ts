// Header value encoding for `Mcp-Name` and `Mcp-Param-*`
// [S26:basic/transports/streamable-http § Value Encoding].
//
// A value goes out as-is only when it is plain header-safe ASCII: visible characters
// 0x21–0x7E plus inner spaces. Anything else (non-ASCII, control characters including
// tab/CR/LF, leading or trailing whitespace, the empty-looking edge cases) is sent as
// `=?base64?<base64 of UTF-8>?=`. A plain value that already looks like the sentinel is
// encoded too, otherwise a server would decode it into something the caller never sent.

const SENTINEL_PREFIX = "=?base64?";
const SENTINEL_SUFFIX = "?=";

function isPlainHeaderSafe(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    // Tab is legal in RFC 9110 field values, but the spec lists it among the characters
    // that need encoding (conformance: a leading tab must be Base64), so only 0x20–0x7E pass.
    if (code < 0x20 || code > 0x7e) return false;
  }
  // Leading/trailing spaces would be stripped by HTTP field parsing.
  return value === value.trim();
}

export function looksLikeSentinel(value: string): boolean {
  return value.startsWith(SENTINEL_PREFIX) && value.endsWith(SENTINEL_SUFFIX) && value.length >= SENTINEL_PREFIX.length + SENTINEL_SUFFIX.length;
}

/** Encode one header value per the spec's rules. */
export function encodeHeaderValue(value: string): string {
  if (isPlainHeaderSafe(value) && !looksLikeSentinel(value)) return value;
  return `${SENTINEL_PREFIX}${Buffer.from(value, "utf8").toString("base64")}${SENTINEL_SUFFIX}`;
}

/** Inverse of encodeHeaderValue (used by tests and by anyone inspecting mirrored headers). */
export function decodeHeaderValue(value: string): string {
  if (!looksLikeSentinel(value)) return value;
  return Buffer.from(value.slice(SENTINEL_PREFIX.length, -SENTINEL_SUFFIX.length), "base64").toString("utf8");
}

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
