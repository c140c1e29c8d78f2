// Opaque pagination cursors (2026-07-28 server/utilities/pagination). The cursor encodes the
// list it belongs to and an offset; anything else, including a cursor of another list, is
// -32602 "invalid cursor" as the spec recommends.
import { invalidParams } from "../core/jsonrpc/errors.js";

export function encodeCursor(list: string, offset: number): string {
  return Buffer.from(`${list}:${offset}`, "utf8").toString("base64url");
}

export function decodeCursor(list: string, cursor: unknown, total: number): number {
  if (typeof cursor !== "string") throw invalidParams("Invalid params: cursor must be a string");
  const text = Buffer.from(cursor, "base64url").toString("utf8");
  const prefix = `${list}:`;
  if (!text.startsWith(prefix)) throw invalidParams("Invalid params: invalid cursor");
  const digits = text.slice(prefix.length);
  if (!/^\d{1,9}$/.test(digits)) throw invalidParams("Invalid params: invalid cursor");
  const offset = Number(digits);
  if (offset <= 0 || offset >= total || encodeCursor(list, offset) !== cursor) throw invalidParams("Invalid params: invalid cursor");
  return offset;
}
