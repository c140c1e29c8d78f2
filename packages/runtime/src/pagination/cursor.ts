// Opaque pagination cursors (2026-07-28 server/utilities/pagination). The cursor encodes the
// list it belongs to and an offset; anything else, including a cursor of another list, is
// -32602 "invalid cursor" as the spec recommends.
import { invalidParams } from "../core/jsonrpc/errors.js";
import { fromBase64urlStrict, fromUtf8, textToBase64url } from "../platform/bytes.js";

export function encodeCursor(list: string, offset: number): string {
  return textToBase64url(`${list}:${offset}`);
}

export function decodeCursor(list: string, cursor: unknown, total: number): number {
  if (typeof cursor !== "string") throw invalidParams("Invalid params: cursor must be a string");
  const bytes = fromBase64urlStrict(cursor);
  const text = bytes === undefined ? "" : fromUtf8(bytes);
  const prefix = `${list}:`;
  if (!text.startsWith(prefix)) throw invalidParams("Invalid params: invalid cursor");
  const digits = text.slice(prefix.length);
  if (!/^\d{1,9}$/.test(digits)) throw invalidParams("Invalid params: invalid cursor");
  const offset = Number(digits);
  if (offset <= 0 || offset >= total || encodeCursor(list, offset) !== cursor) throw invalidParams("Invalid params: invalid cursor");
  return offset;
}
