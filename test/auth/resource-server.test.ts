// The runtime as an OAuth 2.1 resource server, against a real authorization server (oidc-provider
// on 127.0.0.1, JWT access tokens for the MCP resource): RFC 9728 metadata, the 401/403
// challenges, per-target scopes, ctx.auth, and every bad token the issue lists.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createJwtVerifier } from "../../packages/runtime/src/auth/jwt.js";
import type { AuthOptions } from "../../packages/runtime/src/auth/types.js";
import { listenHttp, type ListeningServer } from "../../packages/runtime/src/http/node.js";
import { createMcpServer } from "../../packages/runtime/src/server/server.js";
import { modernCall, rawRequest } from "../runtime/helpers/http.js";
import { startAuthorizationServer, type AuthorizationServer } from "./support/authorization-server.js";
import { authDefinition, parseChallenge, SCOPES } from "./support/secure-definition.js";

let as: AuthorizationServer;
let mcp: ListeningServer;
let resource: string;
let readToken: string;
let writeToken: string;
const reported: unknown[] = [];

function authOptions(issuer: string, resourceId: string): AuthOptions {
  return {
    verifier: createJwtVerifier({ issuer, fetchTimeoutMs: 1_000 }),
    resource: resourceId,
    authorizationServers: [issuer],
    scopesSupported: SCOPES,
    requiredScopes: ["notes:read"],
    targets: { tools: { add_note: ["notes:write"] }, resourceTemplates: { "note://{id}": ["notes:read"] } },
    resourceName: "auth test notes",
  };
}

beforeAll(async () => {
  as = await startAuthorizationServer({ scopes: SCOPES });
  await as.addClient("reader-app", "reader-secret");
  // Listen first so the resource id can name the real port.
  mcp = await listenHttp(createMcpServer(authDefinition(), { onError: (e) => reported.push(e) }), { port: 0 });
  resource = mcp.url;
  await mcp.close();
  const port = Number(new URL(resource).port);
  mcp = await listenHttp(createMcpServer(authDefinition(), { onError: (e) => reported.push(e), auth: authOptions(as.issuer, resource) }), { port });
  readToken = await as.clientToken("reader-app", "reader-secret", resource, "notes:read");
  writeToken = await as.clientToken("reader-app", "reader-secret", resource, "notes:read notes:write");
}, 30_000);
afterAll(async () => {
  await mcp?.close();
  await as?.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe("protected resource metadata (RFC 9728)", () => {
  it("serves the document at the path-suffixed and the bare well-known URL", async () => {
    const origin = new URL(resource).origin;
    for (const path of ["/.well-known/oauth-protected-resource/mcp", "/.well-known/oauth-protected-resource"]) {
      const response = await rawRequest(`${origin}${path}`, { method: "GET" });
      expect(response.status).toBe(200);
      expect(response.headers["content-type"]).toBe("application/json");
      const document = JSON.parse(response.body);
      // RFC 9728 §2: `resource` REQUIRED; MCP requires authorization_servers too.
      expect(document.resource).toBe(resource);
      expect(document.authorization_servers).toEqual([as.issuer]);
      for (const server of document.authorization_servers) expect(() => new URL(server)).not.toThrow();
      expect(document.scopes_supported).toEqual(SCOPES);
      expect(document.bearer_methods_supported).toEqual(["header"]);
      expect(document.resource_name).toBe("auth test notes");
    }
  });

  it("answers other well-known paths 404 and other methods 405", async () => {
    const origin = new URL(resource).origin;
    expect((await rawRequest(`${origin}/.well-known/oauth-protected-resource/other`, { method: "GET" })).status).toBe(404);
    expect((await rawRequest(`${origin}/.well-known/oauth-protected-resource`, { method: "POST", body: "{}" })).status).toBe(405);
  });
});

describe("challenges", () => {
  it("401 without a token, before any dispatch, naming the metadata and the base scope", async () => {
    const { response } = await modernCall(resource, "tools/call", { name: "whoami", arguments: {} });
    expect(response.status).toBe(401);
    const challenge = parseChallenge(response.headers["www-authenticate"]);
    expect(challenge.scheme).toBe("Bearer");
    expect(challenge.params["resource_metadata"]).toBe(`${new URL(resource).origin}/.well-known/oauth-protected-resource/mcp`);
    expect(challenge.params["scope"]).toBe("notes:read");
    expect(challenge.params["error"]).toBeUndefined();
  });

  it("serves a valid token and shows handlers who calls (ctx.auth)", async () => {
    const { response, final } = await modernCall(resource, "tools/call", { name: "whoami", arguments: {} }, { headers: bearer(readToken) });
    expect(response.status).toBe(200);
    const auth = JSON.parse(final.result.content[0].text);
    expect(auth.subject).toBe("reader-app");
    expect(auth.clientId).toBe("reader-app");
    expect(auth.issuer).toBe(as.issuer);
    expect(auth.scopes).toEqual(["notes:read"]);
    expect(auth.expiresAt).toBeGreaterThan(Date.now() / 1000);
    expect(auth.claims.aud).toBe(resource);
  });

  it("403 insufficient_scope per tool, naming the scopes to ask for", async () => {
    const { response, messages } = await modernCall(resource, "tools/call", { name: "add_note", arguments: { text: "x" } }, { headers: bearer(readToken) });
    expect(response.status).toBe(403);
    const challenge = parseChallenge(response.headers["www-authenticate"]);
    expect(challenge.params["error"]).toBe("insufficient_scope");
    expect(challenge.params["scope"]).toBe("notes:read notes:write");
    expect(challenge.params["resource_metadata"]).toContain("/.well-known/oauth-protected-resource/mcp");
    expect(messages[0].error.code).toBe(-32600);
    const ok = await modernCall(resource, "tools/call", { name: "add_note", arguments: { text: "x" } }, { headers: bearer(writeToken) });
    expect(ok.response.status).toBe(200);
    expect(ok.final.result.content[0].text).toBe("added x");
  });

  it("lists need only the base scope; tools without own scopes pass with it", async () => {
    const listed = await modernCall(resource, "tools/list", {}, { headers: bearer(readToken) });
    expect(listed.response.status).toBe(200);
    expect(listed.final.result.tools.map((t: { name: string }) => t.name)).toContain("add_note");
  });
});
