// The built-in JWT access-token verifier (RFC 9068), on `jose`. Keys come from the issuer's
// `jwks_uri`, found through its metadata (./issuer-metadata.ts) and cached by jose's remote key
// set (./key-sets.ts): an unknown `kid` triggers one refetch, at most once per cooldown, so a
// flood of tokens with invented kids cannot turn into a flood of JWKS requests. Checked:
// signature (algorithm allow-list: asymmetric only, never `none` or HMAC, so a public key cannot
// be used as a shared secret), `iss`, `aud` = the resource (RFC 8707), `exp`/`nbf` with a small
// clock skew, `sub`. Verified tokens are remembered (./token-cache.ts); DPoP proofs never are.
import { decodeJwt, decodeProtectedHeader, errors, jwtVerify, type JWTPayload, type ProtectedHeaderParameters } from "jose";
import { authInfoOf } from "./claims.js";
import { AuthFailure, invalidToken, verifierUnavailable } from "./errors.js";
import { checkSenderConstraint, createReplayMemory } from "./dpop.js";
import { createIssuerDirectory } from "./issuer-metadata.js";
import { createIssuerKeys, type IssuerKeys } from "./key-sets.js";
import { createVerifiedTokenCache, stillValid } from "./token-cache.js";
import type { AuthInfo, TokenVerifier, VerifyRequest } from "./types.js";

export const DEFAULT_JWT_ALGORITHMS: readonly string[] = Object.freeze(["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA", "Ed25519"]);

export interface JwtVerifierOptions {
  /** Accepted issuer(s); each one's metadata names its jwks_uri. */
  issuer: string | readonly string[];
  /** Required audience. Default: the resource identifier of the request (RFC 8707). */
  audience?: string;
  /** JWS algorithms accepted. Default: DEFAULT_JWT_ALGORITHMS. */
  algorithms?: readonly string[];
  /** Clock skew tolerated on exp/nbf/iat, in seconds. Default 30. */
  clockToleranceSec?: number;
  /** Required `typ` header, e.g. "at+jwt" (RFC 9068 §2.1). Default: not checked. */
  typ?: string;
  /** Bound on each metadata or JWKS fetch, in ms. Default 3000. */
  fetchTimeoutMs?: number;
  /** Least time between two JWKS refetches for unknown kids, in ms. Default 30 000. */
  jwksCooldownMs?: number;
  /** Use this jwks_uri instead of discovering it (one issuer only). */
  jwksUri?: string;
  /**
   * Verified tokens remembered, least recently used out first; 0 turns the cache off. A hit
   * still checks exp/nbf against the clock, the audience, and that the signing key is still
   * published. Default 10 000.
   */
  cacheSize?: number;
  /** The clock, in ms since the epoch (exp/nbf checks, cached or not). Default Date.now. */
  now?: () => number;
}

const DEFAULT_JWT_CACHE_SIZE = 10_000;

/** jose's verdicts that mean "the key set could not be had", not "the token is bad". */
function isKeySetOutage(error: unknown): boolean {
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) return true;
  return !(error instanceof errors.JOSEError) && !(error instanceof AuthFailure);
}

function describe(error: unknown): string {
  if (error instanceof errors.JWTExpired) return "token expired";
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === "nbf") return "token not yet valid";
    if (error.claim === "iss") return "token issued by another issuer";
    if (error.claim === "aud") return "token not meant for this resource";
    return `token claim ${error.claim} invalid`;
  }
  if (error instanceof errors.JOSEAlgNotAllowed) return "token signing algorithm not allowed";
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWSSignatureVerificationFailed) return "token signature invalid";
  return "malformed token";
}

export function createJwtVerifier(options: JwtVerifierOptions): TokenVerifier {
  const issuers = typeof options.issuer === "string" ? [options.issuer] : [...options.issuer];
  if (issuers.length === 0) throw new Error("createJwtVerifier: at least one issuer is required");
  const timeoutMs = options.fetchTimeoutMs ?? 3_000;
  const directory = createIssuerDirectory(timeoutMs);
  const keySets = new Map<string, Promise<IssuerKeys>>();
  const algorithms = [...(options.algorithms ?? DEFAULT_JWT_ALGORITHMS)];
  const clockTolerance = options.clockToleranceSec ?? 30;
  const now = options.now;
  const cache = createVerifiedTokenCache(options.cacheSize ?? DEFAULT_JWT_CACHE_SIZE);
  const replay = createReplayMemory();

  const keysOf = (issuer: string): Promise<IssuerKeys> => {
    let keys = keySets.get(issuer);
    if (!keys) {
      keys = (async () => {
        const uri = options.jwksUri ?? (await directory.metadata(issuer)).jwks_uri;
        if (typeof uri !== "string") throw verifierUnavailable("authorization server names no jwks_uri");
        return createIssuerKeys(new URL(uri), { timeoutMs, cooldownMs: options.jwksCooldownMs ?? 30_000 });
      })();
      // A failed discovery is not cached here (the directory rate-limits retries).
      keys.catch(() => keySets.delete(issuer));
      keySets.set(issuer, keys);
    }
    return keys;
  };

  /** The full check: signature, claims, then the token is remembered (before its DPoP proof, which is per request). */
  async function verifyFully(token: string, audience: string, request: VerifyRequest): Promise<AuthInfo> {
    // Read unverified only to pick the issuer's key set and refuse early what no key could fix.
    let header: ProtectedHeaderParameters;
    let unverified: JWTPayload;
    try {
      header = decodeProtectedHeader(token);
      if (typeof header.alg !== "string" || !algorithms.includes(header.alg)) throw invalidToken("token signing algorithm not allowed");
      unverified = decodeJwt(token);
    } catch (error) {
      if (error instanceof AuthFailure) throw error;
      throw invalidToken("malformed token");
    }
    const issuer = unverified.iss;
    if (typeof issuer !== "string" || !issuers.includes(issuer)) throw invalidToken("token issued by another issuer");
    const keys = await keysOf(issuer).catch((error: unknown) => {
      throw error instanceof AuthFailure ? error : verifierUnavailable("authorization server metadata unavailable");
    });
    // Taken before verifying: if a refetch lands meanwhile, the token is verified but not
    // remembered (the key that verified it may be from either set). Before the first fetch there
    // is no set to compare with: jose verifies against the one it is about to fetch.
    const before = keys.snapshot;
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys.set, {
        issuer,
        audience,
        algorithms,
        clockTolerance,
        ...(options.typ !== undefined ? { typ: options.typ } : {}),
        ...(now !== undefined ? { currentDate: new Date(now()) } : {}),
      }));
    } catch (error) {
      if (isKeySetOutage(error)) throw verifierUnavailable("signing keys unavailable");
      throw invalidToken(describe(error));
    }
    const claims = payload as Record<string, unknown>;
    const info = authInfoOf(claims);
    const kid = typeof header.kid === "string" ? header.kid : undefined;
    const snapshot = keys.snapshot;
    const keyText = kid === undefined ? undefined : snapshot?.get(kid);
    if ((before === undefined || before === snapshot) && (kid === undefined || keyText !== undefined)) {
      cache.set(token, {
        info,
        claims,
        audience,
        bound: claims["cnf"] !== undefined,
        expSec: typeof payload.exp === "number" ? payload.exp : undefined,
        nbfSec: typeof payload.nbf === "number" ? payload.nbf : undefined,
        keys,
        kid,
        keyText,
        seenIn: snapshot,
      });
    }
    await checkSenderConstraint(token, claims, request, replay);
    return info;
  }

  return {
    async verify(token: string, request: VerifyRequest): Promise<AuthInfo> {
      const audience = options.audience ?? request.resource;
      const hit = cache.get(token);
      if (hit !== undefined) {
        if (stillValid(hit, audience, Math.floor((now ?? Date.now)() / 1000), clockTolerance)) {
          // The token is known good; a DPoP proof is made per request and checked every time.
          if (hit.bound || request.scheme !== "bearer") await checkSenderConstraint(token, hit.claims, request, replay);
          return hit.info;
        }
        // Expired, another audience, or its key gone or due for a refetch: decided afresh below,
        // so the answer is exactly the uncached one.
        cache.delete(token);
      }
      return verifyFully(token, audience, request);
    },
  };
}
