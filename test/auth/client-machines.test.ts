// Client credentials with private-key JWT client authentication (RFC 7523 § 2.2) against the
// real authorization server (oidc-provider) and the generated secure-notes server: the client
// signs its assertion with its own key (given as a PEM, then as a JWK), obtains a token for the
// server's resource without any person, and calls protected tools; the server sees the client
// itself as the subject.
import { exportJWK, exportPKCS8, generateKeyPair } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OAuthClient } from "../../packages/runtime/src/client/auth/oauth.js";
import { OAuthError } from "../../packages/runtime/src/client/auth/errors.js";
import { createHttpTransport } from "../../packages/runtime/src/client/transport/http.js";
import { generatedClient, recordingFetch, startSecureNotes, type RunningExample } from "../client/auth/support.js";
import { startAuthorizationServer, type AuthorizationServer } from "./support/authorization-server.js";

let as: AuthorizationServer;
let notes: RunningExample;

beforeAll(async () => {
  as = await startAuthorizationServer({ scopes: ["notes:read", "notes:write"] });
  notes = await startSecureNotes(as.issuer);
}, 30_000);
afterAll(async () => {
  notes?.stop();
  await as?.close();
});

describe.each(["2026-07-28", "2025-11-25"])("client credentials + private_key_jwt, %s", (revision) => {
  it("a PEM key: token for the resource, whoami answers the client, writes are allowed", async () => {
    const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true });
    const clientId = `batch-job-${revision}`;
    await as.addKeyClient(clientId, await exportJWK(publicKey), "ES256");
    const recorder = recordingFetch();
    const oauth = new OAuthClient({ grant: { type: "client_credentials" }, clientInformation: { client_id: clientId, private_key: await exportPKCS8(privateKey) }, fetch: recorder.fetch });
    const { connect } = await generatedClient();
    const client = await connect({ transport: createHttpTransport({ url: notes.url, auth: oauth }), protocol: revision, clientInfo: { name: "machine", version: "1" } });
    try {
      const who = await client.tools.whoami({});
      expect(who.structured.subject).toBe(clientId);
      expect(who.structured.scopes).toEqual(["notes:read"]);
      // add_note needs notes:write: the 403 makes the client ask again, for both scopes, still without a person.
      const added = await client.tools.addNote({ title: "nightly", body: "ran" });
      expect(added.isError).toBeFalsy();
      expect((await client.tools.whoami({})).structured.scopes).toEqual(expect.arrayContaining(["notes:read", "notes:write"]));
      // Two grants, each with an assertion and no secret; the resource is the server's.
      expect(recorder.tokenRequests.map((r) => r.grantType)).toEqual(["client_credentials", "client_credentials"]);
      expect(recorder.tokenRequests[1]!.form.get("scope")?.split(" ").sort()).toEqual(["notes:read", "notes:write"]);
      const form = recorder.tokenRequests[0]!.form;
      expect(form.get("client_assertion_type")).toBe("urn:ietf:params:oauth:client-assertion-type:jwt-bearer");
      expect(form.get("client_secret")).toBeNull();
      expect(form.get("resource")).toBe(notes.url);
      expect(recorder.tokenRequests[0]!.headers.get("authorization")).toBeNull();
    } finally {
      await client.close();
    }
  }, 30_000);
});

describe("client credentials + private_key_jwt", () => {
  it("a JWK key works the same", async () => {
    const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
    await as.addKeyClient("jwk-job", await exportJWK(publicKey), "RS256");
    const oauth = new OAuthClient({ grant: { type: "client_credentials" }, clientInformation: { client_id: "jwk-job", private_key: { ...(await exportJWK(privateKey)), alg: "RS256" } } });
    const { connect } = await generatedClient();
    const client = await connect({ transport: createHttpTransport({ url: notes.url, auth: oauth }), protocol: "2026-07-28", clientInfo: { name: "machine", version: "1" } });
    try {
      expect((await client.tools.whoami({})).structured.subject).toBe("jwk-job");
    } finally {
      await client.close();
    }
  }, 30_000);

  it("a key the AS does not know is invalid_client: auth-refused, no retry, no key in the message", async () => {
    const registered = await generateKeyPair("ES256", { extractable: true });
    await as.addKeyClient("wrong-key-job", await exportJWK(registered.publicKey), "ES256");
    const other = await generateKeyPair("ES256", { extractable: true });
    const pem = await exportPKCS8(other.privateKey);
    const recorder = recordingFetch();
    const oauth = new OAuthClient({ grant: { type: "client_credentials" }, clientInformation: { client_id: "wrong-key-job", private_key: pem }, fetch: recorder.fetch });
    const { connect } = await generatedClient();
    const failure = await connect({ transport: createHttpTransport({ url: notes.url, auth: oauth }), protocol: "2026-07-28", clientInfo: { name: "machine", version: "1" } }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(OAuthError);
    expect((failure as OAuthError).reason).toBe("auth-refused");
    expect((failure as OAuthError).oauthError).toBe("invalid_client");
    expect(recorder.tokenRequests).toHaveLength(1);
    const body = pem.split("\n")[1] as string;
    expect((failure as Error).message).not.toContain(body.slice(0, 20));
    expect((failure as Error).message).not.toContain(recorder.tokenRequests[0]!.form.get("client_assertion") as string);
  }, 30_000);
});
