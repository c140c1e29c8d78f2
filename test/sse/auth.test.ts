// Bearer authentication on the HTTP+SSE transport (ServerOptions.auth): both paths need a token
// (401 + challenge), a session belongs to the principal whose token opened its stream (another
// principal's POST finds no session: 404), and every message's scopes are checked (403). The v1
// SDK's SSEClientTransport with an Authorization header works end to end.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { invalidToken } from "@mcp-gen/runtime/auth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INITIALIZE, openStream, postJson, raw, startNotes, type OpenStream } from "./support.js";

const TOKENS: Record<string, { subject: string; scopes: string[] }> = {
  alice: { subject: "alice", scopes: ["notes"] },
  bob: { subject: "bob", scopes: ["notes"] },
  carol: { subject: "carol", scopes: [] },
};

let notes: Awaited<ReturnType<typeof startNotes>>;
const streams: OpenStream[] = [];

beforeAll(async () => {
  notes = await startNotes({
    auth: {
      authorizationServers: ["https://as.example.com"],
      requiredScopes: ["notes"],
      verifier: async (token: string) => {
        const known = TOKENS[token];
        if (!known) throw invalidToken("unknown token");
        return { subject: known.subject, clientId: undefined, scopes: known.scopes, issuer: "https://as.example.com", expiresAt: undefined, claims: {} };
      },
    },
  });
});
afterAll(async () => {
  for (const stream of streams.splice(0)) stream.destroy();
  await notes?.close();
});

const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

describe("HTTP+SSE with bearer authentication", () => {
  it("refuses a stream or a message without a valid token with 401 and a challenge", async () => {
    const anonymous = await raw(`${notes.base}/sse`, { headers: { accept: "text/event-stream" } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers["www-authenticate"]).toMatch(/^Bearer .*resource_metadata="http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource\/mcp"/);
    expect((await raw(`${notes.base}/sse`, { headers: bearer("mallory") })).status).toBe(401);
    const stream = await openStream(`${notes.base}/sse`, bearer("alice"));
    streams.push(stream);
    const endpoint = await stream.endpoint();
    expect((await postJson(endpoint, INITIALIZE)).status).toBe(401);
    expect((await postJson(endpoint, INITIALIZE, bearer("alice"))).status).toBe(202);
    await stream.waitFor(/"id":1,"result"/);
  });

  it("binds the session to its principal: another token's POST finds no session", async () => {
    const stream = await openStream(`${notes.base}/sse`, bearer("alice"));
    streams.push(stream);
    const endpoint = await stream.endpoint();
    const stolen = await postJson(endpoint, INITIALIZE, bearer("bob"));
    expect(stolen.status).toBe(404);
    expect((await postJson(endpoint, INITIALIZE, bearer("alice"))).status).toBe(202);
  });

  it("checks each message's scopes: 403 insufficient_scope before dispatch", async () => {
    const stream = await openStream(`${notes.base}/sse`, bearer("carol"));
    streams.push(stream);
    const endpoint = await stream.endpoint();
    const refused = await postJson(endpoint, INITIALIZE, bearer("carol"));
    expect(refused.status).toBe(403);
    expect(refused.headers["www-authenticate"]).toContain('error="insufficient_scope"');
    await new Promise((r) => setTimeout(r, 100));
    expect(stream.text).not.toContain('"result"');
  });

  it("the v1 SDK client with an Authorization header lists and calls tools", async () => {
    const client = new Client({ name: "sdk-v1-sse-auth", version: "1.0.0" });
    await client.connect(new SSEClientTransport(new URL(`${notes.base}/sse`), { requestInit: { headers: bearer("bob") } }));
    try {
      const listed = await client.listTools();
      expect(listed.tools.length).toBe(3);
      const added = await client.callTool({ name: "add_note", arguments: { title: "authorized", body: "b" } });
      expect(typeof (added.structuredContent as { id: string }).id).toBe("string");
    } finally {
      await client.close();
    }
  });
});
