// Server-minted handles: opaque ids a tool returns and a later call takes back. They are signed
// with HMAC-SHA256 and carry their kind, expiry and (optionally) a keyed tag of the caller that
// minted them, so a forged, altered, foreign-kind, expired or someone else's handle is detected
// without server-side storage (any instance with the key can verify).
// Wire form: `h1.<kind>.<base64url(payload)>.<base64url(mac)>`.
import { createHmac, timingSafeEqual } from "node:crypto";
import { decodeBase64urlStrict } from "../mrtr/base64url.js";

export interface HandleKindDefinition {
  /** Lifetime of a minted handle in milliseconds. */
  ttlMs: number;
  description?: string;
}

export class HandleError extends Error {
  readonly reason: "malformed" | "forged" | "wrong_kind" | "expired" | "unknown_kind" | "wrong_caller";
  constructor(reason: HandleError["reason"], message: string) {
    super(message);
    this.name = "HandleError";
    this.reason = reason;
  }
}

export interface HandleCodec {
  /**
   * Mints a handle of a declared kind wrapping a small JSON value (e.g. a database id). With a
   * caller (an opaque principal string) the handle only opens for that same caller.
   */
  mint(kind: string, value: unknown, caller?: string): string;
  /** Verifies a handle and returns the wrapped value; throws HandleError otherwise. */
  open(kind: string, handle: unknown, caller?: string): unknown;
}

/** Binds a codec to one caller, as handed to handlers (ctx.handles). */
export function bindHandleCodec(codec: HandleCodec, caller: string | undefined): HandleCodec {
  if (caller === undefined) return codec;
  return {
    mint: (kind, value) => codec.mint(kind, value, caller),
    open: (kind, handle) => codec.open(kind, handle, caller),
  };
}

export function createHandleCodec(
  key: Buffer,
  kinds: Readonly<Record<string, HandleKindDefinition>>,
  now: () => number = Date.now,
): HandleCodec {
  const sign = (text: string): Buffer => createHmac("sha256", key).update(`handle:${text}`).digest();
  const callerTag = (caller: string): string => createHmac("sha256", key).update(`caller:${caller}`).digest("base64url").slice(0, 22);
  const kindOf = (kind: string): HandleKindDefinition => {
    const def = kinds[kind];
    if (def === undefined || !Object.hasOwn(kinds, kind)) throw new HandleError("unknown_kind", `unknown handle kind '${kind}'`);
    return def;
  };
  return {
    mint(kind, value, caller) {
      const def = kindOf(kind);
      const payload: { v: unknown; e: number; c?: string } = { v: value ?? null, e: now() + def.ttlMs };
      if (caller !== undefined) payload.c = callerTag(caller);
      const body = Buffer.from(JSON.stringify(payload), "utf8").toString("base64url");
      const unsigned = `h1.${kind}.${body}`;
      return `${unsigned}.${sign(unsigned).toString("base64url")}`;
    },
    open(kind, handle, caller) {
      kindOf(kind);
      if (typeof handle !== "string") throw new HandleError("malformed", `expected a ${kind} handle string`);
      const parts = handle.split(".");
      if (parts.length !== 4 || parts[0] !== "h1") throw new HandleError("malformed", `not a ${kind} handle`);
      const [, handleKind = "", body = "", signature = ""] = parts;
      const expected = sign(`h1.${handleKind}.${body}`);
      // Only the canonical spelling of the MAC counts (no padding, no stray bits or characters).
      const given = decodeBase64urlStrict(signature);
      if (given === undefined || given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new HandleError("forged", `the ${kind} handle was not issued by this server or was altered`);
      }
      if (handleKind !== kind) throw new HandleError("wrong_kind", `expected a ${kind} handle, got a ${handleKind} handle`);
      const bytes = decodeBase64urlStrict(body);
      if (bytes === undefined) throw new HandleError("malformed", `not a ${kind} handle`);
      const payload = JSON.parse(bytes.toString("utf8")) as { v: unknown; e: number; c?: string };
      if (payload.e < now()) throw new HandleError("expired", `the ${kind} handle has expired; obtain a new one`);
      if (payload.c !== undefined && (caller === undefined || payload.c !== callerTag(caller))) {
        throw new HandleError("wrong_caller", `the ${kind} handle belongs to another caller`);
      }
      return payload.v;
    },
  };
}
