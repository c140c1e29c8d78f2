// The other two ways to verify a token: RFC 7662 introspection against oidc-provider's real
// introspection endpoint (discovered from its metadata), and a custom verify(token, request) hook.
// Also: the root runtime and its server subpath never load jose (the verifiers' subpath does).
import { execFileSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AuthFailure } from "../../packages/runtime/src/auth/errors.js";
import { createIntrospectionVerifier } from "../../packages/runtime/src/auth/introspection.js";
import type { AuthOptions } from "../../packages/runtime/src/auth/types.js";
import { listenHttp, type ListeningServer } from "../../packages/runtime/src/http/node.js";
import { createMcpServer } from "../../packages/runtime/src/server/server.js";
import { modernCall } from "../runtime/helpers/http.js";
import { startAuthorizationServer, type AuthorizationServer } from "./support/authorization-server.js";
import { authDefinition, parseChallenge, SCOPES } from "./support/secure-definition.js";

let as: AuthorizationServer;

async function serve(auth: (resource: string) => AuthOptions): Promise<ListeningServer> {
  const probe = await listenHttp(createMcpServer(authDefinition()), { port: 0 });
  const port = probe.port;
  const resource = probe.url;
  await probe.close();
  return listenHttp(createMcpServer(authDefinition(), { auth: auth(resource) }), { port });
}

const whoami = (url: string, token: string) => modernCall(url, "tools/call", { name: "whoami", arguments: {} }, { headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  as = await startAuthorizationServer({ scopes: SCOPES, accessTokenFormat: "opaque" });
  await as.addClient("app", "app-secret");
  await as.addClient("notes-rs", "rs-secret");
}, 30_000);
afterAll(() => as?.close());

describe("introspection verifier (RFC 7662)", () => {
  let mcp: ListeningServer;
  beforeAll(async () => {
    mcp = await serve((resource) => ({
      verifier: createIntrospectionVerifier({ issuer: as.issuer, clientId: "notes-rs", clientSecret: "rs-secret" }),
      resource,
      authorizationServers: [as.issuer],
      targets: { tools: { add_note: ["notes:write"] } },
    }));
  });
  afterAll(() => mcp.close());

  it("accepts an active token for this resource and reads its scopes", async () => {
    const token = await as.clientToken("app", "app-secret", mcp.url, "notes:read");
    const { response, final } = await whoami(mcp.url, token);
    expect(response.status).toBe(200);
    const auth = JSON.parse(final.result.content[0].text);
    expect(auth.subject).toBe("app");
    expect(auth.scopes).toEqual(["notes:read"]);
    const write = await modernCall(mcp.url, "tools/call", { name: "add_note", arguments: { text: "x" } }, { headers: { authorization: `Bearer ${token}` } });
    expect(write.response.status).toBe(403);
  });

  it("refuses a token for another resource and one the server never issued", async () => {
    const other = await as.clientToken("app", "app-secret", "http://127.0.0.1:9/mcp", "notes:read");
    const wrongAudience = await whoami(mcp.url, other);
    expect(wrongAudience.response.status).toBe(401);
    expect(parseChallenge(wrongAudience.response.headers["www-authenticate"]).params["error_description"]).toMatch(/not meant for this resource/);
    const unknown = await whoami(mcp.url, "opaque-token-nobody-issued");
    expect(unknown.response.status).toBe(401);
    expect(parseChallenge(unknown.response.headers["www-authenticate"]).params["error_description"]).toBe("token inactive");
  });

  it("an unreachable introspection endpoint is a bounded 503", async () => {
    const dead = await serve((resource) => ({
      verifier: createIntrospectionVerifier({ endpoint: "http://127.0.0.1:9/introspect", clientId: "x", clientSecret: "y", timeoutMs: 300 }),
      resource,
      authorizationServers: [as.issuer],
    }));
    try {
      const { response } = await whoami(dead.url, "anything");
      expect(response.status).toBe(503);
    } finally {
      await dead.close();
    }
  });
});

describe("custom verify(token, request) hook", () => {
  it("decides alone, sees the request, and its AuthFailure reaches the client", async () => {
    const seen: string[] = [];
    const mcp = await serve((resource) => ({
      resource,
      authorizationServers: [as.issuer],
      verifier: async (token, request) => {
        seen.push(`${request.method} ${request.resource} ${request.header("x-tenant")}`);
        if (token !== "letmein") throw new AuthFailure("invalid_token", "unknown api key");
        return { subject: "svc", clientId: undefined, scopes: ["notes:read"], issuer: undefined, expiresAt: undefined, claims: {} };
      },
    }));
    try {
      const ok = await modernCall(mcp.url, "tools/call", { name: "whoami", arguments: {} }, { headers: { authorization: "Bearer letmein", "x-tenant": "t1" } });
      expect(JSON.parse(ok.final.result.content[0].text).subject).toBe("svc");
      expect(seen).toEqual([`POST ${mcp.url} t1`]);
      const bad = await whoami(mcp.url, "nope");
      expect(bad.response.status).toBe(401);
      expect(parseChallenge(bad.response.headers["www-authenticate"]).params["error_description"]).toBe("unknown api key");
    } finally {
      await mcp.close();
    }
  });

  it("a hook that throws something else is 503 and goes to onError, not to the client", async () => {
    const reported: unknown[] = [];
    const probe = await listenHttp(createMcpServer(authDefinition()), { port: 0 });
    const port = probe.port;
    await probe.close();
    const mcp = await listenHttp(
      createMcpServer(authDefinition(), {
        onError: (e) => reported.push(e),
        auth: { resource: `http://127.0.0.1:${port}/mcp`, authorizationServers: [as.issuer], verifier: async () => { throw new Error("db password is hunter2"); } },
      }),
      { port },
    );
    try {
      const { response } = await whoami(mcp.url, "x");
      expect(response.status).toBe(503);
      expect(response.body).not.toContain("hunter2");
      expect(String(reported[0])).toContain("hunter2");
    } finally {
      await mcp.close();
    }
  });
});

describe("jose stays behind the auth subpath", () => {
  const dist = path.resolve("packages/runtime/dist");
  const lister = path.resolve("test/architecture/fixtures/list-modules.mjs");
  const loaded = (entry: string) => JSON.parse(execFileSync(process.execPath, [lister, pathToFileURL(path.join(dist, entry)).href], { encoding: "utf8", timeout: 30_000 })) as string[];

  it("the root (./core) and the server subpath load no jose module; ./auth does", () => {
    for (const entry of ["core-entry.js", "server-entry.js"]) expect(loaded(entry).filter((u) => u.includes("/jose/"))).toEqual([]);
    expect(loaded("auth-entry.js").filter((u) => u.includes("/jose/")).length).toBeGreaterThan(0);
  });
});
