// Credentials that survive a restart, and renewal under load, against the real authorization
// server and the generated secure-notes server:
// - a person logs in once (authorization code, dynamic registration); the client stops; a new
//   process-like client with the same file store calls the server with no new authorization and
//   no new registration; the file is 0600 in a 0700 folder;
// - a token about to expire is refreshed exactly once while 20 calls race for it.
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OAuthClient } from "../../packages/runtime/src/client/auth/oauth.js";
import { FileCredentialStore } from "../../packages/runtime/src/client/auth/store/file.js";
import { createHttpTransport } from "../../packages/runtime/src/client/transport/http.js";
import { generatedClient, recordingFetch, scratch, startSecureNotes, type RunningExample } from "../client/auth/support.js";
import { startAuthorizationServer, type AuthorizationServer } from "./support/authorization-server.js";

const REDIRECT = "http://127.0.0.1:1/callback";
const TTL_SECONDS = 6;

let as: AuthorizationServer;
let notes: RunningExample;

beforeAll(async () => {
  as = await startAuthorizationServer({ scopes: ["notes:read", "notes:write"], accessTokenTtl: TTL_SECONDS });
  notes = await startSecureNotes(as.issuer);
}, 30_000);
afterAll(async () => {
  notes?.stop();
  await as?.close();
});

async function connectWith(oauth: OAuthClient) {
  const { connect } = await generatedClient();
  return connect({ transport: createHttpTransport({ url: notes.url, auth: oauth }), protocol: "2026-07-28", clientInfo: { name: "cli", version: "1" } });
}

describe("file credential store", () => {
  it("a restarted client calls without a new authorization or registration", async () => {
    const file = path.join(scratch("store"), "nested", "credentials.json");
    as.user = "restarter";
    const first = recordingFetch();
    let authorizations = 0;
    const login = new OAuthClient({
      redirectUrl: REDIRECT,
      store: new FileCredentialStore(file),
      fetch: first.fetch,
      openAuthorization: (url) => {
        authorizations++;
        return as.authorize(url, REDIRECT);
      },
    });
    const before = await connectWith(login);
    try {
      expect((await before.tools.whoami({})).structured.subject).toBe("restarter");
    } finally {
      await before.close();
    }
    expect(authorizations).toBe(1);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    const stored = JSON.parse(readFileSync(file, "utf8")) as { entries: Record<string, { resource: string; registration?: { client_id: string } }> };
    const entry = Object.values(stored.entries)[0]!;
    expect(entry.resource).toBe(notes.url);
    expect(entry.registration?.client_id).toEqual(expect.any(String));

    // "Restart": a new client object, only the file in common.
    const second = recordingFetch();
    const restarted = new OAuthClient({
      redirectUrl: REDIRECT,
      store: new FileCredentialStore(file),
      fetch: second.fetch,
      refreshSkewMs: 0,
      openAuthorization: () => Promise.reject(new Error("no new authorization expected")),
    });
    const after = await connectWith(restarted);
    try {
      expect((await after.tools.whoami({})).structured.subject).toBe("restarter");
    } finally {
      await after.close();
    }
    expect(second.tokenRequests).toEqual([]);
  }, 30_000);

  it("one refresh while 20 calls race with a token about to expire", async () => {
    as.user = "racer";
    const recorder = recordingFetch();
    const oauth = new OAuthClient({
      redirectUrl: REDIRECT,
      fetch: recorder.fetch,
      // Renew when less than 4 s are left of the 6 s token.
      refreshSkewMs: 4_000,
      openAuthorization: (url) => as.authorize(url, REDIRECT),
    });
    const client = await connectWith(oauth);
    try {
      await client.tools.listNotes({});
      expect(recorder.tokenRequests.map((r) => r.grantType)).toEqual(["authorization_code"]);
      // Let the token get within the renewal window (2.5 s into its 6 s life), then race.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      const results = await Promise.all(Array.from({ length: 20 }, () => client.tools.whoami({})));
      for (const result of results) expect(result.structured.subject).toBe("racer");
      expect(recorder.tokenRequests.map((r) => r.grantType)).toEqual(["authorization_code", "refresh_token"]);
    } finally {
      await client.close();
    }
  }, 30_000);
});
