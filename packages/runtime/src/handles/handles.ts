// Server-minted handles: opaque ids a tool returns and a later call takes back. They are signed
// with HMAC-SHA256 and carry their kind, expiry and (optionally) a keyed tag of the caller that
// minted them, so a forged, altered, foreign-kind, expired or someone else's handle is detected
// without server-side storage (any instance with the key can verify).
// Wire form: `h1.<kind>.<base64url(payload)>.<base64url(mac)>`.
import { fromBase64urlStrict, fromUtf8, textToBase64url, toBase64url } from "../platform/bytes.js";
import { HmacSha256 } from "../platform/web-crypto.js";

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
  mint(kind: string, value: unknown, caller?: string): Promise<string>;
  /** Verifies a handle and resolves to the wrapped value; rejects with HandleError otherwise. */
  open(kind: string, handle: unknown, caller?: string): Promise<unknown>;
}

/** Binds a codec to one caller, as handed to handlers (ctx.handles). */
export function bindHandleCodec(codec: HandleCodec, caller: string | undefined): HandleCodec {
  if (caller === undefined) return codec;
  return {
    mint: (kind, value) => codec.mint(kind, value, caller),
    open: (kind, handle) => codec.open(kind, handle, caller),
  };
}

/**
 * DECISION: mint and open are asynchronous because Web Crypto's HMAC is (the runtime-neutral
 * subpaths import no node:crypto, so they run on Workers without nodejs_compat and in browsers).
 */
export function createHandleCodec(
  key: Uint8Array,
  kinds: Readonly<Record<string, HandleKindDefinition>>,
  now: () => number = Date.now,
): HandleCodec {
  const hmac = new HmacSha256(key);
  const callerTag = async (caller: string): Promise<string> => toBase64url(await hmac.sign(`caller:${caller}`)).slice(0, 22);
  const kindOf = (kind: string): HandleKindDefinition => {
    const def = kinds[kind];
    if (def === undefined || !Object.hasOwn(kinds, kind)) throw new HandleError("unknown_kind", `unknown handle kind '${kind}'`);
    return def;
  };
  return {
    async mint(kind, value, caller) {
      const def = kindOf(kind);
      const payload: { v: unknown; e: number; c?: string } = { v: value ?? null, e: now() + def.ttlMs };
      if (caller !== undefined) payload.c = await callerTag(caller);
      const unsigned = `h1.${kind}.${textToBase64url(JSON.stringify(payload))}`;
      return `${unsigned}.${toBase64url(await hmac.sign(`handle:${unsigned}`))}`;
    },
    async open(kind, handle, caller) {
      kindOf(kind);
      if (typeof handle !== "string") throw new HandleError("malformed", `expected a ${kind} handle string`);
      const parts = handle.split(".");
      if (parts.length !== 4 || parts[0] !== "h1") throw new HandleError("malformed", `not a ${kind} handle`);
      const [, handleKind = "", body = "", signature = ""] = parts;
      // Only the canonical spelling of the MAC counts (no padding, no stray bits or characters).
      const given = fromBase64urlStrict(signature);
      if (given === undefined || !(await hmac.verify(`handle:h1.${handleKind}.${body}`, given))) {
        throw new HandleError("forged", `the ${kind} handle was not issued by this server or was altered`);
      }
      if (handleKind !== kind) throw new HandleError("wrong_kind", `expected a ${kind} handle, got a ${handleKind} handle`);
      const bytes = fromBase64urlStrict(body);
      if (bytes === undefined) throw new HandleError("malformed", `not a ${kind} handle`);
      const payload = JSON.parse(fromUtf8(bytes)) as { v: unknown; e: number; c?: string };
      if (payload.e < now()) throw new HandleError("expired", `the ${kind} handle has expired; obtain a new one`);
      if (payload.c !== undefined && (caller === undefined || payload.c !== (await callerTag(caller)))) {
        throw new HandleError("wrong_caller", `the ${kind} handle belongs to another caller`);
      }
      return payload.v;
    },
  };
}
