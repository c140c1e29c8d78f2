// requestState codec (2026-07-28 basic/patterns/mrtr § Server Requirements S6/S7): the state is
// signed (HMAC-SHA256), expiring, and bound to the originating method plus a digest of the
// salient params, so a state minted for one call cannot be replayed against another. It is
// signed, not encrypted: clients can read the payload, so it must never carry secrets.
// Wire form: `s1.<base64url(payload JSON)>.<base64url(mac)>`.
import { invalidParams, type RpcError } from "../core/jsonrpc/errors.js";
import type { JsonObject } from "../core/jsonrpc/message.js";
import { fromBase64urlStrict, fromUtf8, textToBase64url, toBase64url } from "../platform/bytes.js";
import { HmacSha256, sha256Base64url } from "../platform/web-crypto.js";

const VERSION = "s1";

export interface StatePayload {
  /** Answers gathered in earlier rounds, keyed like inputRequests. */
  answers: JsonObject;
  /** Handler-owned data carried across rounds. */
  data?: unknown;
}

interface SealedPayload {
  m: string;
  d: string;
  e: number;
  a: JsonObject;
  u?: unknown;
}

/** Asynchronous because Web Crypto's HMAC is (no node:crypto on the runtime-neutral subpaths). */
export interface RequestStateCodec {
  seal(method: string, paramsDigest: string, payload: StatePayload): Promise<string>;
  /** Rejects with invalidRequestState() unless the token is intact, unexpired and bound to this request. */
  open(token: unknown, method: string, paramsDigest: string): Promise<StatePayload>;
}

export function invalidRequestState(): RpcError {
  return invalidParams("Invalid params: invalid or expired requestState", { reason: "invalid_request_state" });
}

export function createRequestStateCodec(key: Uint8Array, ttlMs: number, now: () => number = Date.now): RequestStateCodec {
  const hmac = new HmacSha256(key);
  return {
    async seal(method, paramsDigest, payload) {
      const sealed: SealedPayload = { m: method, d: paramsDigest, e: now() + ttlMs, a: payload.answers };
      if (payload.data !== undefined) sealed.u = payload.data;
      const body = textToBase64url(JSON.stringify(sealed));
      return `${VERSION}.${body}.${toBase64url(await hmac.sign(`${VERSION}.${body}`))}`;
    },
    async open(token, method, paramsDigest) {
      if (typeof token !== "string") throw invalidRequestState();
      const parts = token.split(".");
      if (parts.length !== 3 || parts[0] !== VERSION) throw invalidRequestState();
      const [, body = "", signature = ""] = parts;
      const given = fromBase64urlStrict(signature);
      // The MAC is checked first and in constant time; nothing in the payload is trusted before.
      if (given === undefined || !(await hmac.verify(`${VERSION}.${body}`, given))) throw invalidRequestState();
      const payload = fromBase64urlStrict(body);
      if (payload === undefined) throw invalidRequestState();
      let sealed: SealedPayload;
      try {
        sealed = JSON.parse(fromUtf8(payload)) as SealedPayload;
      } catch {
        throw invalidRequestState();
      }
      if (sealed.m !== method || sealed.d !== paramsDigest || typeof sealed.e !== "number" || sealed.e < now()) {
        throw invalidRequestState();
      }
      return sealed.u === undefined ? { answers: sealed.a ?? {} } : { answers: sealed.a ?? {}, data: sealed.u };
    },
  };
}

/** Params that identify the request, i.e. everything but the per-attempt MRTR and envelope fields. */
const VOLATILE_PARAMS = new Set(["_meta", "inputResponses", "requestState"]);

/** Stable digest of the salient params: key order does not matter, retry-only fields are excluded. */
export async function digestParams(params: JsonObject | undefined): Promise<string> {
  const salient: JsonObject = {};
  if (params) for (const key of Object.keys(params).sort()) if (!VOLATILE_PARAMS.has(key)) salient[key] = params[key];
  return (await sha256Base64url(canonicalJson(salient))).slice(0, 22);
}

type Frame = { array: readonly unknown[]; next: number } | { object: JsonObject; keys: string[]; next: number };

/**
 * JSON with sorted keys. Iterative, with its own stack: arguments nested thousands of levels
 * deep (the body parser accepts them) overflowed the recursive version (issue 21 #12: -32603 at
 * 2,413 levels). Output is unchanged: `[a,b]`, `{"k":v}` in key order, primitives as JSON.
 */
function canonicalJson(root: unknown): string {
  const out: string[] = [];
  const stack: Frame[] = [];
  let value = root;
  for (;;) {
    if (Array.isArray(value)) {
      out.push("[");
      stack.push({ array: value, next: 0 });
    } else if (typeof value === "object" && value !== null) {
      out.push("{");
      stack.push({ object: value as JsonObject, keys: Object.keys(value).sort(), next: 0 });
    } else {
      out.push(JSON.stringify(value) ?? "null");
    }
    // Close finished containers until one has a next member, which becomes `value`.
    for (;;) {
      const top = stack[stack.length - 1];
      if (top === undefined) return out.join("");
      if ("array" in top) {
        if (top.next < top.array.length) {
          if (top.next > 0) out.push(",");
          value = top.array[top.next++];
          break;
        }
        out.push("]");
      } else {
        if (top.next < top.keys.length) {
          if (top.next > 0) out.push(",");
          const key = top.keys[top.next++]!;
          out.push(JSON.stringify(key), ":");
          value = top.object[key];
          break;
        }
        out.push("}");
      }
      stack.pop();
    }
  }
}
