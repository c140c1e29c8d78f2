// DPoP-bound tokens (RFC 9449) from the real authorization server: oidc-provider binds a
// client_credentials token to the client's key when the token request carries a DPoP proof.
// The server accepts it only with the DPoP scheme and a fresh proof by that key for this method,
// URL and token; a replayed, misdirected or foreign proof is 401.
import { randomUUID, createHash } from "node:crypto";
import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createJwtVerifier } from "../../packages/runtime/src/auth/jwt.js";
import { listenHttp, type ListeningServer } from "../../packages/runtime/src/http/node.js";
import { createMcpServer } from "../../packages/runtime/src/server/server.js";
import { modernCall, rawRequest } from "../runtime/helpers/http.js";
import { startAuthorizationServer, type AuthorizationServer } from "./support/authorization-server.js";
import { authDefinition, parseChallenge, SCOPES } from "./support/secure-definition.js";

let as: AuthorizationServer;
let mcp: ListeningServer;
let resource: string;
let key: { privateKey: CryptoKey; jwk: JWK };
let bound: string;

async function proofBy(k: { privateKey: CryptoKey; jwk: JWK }, htm: string, htu: string, extra: Record<string, unknown> = {}): Promise<string> {
  return new SignJWT({ htm, htu, jti: randomUUID(), ...extra })
    .setProtectedHeader({ alg: "ES256", typ: "dpop+jwt", jwk: k.jwk })
    .setIssuedAt()
    .sign(k.privateKey);
}

async function newKey() {
  const { privateKey, publicKey } = await generateKeyPair("ES256");
  return { privateKey, jwk: await exportJWK(publicKey) };
}

const ath = (token: string) => createHash("sha256").update(token).digest("base64url");

beforeAll(async () => {
  as = await startAuthorizationServer({ scopes: SCOPES });
  await as.addClient("dpop-app", "dpop-secret");
  const probe = await listenHttp(createMcpServer(authDefinition()), { port: 0 });
  const port = probe.port;
  resource = probe.url;
  await probe.close();
  mcp = await listenHttp(createMcpServer(authDefinition(), { auth: { verifier: createJwtVerifier({ issuer: as.issuer }), resource, authorizationServers: [as.issuer] } }), { port });
  key = await newKey();
  const issued = await as.dpopClientToken("dpop-app", "dpop-secret", resource, "notes:read", (htm, htu) => proofBy(key, htm, htu));
  expect(issued.tokenType).toBe("DPoP");
  bound = issued.token;
}, 30_000);
afterAll(async () => {
  await mcp?.close();
  await as?.close();
});

const call = (authorization: string, dpop?: string, url = resource) =>
  modernCall(url, "tools/call", { name: "whoami", arguments: {} }, { headers: { authorization, ...(dpop ? { dpop } : {}) } });

async function refused(authorization: string, dpop: string | undefined, description: RegExp) {
  const { response } = await call(authorization, dpop);
  expect(response.status).toBe(401);
  expect(parseChallenge(response.headers["www-authenticate"]).params["error_description"]).toMatch(description);
}

describe("DPoP-bound tokens (RFC 9449)", () => {
  it("the metadata names the proof algorithms", async () => {
    const document = JSON.parse((await rawRequest(`${new URL(resource).origin}/.well-known/oauth-protected-resource/mcp`, { method: "GET" })).body);
    expect(document.dpop_signing_alg_values_supported).toContain("ES256");
  });

  it("accepts the token with the DPoP scheme and a fresh proof, every time", async () => {
    for (let i = 0; i < 2; i++) {
      const { response, final } = await call(`DPoP ${bound}`, await proofBy(key, "POST", resource, { ath: ath(bound) }));
      expect(response.status).toBe(200);
      expect(JSON.parse(final.result.content[0].text).subject).toBe("dpop-app");
    }
  });

  it("refuses it as a bearer token, without a proof, and with a replayed proof", async () => {
    await refused(`Bearer ${bound}`, undefined, /without the DPoP scheme/);
    await refused(`DPoP ${bound}`, undefined, /proof missing/);
    const once = await proofBy(key, "POST", resource, { ath: ath(bound) });
    expect((await call(`DPoP ${bound}`, once)).response.status).toBe(200);
    await refused(`DPoP ${bound}`, once, /replayed/);
  });

  it("refuses proofs for another method, URL or token, by another key, or too old", async () => {
    await refused(`DPoP ${bound}`, await proofBy(key, "GET", resource, { ath: ath(bound) }), /another method/);
    await refused(`DPoP ${bound}`, await proofBy(key, "POST", "http://127.0.0.1:9/mcp", { ath: ath(bound) }), /another URL/);
    await refused(`DPoP ${bound}`, await proofBy(key, "POST", resource, { ath: ath("other") }), /another token/);
    await refused(`DPoP ${bound}`, await proofBy(await newKey(), "POST", resource, { ath: ath(bound) }), /another key/);
    const stale = await new SignJWT({ htm: "POST", htu: resource, jti: randomUUID(), ath: ath(bound), iat: Math.floor(Date.now() / 1000) - 600 })
      .setProtectedHeader({ alg: "ES256", typ: "dpop+jwt", jwk: key.jwk })
      .sign(key.privateKey);
    await refused(`DPoP ${bound}`, stale, /time window/);
    await refused(`DPoP ${bound}`, "not-a-jwt", /invalid DPoP proof/);
  });

  it("refuses the DPoP scheme with a plain bearer token", async () => {
    await as.addClient("plain-app", "plain-secret");
    const plain = await as.clientToken("plain-app", "plain-secret", resource, "notes:read");
    await refused(`DPoP ${plain}`, await proofBy(key, "POST", resource, { ath: ath(plain) }), /not DPoP-bound/);
  });
});
