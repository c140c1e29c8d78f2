// OAuth for the HTTP transport: header parsing and discovery order as pure functions, then
// the whole flow against a real HTTP server on 127.0.0.1 playing resource server, PRM and
// authorization server at once.

import { afterEach, describe, expect, it } from "vitest";
import { McpClient, OAuthClient, createHttpTransport } from "../../packages/runtime/src/client-entry.js";
import { authorizationServerMetadataUrls, protectedResourceMetadataUrls, resourceMatches } from "../../packages/runtime/src/client/auth/oauth.js";
import { parseAuthenticateHeader } from "../../packages/runtime/src/client/auth/www-authenticate.js";
import { resultFor, startScriptedServer, type RecordedRequest, type Reply, type ScriptedServer } from "./fixtures/scripted-http-server.js";

describe("WWW-Authenticate parsing", () => {
  it("reads quoted and token parameters, commas and escapes included", () => {
    const challenge = parseAuthenticateHeader('Bearer realm="a, b", scope="mcp:read mcp:write", error=insufficient_scope, resource_metadata="https://x/.well-known/oauth-protected-resource/mcp", note="say \\"hi\\""');
    expect(challenge.scheme).toBe("Bearer");
    expect(challenge.params).toEqual({
      realm: "a, b",
      scope: "mcp:read mcp:write",
      error: "insufficient_scope",
      resource_metadata: "https://x/.well-known/oauth-protected-resource/mcp",
      note: 'say "hi"',
    });
    expect(challenge.error).toBe("insufficient_scope");
    expect(parseAuthenticateHeader("")).toEqual({ scheme: undefined, params: {}, error: undefined });
  });
});

describe("discovery order", () => {
  it("tries the challenge URL alone, else path-based then root PRM", () => {
    const server = new URL("https://api.example.com/v1/mcp");
    expect(protectedResourceMetadataUrls(server, "/custom/prm.json")).toEqual(["https://api.example.com/custom/prm.json"]);
    expect(protectedResourceMetadataUrls(server, undefined)).toEqual([
      "https://api.example.com/.well-known/oauth-protected-resource/v1/mcp",
      "https://api.example.com/.well-known/oauth-protected-resource",
    ]);
  });

  it("orders authorization server metadata URLs as the spec lists them", () => {
    expect(authorizationServerMetadataUrls("https://auth.example.com")).toEqual([
      "https://auth.example.com/.well-known/oauth-authorization-server",
      "https://auth.example.com/.well-known/openid-configuration",
    ]);
    expect(authorizationServerMetadataUrls("https://auth.example.com/tenant1")).toEqual([
      "https://auth.example.com/.well-known/oauth-authorization-server/tenant1",
      "https://auth.example.com/.well-known/openid-configuration/tenant1",
      "https://auth.example.com/tenant1/.well-known/openid-configuration",
    ]);
  });

  it("accepts a PRM resource only when it identifies this server", () => {
    const server = new URL("http://127.0.0.1:9/mcp");
    expect(resourceMatches("http://127.0.0.1:9/mcp", server)).toBe(true);
    expect(resourceMatches("http://127.0.0.1:9", server)).toBe(true);
    expect(resourceMatches("http://127.0.0.1:9/other", server)).toBe(false);
    expect(resourceMatches("http://evil.example/mcp", server)).toBe(false);
    expect(resourceMatches("not a url", server)).toBe(false);
  });
});

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** One server playing MCP resource server (modern), PRM host and authorization server. */
async function startProtectedServer(options: { prmResource?: (base: string) => string; stepUp?: boolean; issInRedirect?: "correct" | "wrong"; expireFirstToken?: boolean }): Promise<ScriptedServer> {
  let base = "";
  let granted = "";
  let tokens = 0;
  const expired = new Set<string>();
  const scripted = await startScriptedServer((r): Reply => {
    const path = r.url.split("?")[0];
    if (path === "/.well-known/oauth-protected-resource/mcp") {
      return { json: { resource: options.prmResource?.(base) ?? `${base}/mcp`, authorization_servers: [base], scopes_supported: ["mcp:read"] } };
    }
    if (path === "/.well-known/oauth-authorization-server") {
      return {
        json: {
          issuer: base,
          authorization_endpoint: `${base}/authorize`,
          token_endpoint: `${base}/token`,
          registration_endpoint: `${base}/register`,
          token_endpoint_auth_methods_supported: ["client_secret_basic"],
          authorization_response_iss_parameter_supported: true,
          response_types_supported: ["code"],
        },
      };
    }
    if (path === "/register") return { status: 201, json: { client_id: "cid", client_secret: "secret" } };
    if (path === "/authorize") {
      const query = new URL(r.url, base).searchParams;
      const location = new URL(String(query.get("redirect_uri")));
      location.searchParams.set("code", "the-code");
      location.searchParams.set("state", String(query.get("state")));
      location.searchParams.set("iss", options.issInRedirect === "wrong" ? "https://evil.example" : base);
      granted = String(query.get("scope") ?? "");
      return { status: 302, headers: { Location: location.href } };
    }
    if (path === "/token") {
      tokens++;
      return { json: { access_token: `token-${tokens}-for:${granted}`, token_type: "Bearer", expires_in: 3600, scope: granted, refresh_token: `refresh-${tokens}` } };
    }
    // The MCP endpoint.
    const auth = r.headers.authorization;
    if (auth === undefined) {
      return { status: 401, json: { error: "invalid_token" }, headers: { "WWW-Authenticate": `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"` } };
    }
    if (options.expireFirstToken === true && auth.startsWith("Bearer token-1-") && r.body?.method === "tools/call") expired.add(auth);
    if (expired.has(auth)) {
      return { status: 401, json: { error: "invalid_token" }, headers: { "WWW-Authenticate": `Bearer error="invalid_token", resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"` } };
    }
    if (options.stepUp === true && r.body?.method === "tools/call" && !auth.includes("mcp:write")) {
      return { status: 403, json: { error: "insufficient_scope" }, headers: { "WWW-Authenticate": `Bearer error="insufficient_scope", scope="mcp:write", resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"` } };
    }
    if (r.body?.method === "server/discover") return resultFor(r, { resultType: "complete", supportedVersions: ["2026-07-28"], capabilities: { tools: {} }, ttlMs: 0, cacheScope: "private" });
    if (r.body?.method === "tools/list") return resultFor(r, { resultType: "complete", ttlMs: 0, cacheScope: "private", tools: [{ name: "w", inputSchema: { type: "object" } }] });
    return resultFor(r, { resultType: "complete", content: [{ type: "text", text: auth }] });
  });
  base = new URL(scripted.url).origin;
  return scripted;
}

function authedClient(url: string, oauth: OAuthClient): McpClient {
  return new McpClient({ transport: createHttpTransport({ url, auth: oauth }), clientInfo: { name: "oauth-test", version: "1" }, protocol: "2026-07-28", eraCache: new Map() });
}

describe("OAuth flow end to end", () => {
  it("discovers, registers, authorizes with PKCE + resource, and steps up with the union of scopes", async () => {
    server = await startProtectedServer({ stepUp: true });
    const client = await authedClient(server.url, new OAuthClient({ redirectUrl: "http://127.0.0.1:1/callback" })).connect();
    const result = await client.callTool("w");
    await client.close();
    // The step-up token covers the new scope AND the one granted before (SEP-2350 union).
    const text = (result.content[0] as { text: string }).text;
    expect(text.startsWith("Bearer token-2-for:")).toBe(true);
    expect(text.slice("Bearer token-2-for:".length).split(" ").sort()).toEqual(["mcp:read", "mcp:write"]);
    const authorizations = server.requests.filter((r) => r.url.startsWith("/authorize"));
    expect(authorizations).toHaveLength(2);
    const first = new URL(authorizations[0]?.url ?? "", "http://x").searchParams;
    expect(first.get("code_challenge_method")).toBe("S256");
    expect(first.get("resource")).toBe(`${new URL(server.url).origin}/mcp`);
    expect(first.get("scope")).toBe("mcp:read");
    const tokenRequest = server.requests.find((r) => r.url === "/token") as RecordedRequest;
    const form = new URLSearchParams(tokenRequest.rawBody);
    expect(form.get("code_verifier")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(form.get("resource")).toBe(first.get("resource"));
    expect(tokenRequest.headers.authorization).toBe(`Basic ${Buffer.from("cid:secret").toString("base64")}`);
    expect(server.requests.filter((r) => r.url === "/register")).toHaveLength(1);
  });

  it("refuses a PRM that names another resource, and an authorization response from another issuer", async () => {
    server = await startProtectedServer({ prmResource: () => "https://elsewhere.example/mcp" });
    const mismatch = await authedClient(server.url, new OAuthClient({ redirectUrl: "http://127.0.0.1:1/callback" })).connect().catch((e: unknown) => e);
    expect(mismatch).toMatchObject({ reason: "auth-required" });
    expect(server.requests.some((r) => r.url.startsWith("/authorize") || r.url === "/token")).toBe(false);
    await server.close();
    server = await startProtectedServer({ issInRedirect: "wrong" });
    const wrongIssuer = await authedClient(server.url, new OAuthClient({ redirectUrl: "http://127.0.0.1:1/callback" })).connect().catch((e: unknown) => e);
    expect((wrongIssuer as Error).message).toMatch(/issuer/);
    expect(server.requests.some((r) => r.url === "/token")).toBe(false);
  });

  it("renews an expired token with the refresh token instead of a new authorization", async () => {
    server = await startProtectedServer({ expireFirstToken: true });
    const client = await authedClient(server.url, new OAuthClient({ redirectUrl: "http://127.0.0.1:1/callback" })).connect();
    const result = await client.callTool("w");
    await client.close();
    expect((result.content[0] as { text: string }).text).toBe("Bearer token-2-for:mcp:read");
    expect(server.requests.filter((r) => r.url.startsWith("/authorize"))).toHaveLength(1);
    const tokenForms = server.requests.filter((r) => r.url === "/token").map((r) => new URLSearchParams(r.rawBody));
    expect(tokenForms.map((f) => f.get("grant_type"))).toEqual(["authorization_code", "refresh_token"]);
    expect(tokenForms[1]?.get("refresh_token")).toBe("refresh-1");
    expect(tokenForms[1]?.get("resource")).toBe(tokenForms[0]?.get("resource"));
  });
});
