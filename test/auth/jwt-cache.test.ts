// The JWT verifier's cache of verified tokens (packages/runtime/src/auth/token-cache.ts): a hit
// still expires on time, a token whose key was rotated out is refused once the JWKS is
// refetched, the cache is bounded (least recently used out), failures are not remembered, and a
// DPoP-bound token's proof is checked on every request. Real keys (jose), a real JWKS endpoint
// on 127.0.0.1; signature checks are counted with a spy on Web Crypto's subtle.verify (which
// jose calls), so a hit is observed as "no signature verified", not through a mock.
import { createHash, randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { calculateJwkThumbprint, exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { AuthFailure } from "../../packages/runtime/src/auth/errors.js";
import { createJwtVerifier } from "../../packages/runtime/src/auth/jwt.js";
import type { AuthInfo, VerifyRequest } from "../../packages/runtime/src/auth/types.js";
import { listenHttp } from "../../packages/runtime/src/http/node.js";
import { createMcpServer } from "../../packages/runtime/src/server/server.js";
import { modernCall } from "../runtime/helpers/http.js";
import { authDefinition, parseChallenge } from "./support/secure-definition.js";

const RESOURCE = "http://127.0.0.1:9/mcp";

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  jwk: JWK;
}

async function signingKey(kid: string, alg = "ES256"): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg, use: "sig" } };
}

let server: Server;
let issuer: string;
let published: SigningKey[] = [];
let jwksFetches = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    const body =
      req.url === "/.well-known/oauth-authorization-server"
        ? { issuer, jwks_uri: `${issuer}/jwks` }
        : req.url === "/jwks"
          ? (jwksFetches++, { keys: published.map((k) => k.jwk) })
          : undefined;
    res.writeHead(body ? 200 : 404, { "content-type": "application/json" }).end(JSON.stringify(body ?? {}));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let signatureChecks = 0;
beforeEach(() => {
  const original = crypto.subtle.verify.bind(crypto.subtle);
  signatureChecks = 0;
  vi.spyOn(crypto.subtle, "verify").mockImplementation((...args: Parameters<SubtleCrypto["verify"]>) => {
    signatureChecks++;
    return original(...args);
  });
});
afterEach(() => vi.restoreAllMocks());

function token(key: SigningKey, claims: Record<string, unknown> = {}, exp: number | string = "1h", alg = "ES256"): Promise<string> {
  return new SignJWT({ scope: "notes:read", client_id: "app", ...claims })
    .setProtectedHeader({ alg, kid: key.kid, typ: "at+jwt" })
    .setIssuer(issuer)
    .setAudience(RESOURCE)
    .setSubject(String(claims["sub"] ?? "alice"))
    .setIssuedAt()
    .setExpirationTime(exp)
    .sign(key.privateKey);
}

function request(extra: Partial<VerifyRequest> & { dpop?: string } = {}): VerifyRequest {
  const { dpop, ...rest } = extra;
  return { resource: RESOURCE, method: "POST", url: RESOURCE, scheme: "bearer", header: (name) => (name === "dpop" ? dpop : undefined), ...rest };
}

async function refusal(promise: Promise<AuthInfo>): Promise<AuthFailure> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AuthFailure);
  return error as AuthFailure;
}

describe("verified-token cache", () => {
  it("answers a repeated token without a signature check, and still refuses it once expired (verifier clock)", async () => {
    const key = await signingKey("k-exp");
    published = [key];
    let clock = Date.now();
    const verifier = createJwtVerifier({ issuer, clockToleranceSec: 5, now: () => clock });
    const exp = Math.floor(clock / 1000) + 20;
    const t = await token(key, {}, exp);
    const first = await verifier.verify(t, request());
    expect(first.subject).toBe("alice");
    expect(signatureChecks).toBe(1);
    clock += 10_000;
    expect(await verifier.verify(t, request())).toBe(first);
    expect(signatureChecks).toBe(1);
    // jose's rule: expired once exp <= now - skew. One second before that it still passes.
    clock = (exp + 5 - 1) * 1000;
    expect(await verifier.verify(t, request())).toBe(first);
    expect(signatureChecks).toBe(1);
    clock = (exp + 5) * 1000;
    const failure = await refusal(verifier.verify(t, request()));
    expect(failure.status).toBe(401);
    expect(failure.message).toBe("token expired");
  });

  it("refuses a cached token after its exp on the real clock", async () => {
    const key = await signingKey("k-real");
    published = [key];
    const verifier = createJwtVerifier({ issuer, clockToleranceSec: 0 });
    // A few seconds of lifetime: enough for the first two checks even on a loaded machine.
    const exp = Math.floor(Date.now() / 1000) + 4;
    const t = await token(key, {}, exp);
    await verifier.verify(t, request());
    await verifier.verify(t, request());
    expect(signatureChecks).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, exp * 1000 - Date.now()) + 50));
    expect((await refusal(verifier.verify(t, request()))).message).toBe("token expired");
  }, 30_000);

  it("refuses a token signed by a key removed from the JWKS, once the set is refetched", async () => {
    const old = await signingKey("k-old");
    const kept = await signingKey("k-kept");
    const next = await signingKey("k-new");
    published = [old, kept];
    const verifier = createJwtVerifier({ issuer, jwksCooldownMs: 0 });
    const byOld = await token(old, { sub: "alice" });
    const byKept = await token(kept, { sub: "bob" });
    await verifier.verify(byOld, request());
    await verifier.verify(byKept, request());
    expect(signatureChecks).toBe(2);
    const fetchesBefore = jwksFetches;
    // Rotation: the issuer drops k-old and publishes k-new. Until the server refetches, it cannot know.
    published = [kept, next];
    await verifier.verify(byOld, request());
    expect(signatureChecks).toBe(2);
    // A token under the new kid makes jose refetch the set.
    const byNew = await token(next, { sub: "carol" });
    expect((await verifier.verify(byNew, request())).subject).toBe("carol");
    expect(jwksFetches).toBe(fetchesBefore + 1);
    const checks = signatureChecks;
    const failure = await refusal(verifier.verify(byOld, request()));
    expect(failure.status).toBe(401);
    expect(failure.message).toBe("token signature invalid");
    // A token whose key is still published stays cached across the refetch.
    expect((await verifier.verify(byKept, request())).subject).toBe("bob");
    expect(signatureChecks).toBe(checks);
  });

  it("is bounded: past cacheSize the least recently used token is verified again", async () => {
    const key = await signingKey("k-lru");
    published = [key];
    const verifier = createJwtVerifier({ issuer, cacheSize: 3 });
    const tokens = await Promise.all([1, 2, 3, 4].map((n) => token(key, { sub: `user-${n}` })));
    for (const t of tokens) await verifier.verify(t, request());
    expect(signatureChecks).toBe(4);
    // Held now: 2, 3, 4. Token 1 was the oldest and is verified again (evicting 2).
    for (const n of [3, 4]) await verifier.verify(tokens[n - 1]!, request());
    expect(signatureChecks).toBe(4);
    await verifier.verify(tokens[0]!, request());
    expect(signatureChecks).toBe(5);
    // Held: 3, 4, 1 (3 was used after 2): 2 is gone, 3 is not.
    await verifier.verify(tokens[2]!, request());
    expect(signatureChecks).toBe(5);
    await verifier.verify(tokens[1]!, request());
    expect(signatureChecks).toBe(6);
  });

  it("holds 10 000 tokens by default: the 10 001st evicts the least recently used", async () => {
    const key = await signingKey("k-default", "EdDSA");
    published = [key];
    const verifier = createJwtVerifier({ issuer });
    const tokens: string[] = [];
    for (let n = 0; n < 10_000; n++) {
      tokens.push(await token(key, { sub: `user-${n}` }, "1h", "EdDSA"));
      await verifier.verify(tokens[n]!, request());
    }
    expect(signatureChecks).toBe(10_000);
    // All 10 000 are held: the first is still a hit (and becomes the most recently used).
    await verifier.verify(tokens[0]!, request());
    expect(signatureChecks).toBe(10_000);
    await verifier.verify(await token(key, { sub: "user-10000" }, "1h", "EdDSA"), request());
    expect(signatureChecks).toBe(10_001);
    // The 10 001st pushed out user-1, now the oldest; user-0 stays.
    await verifier.verify(tokens[1]!, request());
    expect(signatureChecks).toBe(10_002);
    await verifier.verify(tokens[0]!, request());
    expect(signatureChecks).toBe(10_002);
  }, 180_000);

  it("does not remember failures, nor answer for another audience", async () => {
    const key = await signingKey("k-fail");
    const stranger = await signingKey("k-fail");
    published = [key];
    const verifier = createJwtVerifier({ issuer });
    const forged = await token(stranger);
    for (let i = 0; i < 2; i++) expect((await refusal(verifier.verify(forged, request()))).message).toBe("token signature invalid");
    expect(signatureChecks).toBe(2);
    const t = await token(key);
    await verifier.verify(t, request());
    expect(signatureChecks).toBe(3);
    const elsewhere = await refusal(verifier.verify(t, request({ resource: "http://127.0.0.1:10/mcp" })));
    expect(elsewhere.message).toBe("token not meant for this resource");
    expect(signatureChecks).toBe(4);
    const off = createJwtVerifier({ issuer, cacheSize: 0 });
    await off.verify(t, request());
    await off.verify(t, request());
    expect(signatureChecks).toBe(6);
  });

  it("checks a DPoP-bound token's proof on every request, cached or not: a replayed proof is refused", async () => {
    const key = await signingKey("k-dpop");
    published = [key];
    const holder = await generateKeyPair("ES256", { extractable: true });
    const holderJwk = await exportJWK(holder.publicKey);
    const verifier = createJwtVerifier({ issuer });
    const t = await token(key, { cnf: { jkt: await calculateJwkThumbprint(holderJwk) } });
    const ath = createHash("sha256").update(t).digest("base64url");
    const proof = () =>
      new SignJWT({ htm: "POST", htu: RESOURCE, jti: randomUUID(), ath })
        .setProtectedHeader({ alg: "ES256", typ: "dpop+jwt", jwk: holderJwk })
        .setIssuedAt()
        .sign(holder.privateKey);
    const p1 = await proof();
    expect((await verifier.verify(t, request({ scheme: "dpop", dpop: p1 }))).subject).toBe("alice");
    expect(signatureChecks).toBe(2);
    // The token is cached now: from here on, one signature check per request is the proof's.
    const replayed = await refusal(verifier.verify(t, request({ scheme: "dpop", dpop: p1 })));
    expect(replayed.message).toBe("DPoP proof replayed");
    expect(signatureChecks).toBe(3);
    expect((await verifier.verify(t, request({ scheme: "dpop", dpop: await proof() }))).subject).toBe("alice");
    expect(signatureChecks).toBe(4);
    expect((await refusal(verifier.verify(t, request({ scheme: "dpop" })))).message).toMatch(/DPoP proof missing/);
    expect((await refusal(verifier.verify(t, request()))).message).toBe("DPoP-bound token sent without the DPoP scheme");
  });

  it("refuses the DPoP scheme for a cached bearer token", async () => {
    const key = await signingKey("k-plain");
    published = [key];
    const verifier = createJwtVerifier({ issuer });
    const t = await token(key);
    await verifier.verify(t, request());
    expect((await refusal(verifier.verify(t, request({ scheme: "dpop" })))).message).toBe("DPoP scheme used with a token that is not DPoP-bound");
  });

  it("over HTTP: a cached token answers 200 until its exp, then 401 invalid_token with the challenge", async () => {
    const key = await signingKey("k-http");
    published = [key];
    let clock = Date.now();
    const probe = await listenHttp(createMcpServer(authDefinition()), { port: 0 });
    const { port, url: resource } = probe;
    await probe.close();
    const verifier = createJwtVerifier({ issuer, clockToleranceSec: 0, now: () => clock });
    const mcp = await listenHttp(createMcpServer(authDefinition(), { auth: { verifier, resource, authorizationServers: [issuer] } }), { port });
    try {
      const exp = Math.floor(clock / 1000) + 60;
      const t = await new SignJWT({ scope: "notes:read", client_id: "app" })
        .setProtectedHeader({ alg: "ES256", kid: key.kid, typ: "at+jwt" })
        .setIssuer(issuer)
        .setAudience(resource)
        .setSubject("alice")
        .setExpirationTime(exp)
        .sign(key.privateKey);
      const whoami = () => modernCall(mcp.url, "tools/call", { name: "whoami", arguments: {} }, { headers: { authorization: `Bearer ${t}` } });
      for (let i = 0; i < 3; i++) expect((await whoami()).response.status).toBe(200);
      expect(signatureChecks).toBe(1);
      clock = exp * 1000;
      const { response } = await whoami();
      expect(response.status).toBe(401);
      const challenge = parseChallenge(response.headers["www-authenticate"]);
      expect(challenge.params["error"]).toBe("invalid_token");
      expect(challenge.params["error_description"]).toBe("token expired");
    } finally {
      await mcp.close();
    }
  });
});
