// Server-minted handles: opaque ids a tool returns and a later call takes back. They are signed
// with HMAC-SHA256 and carry their kind and expiry, so a forged, altered, foreign-kind or expired
// handle is detected without server-side storage (any instance with the key can verify).
// Wire form: `h1.<kind>.<base64url(payload)>.<base64url(mac)>`.
import { createHmac, timingSafeEqual } from "node:crypto";

export interface HandleKindDefinition {
  /** Lifetime of a minted handle in milliseconds. */
  ttlMs: number;
  description?: string;
}

export class HandleError extends Error {
  readonly reason: "malformed" | "forged" | "wrong_kind" | "expired" | "unknown_kind";
  constructor(reason: HandleError["reason"], message: string) {
    super(message);
    this.name = "HandleError";
    this.reason = reason;
  }
}

export interface HandleCodec {
  /** Mints a handle of a declared kind wrapping a small JSON value (e.g. a database id). */
  mint(kind: string, value: unknown): string;
  /** Verifies a handle and returns the wrapped value; throws HandleError otherwise. */
  open(kind: string, handle: unknown): unknown;
}

export function createHandleCodec(
  key: Buffer,
  kinds: Readonly<Record<string, HandleKindDefinition>>,
  now: () => number = Date.now,
): HandleCodec {
  const sign = (text: string): Buffer => createHmac("sha256", key).update(`handle:${text}`).digest();
  const kindOf = (kind: string): HandleKindDefinition => {
    const def = kinds[kind];
    if (def === undefined || !Object.hasOwn(kinds, kind)) throw new HandleError("unknown_kind", `unknown handle kind '${kind}'`);
    return def;
  };
  return {
    mint(kind, value) {
      const def = kindOf(kind);
      const body = Buffer.from(JSON.stringify({ v: value ?? null, e: now() + def.ttlMs }), "utf8").toString("base64url");
      const unsigned = `h1.${kind}.${body}`;
      return `${unsigned}.${sign(unsigned).toString("base64url")}`;
    },
    open(kind, handle) {
      kindOf(kind);
      if (typeof handle !== "string") throw new HandleError("malformed", `expected a ${kind} handle string`);
      const parts = handle.split(".");
      if (parts.length !== 4 || parts[0] !== "h1") throw new HandleError("malformed", `not a ${kind} handle`);
      const [, handleKind = "", body = "", signature = ""] = parts;
      const expected = sign(`h1.${handleKind}.${body}`);
      const given = Buffer.from(signature, "base64url");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new HandleError("forged", `the ${kind} handle was not issued by this server or was altered`);
      }
      if (handleKind !== kind) throw new HandleError("wrong_kind", `expected a ${kind} handle, got a ${handleKind} handle`);
      const payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as { v: unknown; e: number };
      if (payload.e < now()) throw new HandleError("expired", `the ${kind} handle has expired; obtain a new one`);
      return payload.v;
    },
  };
}
