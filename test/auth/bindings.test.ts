// What a token's subject owns: a handle, a requestState and a legacy session minted for user A
// are refused for user B (issue 11). Tokens are real client_credentials JWTs from oidc-provider
// (the subject is the client id), so A and B are two clients of the same authorization server.
// The fetch adapter gets the same metadata, challenge and ctx.auth as node:http.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createJwtVerifier } from "../../packages/runtime/src/auth/jwt.js";
import type { AuthOptions } from "../../packages/runtime/src/auth/types.js";
import { createFetchHandler } from "../../packages/runtime/src/http/fetch.js";
import { listenHttp, type ListeningServer } from "../../packages/runtime/src/http/node.js";
import { createMcpServer } from "../../packages/runtime/src/server/server.js";
import { MODERN } from "../runtime/helpers/definition.js";
import { modernCall, rawRequest } from "../runtime/helpers/http.js";
import { startAuthorizationServer, type AuthorizationServer } from "./support/authorization-server.js";
import { authDefinition, parseChallenge, SCOPES } from "./support/secure-definition.js";

let as: AuthorizationServer;
let mcp: ListeningServer;
let resource: string;
let alice: string;
let bob: string;

function options(issuer: string, resourceId: string): AuthOptions {
  return { verifier: createJwtVerifier({ issuer }), resource: resourceId, authorizationServers: [issuer], scopesSupported: SCOPES };
}

beforeAll(async () => {
  as = await startAuthorizationServer({ scopes: SCOPES });
  await as.addClient("alice", "alice-secret");
  await as.addClient("bob", "bob-secret");
  const probe = await listenHttp(createMcpServer(authDefinition()), { port: 0 });
  const port = probe.port;
  resource = probe.url;
  await probe.close();
  mcp = await listenHttp(createMcpServer(authDefinition(), { auth: options(as.issuer, resource) }), { port });
  alice = await as.clientToken("alice", "alice-secret", resource, "notes:read");
  bob = await as.clientToken("bob", "bob-secret", resource, "notes:read");
}, 30_000);
afterAll(async () => {
  await mcp?.close();
  await as?.close();
});

const as_ = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

describe("bound to the token's subject", () => {
  it("a handle minted for A opens for A and is refused for B", async () => {
    const opened = await modernCall(resource, "tools/call", { name: "open_cart", arguments: {} }, as_(alice));
    const handle = opened.final.result.content[0].text;
    const forAlice = await modernCall(resource, "tools/call", { name: "add_item", arguments: { cart: handle, sku: "a" } }, as_(alice));
    expect(forAlice.final.result.content[0].text).toBe("added a to 7");
    const forBob = await modernCall(resource, "tools/call", { name: "add_item", arguments: { cart: handle, sku: "b" } }, as_(bob));
    expect(forBob.final.result.isError).toBe(true);
    expect(forBob.final.result.content[0].text).toMatch(/another caller/);
  });

  it("a requestState minted for A is accepted for A and refused for B", async () => {
    const caps = { capabilities: { elicitation: { form: {} }, sampling: {} } };
    const first = await modernCall(resource, "tools/call", { name: "confirm_delete", arguments: { id: "1" } }, { ...caps, ...as_(alice) });
    expect(first.final.result.resultType).toBe("input_required");
    const state = first.final.result.requestState;
    const retry = { name: "confirm_delete", arguments: { id: "1" }, requestState: state, inputResponses: { confirm: { action: "accept", content: { ok: true } } } };
    const byAlice = await modernCall(resource, "tools/call", retry, { ...caps, ...as_(alice) });
    // Accepted: the handler got past `confirm` and now asks for `reason`.
    expect(byAlice.final.result.resultType).toBe("input_required");
    expect(Object.keys(byAlice.final.result.inputRequests)).toEqual(["reason"]);
    const byBob = await modernCall(resource, "tools/call", retry, { ...caps, ...as_(bob) });
    expect(byBob.final.error.code).toBe(-32602);
    expect(byBob.final.error.data.reason).toBe("invalid_request_state");
  });

  it("a legacy session belongs to the subject that created it (both see ctx.auth)", async () => {
    const headers = (token: string, session?: string) => ({
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      authorization: `Bearer ${token}`,
      ...(session ? { "mcp-session-id": session, "mcp-protocol-version": "2025-11-25" } : {}),
    });
    const init = await rawRequest(resource, {
      headers: headers(alice),
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } } }),
    });
    expect(init.status).toBe(200);
    const session = init.headers["mcp-session-id"] as string;
    const whoami = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "whoami", arguments: {} } });
    const mine = await rawRequest(resource, { headers: headers(alice, session), body: whoami });
    expect(mine.status).toBe(200);
    expect(JSON.parse(JSON.parse(mine.body).result.content[0].text).subject).toBe("alice");
    const theirs = await rawRequest(resource, { headers: headers(bob, session), body: whoami });
    expect(theirs.status).toBe(404);
    const hijackGet = await rawRequest(resource, { method: "GET", headers: { ...headers(bob, session), accept: "text/event-stream" } });
    expect(hijackGet.status).toBe(404);
    const hijackDelete = await rawRequest(resource, { method: "DELETE", headers: headers(bob, session) });
    expect(hijackDelete.status).toBe(404);
    // Still alive for its owner after the attempts.
    expect((await rawRequest(resource, { headers: headers(alice, session), body: whoami })).status).toBe(200);
  });
});

describe("fetch adapter", () => {
  it("serves metadata, challenges and ctx.auth like node:http", async () => {
    const id = "http://127.0.0.1:1/mcp";
    const handler = createFetchHandler(createMcpServer(authDefinition(), { auth: options(as.issuer, id) }));
    const host = { host: "127.0.0.1:1" };
    const metadata = await handler(new Request("http://127.0.0.1:1/.well-known/oauth-protected-resource/mcp", { headers: host }));
    expect(metadata.status).toBe(200);
    expect((await metadata.json()).resource).toBe(id);

    const body = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "whoami", arguments: {}, _meta: { "io.modelcontextprotocol/protocolVersion": MODERN, "io.modelcontextprotocol/clientCapabilities": {} } },
    });
    const post = (headers: Record<string, string>, url = id) =>
      handler(
        new Request(url, {
          method: "POST",
          body,
          headers: { ...host, "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": MODERN, "mcp-method": "tools/call", "mcp-name": "whoami", ...headers },
        }),
      );
    const anonymous = await post({});
    expect(anonymous.status).toBe(401);
    expect(parseChallenge(anonymous.headers.get("www-authenticate") ?? "").params["resource_metadata"]).toBe("http://127.0.0.1:1/.well-known/oauth-protected-resource/mcp");

    const token = await as.clientToken("alice", "alice-secret", id, "notes:read");
    const served = await post({ authorization: `Bearer ${token}` });
    expect(served.status).toBe(200);
    const result = (await served.json()) as { result: { content: Array<{ text: string }> } };
    expect(JSON.parse(result.result.content[0]!.text).subject).toBe("alice");

    const inQuery = await post({ authorization: `Bearer ${token}` }, `${id}?access_token=${token}`);
    expect(inQuery.status).toBe(400);
  });
});
