// The built-in JWT access-token verifier (RFC 9068), on `jose`. Keys come from the issuer's
// `jwks_uri`, found through its metadata (./issuer-metadata.ts) and cached by jose's remote key
// set: an unknown `kid` triggers one refetch, at most once per cooldown, so a flood of tokens
// with invented kids cannot turn into a flood of JWKS requests. Checked: signature (algorithm
// allow-list: asymmetric only, never `none` or HMAC, so a public key cannot be used as a shared
// secret), `iss`, `aud` = the resource (RFC 8707), `exp`/`nbf` with a small clock skew, `sub`.
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, errors, jwtVerify, type JWTPayload } from "jose";
import { authInfoOf } from "./claims.js";
import { AuthFailure, invalidToken, verifierUnavailable } from "./errors.js";
import { checkSenderConstraint, createReplayMemory } from "./dpop.js";
import { createIssuerDirectory } from "./issuer-metadata.js";
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
  /** Verified tokens remembered (until their exp, at most 60 s); 0 turns the cache off. Default 1024. */
  cacheSize?: number;
}

/** How long a verified token is taken on trust again without checking its signature. */
const CACHE_TTL_MS = 60_000;

type KeySet = ReturnType<typeof createRemoteJWKSet>;

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
  const keySets = new Map<string, Promise<KeySet>>();
  const algorithms = [...(options.algorithms ?? DEFAULT_JWT_ALGORITHMS)];
  const clockTolerance = options.clockToleranceSec ?? 30;
  // PERFORMANCE: a client sends the same token with every request; an RS256 signature check per
  // request cost 40% of a tools/call's throughput (bench/auth). A bounded map of verified
  // tokens (oldest out first) answers repeats; an entry never outlives the token's exp.
  const cacheSize = options.cacheSize ?? 1024;
  // Keyed by audience, then token: a composite string key would copy the (long) token per request.
  const verified = new Map<string, Map<string, { info: AuthInfo; until: number }>>();
  let cached = 0;
  const last: { token: string; audience: string | undefined; entry: { info: AuthInfo; until: number } | undefined } = { token: "", audience: undefined, entry: undefined };
  const replay = createReplayMemory();
  /** Drops the oldest token of the first audience that holds one (usually there is one audience). */
  const evictOne = (): void => {
    for (const [audience, tokens] of verified) {
      const oldest = tokens.keys().next();
      if (!oldest.done) {
        tokens.delete(oldest.value);
        cached--;
      }
      if (tokens.size === 0) verified.delete(audience);
      if (!oldest.done) return;
    }
  };

  const keySetOf = (issuer: string): Promise<KeySet> => {
    let set = keySets.get(issuer);
    if (!set) {
      set = (async () => {
        const uri = options.jwksUri ?? (await directory.metadata(issuer)).jwks_uri;
        if (typeof uri !== "string") throw verifierUnavailable("authorization server names no jwks_uri");
        return createRemoteJWKSet(new URL(uri), { timeoutDuration: timeoutMs, cooldownDuration: options.jwksCooldownMs ?? 30_000 });
      })();
      // A failed discovery is not cached here (the directory rate-limits retries).
      set.catch(() => keySets.delete(issuer));
      keySets.set(issuer, set);
    }
    return set;
  };

  return {
    async verify(token: string, request: VerifyRequest): Promise<AuthInfo> {
      const audience = options.audience ?? request.resource;
      // DPoP-bound tokens are never answered from memory: each request needs its own proof.
      const cacheable = cacheSize > 0 && request.scheme === "bearer";
      // The token of the previous request first: a string comparison, no hashing of the token.
      if (cacheable && token === last.token && audience === last.audience && last.entry !== undefined && Date.now() < last.entry.until) return last.entry.info;
      const forAudience = cacheable ? verified.get(audience) : undefined;
      const hit = forAudience?.get(token);
      if (hit !== undefined) {
        if (Date.now() < hit.until) {
          last.token = token;
          last.audience = audience;
          last.entry = hit;
          return hit.info;
        }
        forAudience!.delete(token);
        cached--;
      }
      // Read unverified only to pick the issuer's key set and refuse early what no key could fix.
      let unverified: JWTPayload;
      try {
        const header = decodeProtectedHeader(token);
        if (typeof header.alg !== "string" || !algorithms.includes(header.alg)) throw invalidToken("token signing algorithm not allowed");
        unverified = decodeJwt(token);
      } catch (error) {
        if (error instanceof AuthFailure) throw error;
        throw invalidToken("malformed token");
      }
      const issuer = unverified.iss;
      if (typeof issuer !== "string" || !issuers.includes(issuer)) throw invalidToken("token issued by another issuer");
      const keys = await keySetOf(issuer).catch((error: unknown) => {
        throw error instanceof AuthFailure ? error : verifierUnavailable("authorization server metadata unavailable");
      });
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, keys, {
          issuer,
          audience,
          algorithms,
          clockTolerance,
          ...(options.typ !== undefined ? { typ: options.typ } : {}),
        }));
      } catch (error) {
        if (isKeySetOutage(error)) throw verifierUnavailable("signing keys unavailable");
        throw invalidToken(describe(error));
      }
      await checkSenderConstraint(token, payload as Record<string, unknown>, request, replay);
      const info = authInfoOf(payload as Record<string, unknown>);
      if (cacheSize > 0 && payload["cnf"] === undefined) {
        const expiresMs = typeof payload.exp === "number" ? (payload.exp + clockTolerance) * 1000 : Infinity;
        let mine = verified.get(audience);
        if (mine === undefined) verified.set(audience, (mine = new Map()));
        if (cached >= cacheSize) evictOne();
        if (!mine.has(token)) cached++;
        mine.set(token, { info, until: Math.min(Date.now() + CACHE_TTL_MS, expiresMs) });
      }
      return info;
    },
  };
}
