// DPoP from the client side against the real authorization server and the generated
// secure-notes server: the token request carries a proof, oidc-provider binds the token to the
// client's key (token_type DPoP), every MCP request presents it with the DPoP scheme and a fresh
// proof; the key is stored with the token, so a restarted client keeps using both.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OAuthClient } from "../../packages/runtime/src/client/auth/oauth.js";
import { FileCredentialStore } from "../../packages/runtime/src/client/auth/store/file.js";
import { createHttpTransport } from "../../packages/runtime/src/client/transport/http.js";
import { generatedClient, recordingFetch, scratch, startSecureNotes, type RunningExample } from "../client/auth/support.js";
import { startAuthorizationServer, type AuthorizationServer } from "./support/authorization-server.js";

let as: AuthorizationServer;
let notes: RunningExample;

beforeAll(async () => {
  as = await startAuthorizationServer({ scopes: ["notes:read", "notes:write"] });
  notes = await startSecureNotes(as.issuer);
  await as.addClient("dpop-job", "dpop-job-secret");
}, 30_000);
afterAll(async () => {
  notes?.stop();
  await as?.close();
});

/** Records what the client sends to the MCP server (scheme and proof per request). */
function mcpRecorder(inner: typeof fetch): { fetch: typeof fetch; sent: Array<{ authorization: string | null; dpop: string | null }> } {
  const sent: Array<{ authorization: string | null; dpop: string | null }> = [];
  return {
    sent,
    fetch: async (input, init) => {
      const headers = new Headers(init?.headers);
      if (String(input) === notes.url && init?.method === "POST") sent.push({ authorization: headers.get("authorization"), dpop: headers.get("dpop") });
      return inner(input, init);
    },
  };
}

function claims(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split(".")[1] as string, "base64url").toString()) as Record<string, unknown>;
}

describe("DPoP-bound tokens", () => {
  it("a bound token, presented with the DPoP scheme and a fresh proof each time; the key survives a restart", async () => {
    const file = path.join(scratch("dpop"), "credentials.json");
    const tokens = recordingFetch();
    const wire = mcpRecorder(globalThis.fetch);
    const oauth = new OAuthClient({ grant: { type: "client_credentials" }, dpop: true, clientInformation: { client_id: "dpop-job", client_secret: "dpop-job-secret" }, store: new FileCredentialStore(file), fetch: tokens.fetch });
    const { connect } = await generatedClient();
    const client = await connect({ transport: createHttpTransport({ url: notes.url, auth: oauth, fetch: wire.fetch }), protocol: "2026-07-28", clientInfo: { name: "dpop", version: "1" } });
    try {
      expect((await client.tools.whoami({})).structured.subject).toBe("dpop-job");
      await client.tools.listNotes({});
    } finally {
      await client.close();
    }
    expect(tokens.tokenRequests).toHaveLength(1);
    expect(tokens.tokenRequests[0]!.headers.get("dpop")).toEqual(expect.any(String));
    const authorized = wire.sent.filter((s) => s.authorization !== null);
    expect(authorized.length).toBeGreaterThanOrEqual(2);
    for (const s of authorized) expect(s.authorization).toMatch(/^DPoP /);
    const jtis = authorized.map((s) => claims(s.dpop as string).jti);
    expect(new Set(jtis).size).toBe(jtis.length);
    expect(claims(authorized[0]!.dpop as string)).toMatchObject({ htm: "POST", htu: notes.url });

    // Restart with the same store: the stored key proves possession of the stored token.
    const again = recordingFetch();
    const restarted = new OAuthClient({ grant: { type: "client_credentials" }, dpop: true, clientInformation: { client_id: "dpop-job", client_secret: "dpop-job-secret" }, store: new FileCredentialStore(file), fetch: again.fetch });
    const second = await connect({ transport: createHttpTransport({ url: notes.url, auth: restarted }), protocol: "2026-07-28", clientInfo: { name: "dpop", version: "1" } });
    try {
      expect((await second.tools.whoami({})).structured.subject).toBe("dpop-job");
    } finally {
      await second.close();
    }
    expect(again.tokenRequests).toEqual([]);
  }, 30_000);
});
