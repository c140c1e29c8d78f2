// Every bad token the issue lists gets 401 (400 for a token in the query string) with a Bearer
// challenge naming the metadata, never a crash or a leak; the keys are the real authorization
// server's (oidc-provider's jwks_uri), so only the listed defect makes each token bad.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createJwtVerifier } from "../../packages/runtime/src/auth/jwt.js";
import { listenHttp, type ListeningServer } from "../../packages/runtime/src/http/node.js";
import { createMcpServer } from "../../packages/runtime/src/server/server.js";
import { modernCall } from "../runtime/helpers/http.js";
import { startAuthorizationServer, type AuthorizationServer } from "./support/authorization-server.js";
import { authDefinition, parseChallenge, SCOPES } from "./support/secure-definition.js";

let as: AuthorizationServer;
let mcp: ListeningServer;
let resource: string;
const reported: unknown[] = [];

async function protectedServer(verifier: ReturnType<typeof createJwtVerifier>, issuer: string): Promise<ListeningServer> {
  const probe = await listenHttp(createMcpServer(authDefinition()), { port: 0 });
  const port = probe.port;
  await probe.close();
  const id = `http://127.0.0.1:${port}/mcp`;
  return listenHttp(
    createMcpServer(authDefinition(), { onError: (e) => reported.push(e), auth: { verifier, resource: id, authorizationServers: [issuer], scopesSupported: SCOPES } }),
    { port },
  );
}

beforeAll(async () => {
  as = await startAuthorizationServer({ scopes: SCOPES });
  mcp = await protectedServer(createJwtVerifier({ issuer: as.issuer, fetchTimeoutMs: 1_000 }), as.issuer);
  resource = mcp.url;
}, 30_000);
afterAll(async () => {
  await mcp?.close();
  await as?.close();
});

const now = () => Math.floor(Date.now() / 1000);
const claims = (extra: Record<string, unknown> = {}) => ({ iss: as.issuer, aud: resource, sub: "alice", client_id: "app", scope: "notes:read", iat: now(), exp: now() + 300, ...extra });
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

async function call(token: string | undefined, url = resource) {
  const headers: Record<string, string> = token === undefined ? {} : { authorization: `Bearer ${token}` };
  return modernCall(url, "tools/call", { name: "whoami", arguments: {} }, { headers });
}

async function expectRefused(token: string, description: RegExp) {
  const { response, messages } = await call(token);
  expect(response.status).toBe(401);
  const challenge = parseChallenge(response.headers["www-authenticate"]);
  expect(challenge.scheme).toBe("Bearer");
  expect(challenge.params["error"]).toBe("invalid_token");
  expect(challenge.params["error_description"]).toMatch(description);
  expect(challenge.params["resource_metadata"]).toBe(`${new URL(resource).origin}/.well-known/oauth-protected-resource/mcp`);
  // A JSON-RPC error body, no stack, no token echoed back.
  expect(messages[0].error.code).toBe(-32600);
  expect(response.body).not.toContain(token.slice(0, 40));
  expect(response.body).not.toMatch(/at .*\.(js|ts):\d+/);
}

describe("bad tokens", () => {
  it("accepts a well-formed token signed by the provider (the baseline every case below breaks once)", async () => {
    const { response, final } = await call(await as.sign(claims()));
    expect(response.status).toBe(200);
    expect(JSON.parse(final.result.content[0].text).subject).toBe("alice");
  });

  it("expired", async () => expectRefused(await as.sign(claims({ exp: now() - 3600, iat: now() - 7200 })), /expired/));
  it("not yet valid", async () => expectRefused(await as.sign(claims({ nbf: now() + 3600 })), /not yet valid/));
  it("tolerates a small clock skew on exp", async () => expect((await call(await as.sign(claims({ exp: now() - 5 })))).response.status).toBe(200));
  it("wrong issuer", async () => expectRefused(await as.sign(claims({ iss: "http://127.0.0.1:9/elsewhere" })), /another issuer/));
  it("wrong audience (RFC 8707)", async () => expectRefused(await as.sign(claims({ aud: "http://127.0.0.1:9/mcp" })), /not meant for this resource/));
  it("no subject", async () => expectRefused(await as.sign(claims({ sub: undefined })), /no subject/));
  it("alg none", async () => expectRefused(`${b64({ alg: "none", typ: "at+jwt" })}.${b64(claims())}.`, /algorithm not allowed/));
  it("HS256 keyed with anything (no symmetric algorithms)", async () => {
    const token = await new SignJWT(claims()).setProtectedHeader({ alg: "HS256", kid: as.kid }).sign(new TextEncoder().encode("x".repeat(32)));
    await expectRefused(token, /algorithm not allowed/);
  });
  it("wrong key under the provider's kid", async () => {
    const { privateKey } = await generateKeyPair("RS256");
    await expectRefused(await new SignJWT(claims()).setProtectedHeader({ alg: "RS256", kid: as.kid }).sign(privateKey), /signature invalid/);
  });
  it("malformed", async () => {
    await expectRefused("not-a-jwt", /malformed/);
    await expectRefused(`${b64({ alg: "RS256" })}.not-json.sig`, /malformed/);
  });
  it("malformed header syntax", async () => {
    const { response } = await modernCall(resource, "tools/call", { name: "whoami", arguments: {} }, { headers: { authorization: "Bearer a b" } });
    expect(response.status).toBe(401);
    expect(parseChallenge(response.headers["www-authenticate"]).params["error"]).toBe("invalid_token");
  });
  it("oversized, refused unread", async () => expectRefused("a".repeat(10_000), /longer than 8192/));
  it("sender-constrained (DPoP cnf) sent as a plain bearer token", async () => expectRefused(await as.sign(claims({ cnf: { jkt: "abc" } })), /without the DPoP scheme/));

  it("another scheme is no credential: plain challenge, no error", async () => {
    const { response } = await modernCall(resource, "tools/call", { name: "whoami", arguments: {} }, { headers: { authorization: "Basic YTpi" } });
    expect(response.status).toBe(401);
    expect(parseChallenge(response.headers["www-authenticate"]).params["error"]).toBeUndefined();
  });

  it("a token in the query string is refused, even beside a valid header", async () => {
    const good = await as.sign(claims());
    const { response } = await call(good, `${resource}?access_token=${good}`);
    expect(response.status).toBe(400);
    const challenge = parseChallenge(response.headers["www-authenticate"]);
    expect(challenge.params["error"]).toBe("invalid_request");
    expect(challenge.params["error_description"]).toMatch(/query string/);
  });

  it("unknown kids refetch the JWKS at most once per cooldown", async () => {
    // The baseline case fetched the key set once: the counter sees the verifier's fetches.
    expect(as.jwksFetches).toBeGreaterThanOrEqual(1);
    const before = as.jwksFetches;
    const { privateKey } = await generateKeyPair("RS256");
    for (let i = 0; i < 20; i++) {
      const token = await new SignJWT(claims()).setProtectedHeader({ alg: "RS256", kid: `invented-${i}` }).sign(privateKey);
      await expectRefused(token, /signature invalid/);
    }
    expect(as.jwksFetches - before).toBeLessThanOrEqual(1);
  });

  it("a remembered verification ends with the token's exp", async () => {
    const verifier = createJwtVerifier({ issuer: as.issuer, clockToleranceSec: 0 });
    const view = { resource, url: resource, scheme: "bearer" as const, method: "POST", header: () => undefined };
    // 3 s of validity, so a loaded machine still verifies twice before exp; then wait until past it.
    const exp = now() + 3;
    const token = await as.sign(claims({ exp }));
    expect((await verifier.verify(token, view)).subject).toBe("alice");
    expect((await verifier.verify(token, view)).subject).toBe("alice");
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, exp * 1000 - Date.now()) + 1_100));
    await expect(verifier.verify(token, view)).rejects.toThrow(/expired/);
  });

  it("a token verified for one resource is not taken for another", async () => {
    const verifier = createJwtVerifier({ issuer: as.issuer });
    const token = await as.sign(claims());
    const view = { url: resource, scheme: "bearer" as const, method: "POST", header: () => undefined };
    expect((await verifier.verify(token, { ...view, resource })).subject).toBe("alice");
    await expect(verifier.verify(token, { ...view, resource: "http://127.0.0.1:9/mcp" })).rejects.toThrow(/not meant for this resource/);
  });

  it("reports nothing to onError for bad tokens", () => {
    expect(reported).toEqual([]);
  });
});

describe("JWKS endpoint down or slow", () => {
  let slow: Server;
  let slowIssuer: string;
  const hung: Array<() => void> = [];

  beforeAll(async () => {
    // An issuer whose metadata names a jwks_uri that never answers.
    slow = createServer((req, res) => {
      if (req.url === "/.well-known/oauth-authorization-server") {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ issuer: slowIssuer, jwks_uri: `${slowIssuer}/jwks` }));
      } else hung.push(() => res.destroy());
    });
    await new Promise<void>((resolve) => slow.listen(0, "127.0.0.1", resolve));
    slowIssuer = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const end of hung) end();
    slow.closeAllConnections();
    await new Promise<void>((resolve) => slow.close(() => resolve()));
  });

  it("a slow JWKS endpoint is a bounded 503, not a hang", async () => {
    const server = await protectedServer(createJwtVerifier({ issuer: slowIssuer, fetchTimeoutMs: 300 }), slowIssuer);
    try {
      const token = await new SignJWT({ ...claims(), iss: slowIssuer, aud: server.url }).setProtectedHeader({ alg: "RS256", kid: "k" }).sign((await generateKeyPair("RS256")).privateKey);
      const started = Date.now();
      const { response } = await call(token, server.url);
      // Generous bound far from the hang it guards against (the fetch timeout is 300 ms).
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(response.status).toBe(503);
      expect(response.headers["retry-after"]).toBe("5");
      expect(parseChallenge(response.headers["www-authenticate"]).params["resource_metadata"]).toContain("oauth-protected-resource");
    } finally {
      await server.close();
    }
  });

  it("an authorization server that is down is a quick 503", async () => {
    const dead = "http://127.0.0.1:9";
    const server = await protectedServer(createJwtVerifier({ issuer: dead, fetchTimeoutMs: 300 }), dead);
    try {
      const token = await new SignJWT({ ...claims(), iss: dead, aud: server.url }).setProtectedHeader({ alg: "RS256", kid: "k" }).sign((await generateKeyPair("RS256")).privateKey);
      const started = Date.now();
      const { response } = await call(token, server.url);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(response.status).toBe(503);
    } finally {
      await server.close();
    }
  });
});
