// Header value codec for Mcp-Name and Mcp-Param-* (2026-07-28 streamable-http § Value Encoding).
// A value wrapped exactly as `=?base64?<standard Base64>?=` is the UTF-8 text it encodes; any
// other value is literal, including one that only starts or only ends like the sentinel.
import { HEADER_MISMATCH } from "../jsonrpc/codes.js";
import { RpcError } from "../jsonrpc/errors.js";

const PREFIX = "=?base64?";
const SUFFIX = "?=";
const STRICT_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

// TextEncoder/TextDecoder and atob/btoa instead of Buffer: the core stays runtime-neutral.
// ignoreBOM keeps a leading U+FEFF as text (a decoder would otherwise drop it); fatal rejects
// byte sequences that are not UTF-8 instead of replacing them.
const UTF8_DECODER = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const UTF8_ENCODER = new TextEncoder();

function base64ToText(body: string): string | undefined {
  const binary = atob(body);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  try {
    return UTF8_DECODER.decode(bytes);
  } catch {
    return undefined;
  }
}

function textToBase64(value: string): string {
  let binary = "";
  for (const byte of UTF8_ENCODER.encode(value)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function headerError(message: string): RpcError {
  return new RpcError(HEADER_MISMATCH, `Header mismatch: ${message}`, undefined, 400);
}

/**
 * Decodes one header value after trimming optional whitespace (RFC 9110 § 5.5). Strict Base64:
 * wrong padding or a character outside the alphabet is -32020, never a lenient decode.
 */
export function decodeHeaderValue(raw: string, headerName: string): string {
  const value = raw.trim();
  if (value.length < PREFIX.length + SUFFIX.length || !value.startsWith(PREFIX) || !value.endsWith(SUFFIX)) return value;
  const body = value.slice(PREFIX.length, value.length - SUFFIX.length);
  if (!STRICT_BASE64.test(body)) throw headerError(`${headerName} carries malformed Base64`);
  const text = base64ToText(body);
  if (text === undefined) throw headerError(`${headerName} Base64 is not valid UTF-8`);
  return text;
}

/** Whether a value must travel Base64-wrapped: not plain visible ASCII, edge whitespace, or sentinel look-alike. */
export function needsBase64(value: string): boolean {
  if (value.length === 0) return false;
  if (value !== value.trim()) return true;
  if (value.startsWith(PREFIX) && value.endsWith(SUFFIX)) return true;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || c > 0x7e) return true;
  }
  return false;
}

export function encodeHeaderValue(value: string): string {
  return needsBase64(value) ? `${PREFIX}${textToBase64(value)}${SUFFIX}` : value;
}
