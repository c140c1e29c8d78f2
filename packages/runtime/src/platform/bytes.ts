// Bytes and their text forms without Buffer (a Node global that Workers without nodejs_compat
// and browsers lack): UTF-8 through TextEncoder/TextDecoder, base64 through btoa/atob, random
// bytes through crypto.getRandomValues. Everything the server and client subpaths encode goes here.

const ENCODER = new TextEncoder();
const DECODER = new TextDecoder();
const BASE64URL = /^[A-Za-z0-9_-]*$/;
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
/** String.fromCharCode takes its bytes as arguments; chunks keep the argument list bounded. */
const CHUNK = 0x8000;

export function utf8(text: string): Uint8Array<ArrayBuffer> {
  return ENCODER.encode(text);
}

export function fromUtf8(bytes: Uint8Array): string {
  return DECODER.decode(bytes);
}

// PERFORMANCE: apply takes the typed array as it is; a spread would iterate it (3× slower).
const fromCharCodes = (bytes: Uint8Array): string => String.fromCharCode.apply(null, bytes as unknown as number[]);

function binaryOf(bytes: Uint8Array): string {
  if (bytes.length <= CHUNK) return fromCharCodes(bytes);
  let binary = "";
  for (let i = 0; i < bytes.length; i += CHUNK) binary += fromCharCodes(bytes.subarray(i, i + CHUNK));
  return binary;
}

/** Standard base64 with padding (RFC 4648 § 4). */
export function toBase64(bytes: Uint8Array): string {
  return btoa(binaryOf(bytes));
}

/** base64url without padding (RFC 4648 § 5), as JOSE and the signed tokens use it. */
export function toBase64url(bytes: Uint8Array): string {
  const base64 = toBase64(bytes);
  let end = base64.length;
  while (end > 0 && base64.charCodeAt(end - 1) === 61 /* = */) end--;
  return base64.slice(0, end).replace(/\+/g, "-").replace(/\//g, "_");
}

export function textToBase64url(text: string): string {
  return toBase64url(utf8(text));
}

/**
 * The bytes `text` encodes, or undefined unless `text` is exactly their canonical base64url (no
 * padding, no stray character, no unused low bits set): one spelling per value, so a signed
 * token cannot be re-spelled (issue 21 #12).
 */
export function fromBase64urlStrict(text: string): Uint8Array<ArrayBuffer> | undefined {
  const tail = text.length % 4;
  if (tail === 1 || !BASE64URL.test(text)) return undefined;
  // The last character of a 2- or 3-character group carries 4 or 2 unused bits: they must be 0.
  if (tail !== 0 && (ALPHABET.indexOf(text[text.length - 1] as string) & (tail === 2 ? 0x0f : 0x03)) !== 0) return undefined;
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function toHex(bytes: Uint8Array): string {
  let hex = "";
  for (const byte of bytes) hex += (byte < 16 ? "0" : "") + byte.toString(16);
  return hex;
}

export function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(length));
}

/** `length` random bytes as base64url: ids and nonces that must be unguessable. */
export function randomBase64url(length: number): string {
  return toBase64url(randomBytes(length));
}

export function randomHex(length: number): string {
  return toHex(randomBytes(length));
}

export function textToBase64(text: string): string {
  return toBase64(utf8(text));
}
