// requestState codec (2026-07-28 basic/patterns/mrtr § Server Requirements S6/S7): the state is
// signed (HMAC-SHA256), expiring, and bound to the originating method plus a digest of the
// salient params, so a state minted for one call cannot be replayed against another. It is
// signed, not encrypted: clients can read the payload, so it must never carry secrets.
// Wire form: `s1.<base64url(payload JSON)>.<base64url(mac)>`.
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { invalidParams, type RpcError } from "../core/jsonrpc/errors.js";
import type { JsonObject } from "../core/jsonrpc/message.js";

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

export interface RequestStateCodec {
  seal(method: string, paramsDigest: string, payload: StatePayload): string;
  open(token: unknown, method: string, paramsDigest: string): StatePayload;
}

export function invalidRequestState(): RpcError {
  return invalidParams("Invalid params: invalid or expired requestState", { reason: "invalid_request_state" });
}

export function createRequestStateCodec(key: Buffer, ttlMs: number, now: () => number = Date.now): RequestStateCodec {
  const mac = (text: string): Buffer => createHmac("sha256", key).update(text).digest();
  return {
    seal(method, paramsDigest, payload) {
      const sealed: SealedPayload = { m: method, d: paramsDigest, e: now() + ttlMs, a: payload.answers };
      if (payload.data !== undefined) sealed.u = payload.data;
      const body = Buffer.from(JSON.stringify(sealed), "utf8").toString("base64url");
      return `${VERSION}.${body}.${mac(`${VERSION}.${body}`).toString("base64url")}`;
    },
    open(token, method, paramsDigest) {
      if (typeof token !== "string") throw invalidRequestState();
      const parts = token.split(".");
      if (parts.length !== 3 || parts[0] !== VERSION) throw invalidRequestState();
      const [, body = "", signature = ""] = parts;
      const expected = mac(`${VERSION}.${body}`);
      const given = Buffer.from(signature, "base64url");
      // The MAC is checked first and in constant time; nothing in the payload is trusted before.
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalidRequestState();
      let sealed: SealedPayload;
      try {
        sealed = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as SealedPayload;
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
export function digestParams(params: JsonObject | undefined): string {
  const salient: JsonObject = {};
  if (params) for (const key of Object.keys(params).sort()) if (!VOLATILE_PARAMS.has(key)) salient[key] = params[key];
  return createHash("sha256").update(canonicalJson(salient)).digest("base64url").slice(0, 22);
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as JsonObject)[k])}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
