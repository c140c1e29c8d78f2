// DPoP (RFC 9449): a sender-constrained token (`cnf.jkt`) is only good together with a proof JWT
// signed by the key it is bound to, made for this request. Checked (§4.3): `typ: dpop+jwt`, an
// asymmetric algorithm, the signature by the embedded public `jwk`, that key's thumbprint
// (RFC 7638) = `cnf.jkt`, `htm` = the method, `htu` = the request URL without query and
// fragment, `iat` within the window, `ath` = the token's SHA-256, and `jti` unseen within the
// window (replay, §11.1: a bounded memory of recent jti values).
import { sha256Base64url } from "../platform/web-crypto.js";
import { calculateJwkThumbprint, EmbeddedJWK, jwtVerify, type JWK } from "jose";
import { invalidToken } from "./errors.js";
import type { VerifyRequest } from "./types.js";

import { DPOP_PROOF_ALGORITHMS } from "./metadata.js";

const DPOP_ALGORITHMS = DPOP_PROOF_ALGORITHMS;

/** How old (or how far in the future, for skew) a proof's `iat` may be, in seconds. */
const WINDOW_SEC = 60;
/** jti values remembered; past it the oldest are dropped (they would be out of window anyway soon). */
const MAX_REMEMBERED = 10_000;

export interface ReplayMemory {
  /** False when `jti` was seen within the window; else records it. */
  remember(jti: string, nowSec: number): boolean;
}

export function createReplayMemory(): ReplayMemory {
  const seen = new Map<string, number>();
  return {
    remember(jti, nowSec) {
      const until = seen.get(jti);
      if (until !== undefined && until > nowSec) return false;
      // Map order is insertion order: expired entries sit at the front.
      for (const [key, expiry] of seen) {
        if (expiry > nowSec && seen.size < MAX_REMEMBERED) break;
        seen.delete(key);
      }
      seen.set(jti, nowSec + 2 * WINDOW_SEC);
      return true;
    },
  };
}

function htuOf(url: string): string {
  const parsed = new URL(url);
  parsed.search = "";
  parsed.hash = "";
  return parsed.href;
}

/** Throws invalid_token unless the request carries a valid proof for a token bound to `jkt`. */
export async function checkDpopProof(token: string, jkt: unknown, request: VerifyRequest, replay: ReplayMemory): Promise<void> {
  if (typeof jkt !== "string") throw invalidToken("token bound by an unsupported confirmation method");
  if (request.scheme !== "dpop") throw invalidToken("DPoP-bound token sent without the DPoP scheme");
  const proof = request.header("dpop");
  if (proof === undefined || proof.includes(",")) throw invalidToken("DPoP proof missing (exactly one DPoP header is required)");
  let payload: Record<string, unknown>;
  let jwk: JWK | undefined;
  try {
    const verified = await jwtVerify(proof, EmbeddedJWK, { typ: "dpop+jwt", algorithms: [...DPOP_ALGORITHMS] });
    payload = verified.payload as Record<string, unknown>;
    jwk = verified.protectedHeader.jwk;
  } catch {
    throw invalidToken("invalid DPoP proof");
  }
  if (!jwk || (await calculateJwkThumbprint(jwk)) !== jkt) throw invalidToken("DPoP proof signed by another key than the token is bound to");
  if (payload["htm"] !== request.method) throw invalidToken("DPoP proof made for another method");
  if (typeof payload["htu"] !== "string" || htuOf(payload["htu"]) !== htuOf(request.url)) throw invalidToken("DPoP proof made for another URL");
  const now = Math.floor(Date.now() / 1000);
  const iat = payload["iat"];
  if (typeof iat !== "number" || Math.abs(now - iat) > WINDOW_SEC) throw invalidToken("DPoP proof outside its time window");
  if (payload["ath"] !== (await sha256Base64url(token))) throw invalidToken("DPoP proof made for another token");
  const jti = payload["jti"];
  if (typeof jti !== "string" || jti === "" || !replay.remember(jti, now)) throw invalidToken("DPoP proof replayed");
}

/**
 * The token's sender constraint, if any (RFC 9449 §6: `cnf.jkt`): a bound token needs its proof;
 * an unbound one must not come with the DPoP scheme (§7.1), and is otherwise a plain bearer token.
 */
export async function checkSenderConstraint(token: string, claims: Record<string, unknown>, request: VerifyRequest, replay: ReplayMemory): Promise<void> {
  const cnf = claims["cnf"];
  if (cnf !== undefined && cnf !== null && typeof cnf === "object") return checkDpopProof(token, (cnf as Record<string, unknown>)["jkt"], request, replay);
  if (request.scheme === "dpop") throw invalidToken("DPoP scheme used with a token that is not DPoP-bound");
}
