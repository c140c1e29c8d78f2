// The official SDK client (@modelcontextprotocol/client 2.4.0) with its own OAuth machinery
// (an OAuthClientProvider kept in memory here) against the generated secure-notes server and the
// real authorization server: 401 → metadata → dynamic registration → authorization code + PKCE
// → token → call → 403 insufficient_scope on delete_note → step-up → call, both eras.
// The SDK's interactive contract: it calls redirectToAuthorization(url) and throws
// UnauthorizedError; the application completes the authorization (here: the AS's auto-consent,
// followed without a browser) and hands the code to transport.finishAuth, then retries.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from "@modelcontextprotocol/client";
import type { OAuthClientProvider } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAuthorizationServer, type AuthorizationServer } from "./support/authorization-server.js";

const EXAMPLE = path.resolve("examples/secure-notes");
const REDIRECT = "http://127.0.0.1:1/sdk-callback";

let as: AuthorizationServer;
let server: ChildProcess;
let url: string;

beforeAll(async () => {
  as = await startAuthorizationServer({ scopes: ["notes:read", "notes:write"] });
  await new Promise<void>((resolve, reject) => {
    server = spawn(process.execPath, [path.join(EXAMPLE, "start.js"), "--port", "0", "--issuer", as.issuer], { stdio: ["ignore", "ignore", "pipe"] });
    let err = "";
    server.stderr!.on("data", (chunk: Buffer) => {
      err += chunk.toString();
      const match = /listening (\S+)/.exec(err);
      if (match) {
        url = match[1] as string;
        resolve();
      }
    });
    server.once("exit", (code) => reject(new Error(`start.js exited ${code}: ${err}`)));
  });
}, 30_000);
afterAll(async () => {
  server?.kill();
  await as?.close();
});

/** An in-memory OAuthClientProvider; "the browser" is the AS's auto-consent. */
class MemoryProvider implements OAuthClientProvider {
  information: any;
  stored: any;
  verifier = "";
  /** Authorization URLs the SDK asked to open, and the code of the last one. */
  readonly opened: URL[] = [];
  code: string | undefined;
  reregistrations = 0;
  /** The whole redirect back (code, state and the RFC 9207 `iss`). */
  callback: URLSearchParams | undefined;

  get redirectUrl(): string {
    return REDIRECT;
  }
  get clientMetadata() {
    return { client_name: "sdk e2e", redirect_uris: [REDIRECT], grant_types: ["authorization_code", "refresh_token"], response_types: ["code"], token_endpoint_auth_method: "none" };
  }
  clientInformation() {
    return this.information;
  }
  saveClientInformation(information: unknown) {
    this.information = information;
  }
  tokens() {
    return this.stored;
  }
  saveTokens(tokens: unknown) {
    this.stored = tokens;
  }
  async redirectToAuthorization(authorizationUrl: URL) {
    this.opened.push(authorizationUrl);
    const back = await as.authorize(authorizationUrl, REDIRECT);
    this.code = back.searchParams.get("code") ?? undefined;
    this.callback = back.searchParams;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

/**
 * Runs `action`; on the SDK's UnauthorizedError completes the authorization and runs it again.
 * The SDK registers its client with the scope of the first challenge, and oidc-provider holds a
 * client to its registered scope, so the step-up authorization comes back `invalid_scope`: the
 * application then drops the registration and the SDK registers anew with the wider scope.
 */
async function authorized<T>(transport: () => StreamableHTTPClientTransport, provider: MemoryProvider, action: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await action();
    } catch (error) {
      if (!(error instanceof UnauthorizedError) || attempt === 2) throw error;
      if (provider.callback?.get("error") === "invalid_scope") {
        provider.reregistrations++;
        provider.information = undefined;
        continue;
      }
      expect(provider.callback?.get("code"), provider.callback?.toString()).toBeTruthy();
      await transport().finishAuth(provider.callback as URLSearchParams);
    }
  }
}

describe.each([
  ["2026-07-28", { versionNegotiation: { mode: { pin: "2026-07-28" } } }],
  ["2025-11-25", {}],
] as const)("official SDK client, %s", (revision, options) => {
  it("authorizes, calls, steps up on 403 for delete_note, and deletes", async () => {
    as.user = `sdk-${revision}`;
    const provider = new MemoryProvider();
    let transport = new StreamableHTTPClientTransport(new URL(url), { authProvider: provider });
    let client = new Client({ name: "sdk-e2e", version: "1.0.0" }, options as never);
    try {
      await client.connect(transport);
    } catch (error) {
      // The handshake (initialize or server/discover) met the 401: finish, then connect anew.
      if (!(error instanceof UnauthorizedError)) throw error;
      await transport.finishAuth(provider.callback as URLSearchParams);
      await client.close().catch(() => undefined);
      transport = new StreamableHTTPClientTransport(new URL(url), { authProvider: provider });
      client = new Client({ name: "sdk-e2e", version: "1.0.0" }, options as never);
      await client.connect(transport);
    }
    try {
      const call = (name: string, args: Record<string, unknown>) => authorized(() => transport, provider, () => client.callTool({ name, arguments: args }));
      const who = (await call("whoami", {})) as { structuredContent: { subject: string; scopes: string[] } };
      expect(who.structuredContent.subject).toBe(`sdk-${revision}`);
      expect(who.structuredContent.scopes).not.toContain("notes:write");
      expect(provider.opened.length).toBe(1);
      expect(provider.opened[0]!.searchParams.get("resource")).toBe(url);

      const listed = (await call("list_notes", {})) as { structuredContent: { notes: unknown[] } };
      expect(listed.structuredContent.notes).toEqual([]);

      // The read token is refused for delete_note: 403 insufficient_scope → step-up.
      const deleted = (await call("delete_note", { id: "none" })) as { isError?: boolean; content: Array<{ text: string }> };
      const stepUp = provider.opened.at(-1)!;
      expect(provider.opened.length).toBeGreaterThanOrEqual(2);
      expect(stepUp.searchParams.get("scope")?.split(" ")).toEqual(expect.arrayContaining(["notes:read", "notes:write"]));
      expect(provider.reregistrations).toBeLessThanOrEqual(1);
      expect(deleted.isError).toBe(true);
      expect(deleted.content[0]!.text).toBe("no note none");
      const after = (await call("whoami", {})) as { structuredContent: { scopes: string[] } };
      expect(after.structuredContent.scopes).toEqual(expect.arrayContaining(["notes:read", "notes:write"]));
    } finally {
      await client.close();
    }
  }, 30_000);
});
