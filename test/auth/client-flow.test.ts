// End to end against the real authorization server: the generated secure-notes server (started
// by its own start.js with --port and --issuer), and the generated typed client with the
// runtime's OAuth client. 401 → RFC 9728 metadata → AS metadata → dynamic registration →
// authorization code + PKCE (consent driven by the AS's auto-consent interaction, see
// support/authorization-server.ts) → token → call → 403 insufficient_scope on add/delete_note →
// step-up to notes:write → call, in both eras.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OAuthClient } from "../../packages/runtime/src/client/auth/oauth.js";
import { createHttpTransport } from "../../packages/runtime/src/client/transport/http.js";
import { startAuthorizationServer, type AuthorizationServer } from "./support/authorization-server.js";

const EXAMPLE = path.resolve("examples/secure-notes");
const REDIRECT = "http://127.0.0.1:1/callback";

let as: AuthorizationServer;
let server: ChildProcess;
let url: string;

/** Starts start.js and resolves with the URL it prints (`listening <url>`). */
function startExample(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(EXAMPLE, "start.js"), ...args], { stdio: ["ignore", "ignore", "pipe"] });
    let err = "";
    const timer = setTimeout(() => reject(new Error(`start.js did not start: ${err}`)), 15_000);
    child.stderr!.on("data", (chunk: Buffer) => {
      err += chunk.toString();
      const match = /listening (\S+)/.exec(err);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1] as string });
      }
    });
    child.once("exit", (code) => reject(new Error(`start.js exited ${code}: ${err}`)));
  });
}

beforeAll(async () => {
  as = await startAuthorizationServer({ scopes: ["notes:read", "notes:write"] });
  const started = await startExample(["--port", "0", "--issuer", as.issuer]);
  server = started.child;
  url = started.url;
}, 30_000);
afterAll(async () => {
  server?.kill();
  await as?.close();
});

async function generated() {
  return (await import(path.join(EXAMPLE, "generated/dist/index.js"))) as {
    connect: (options: unknown) => Promise<any>;
    toolScopes: Record<string, readonly string[]>;
  };
}

describe.each(["2026-07-28", "2025-11-25"])("generated client, %s", (revision) => {
  it("authorizes on 401, steps up on 403 for add_note/delete_note, and calls", async () => {
    const { connect, toolScopes } = await generated();
    // What the typed client knows from the manifest, before any call.
    expect(toolScopes["delete_note"]).toEqual(["notes:read", "notes:write"]);
    expect(toolScopes["list_notes"]).toEqual(["notes:read"]);

    as.user = `user-${revision}`;
    const authorizations: URL[] = [];
    const oauth = new OAuthClient({
      redirectUrl: REDIRECT,
      clientName: "secure-notes e2e",
      openAuthorization: (authorizationUrl) => {
        authorizations.push(authorizationUrl);
        return as.authorize(authorizationUrl, REDIRECT);
      },
    });
    const client = await connect({ transport: createHttpTransport({ url, auth: oauth }), protocol: revision, clientInfo: { name: "e2e", version: "1" } });
    try {
      const who = await client.tools.whoami({});
      expect(who.structured.subject).toBe(`user-${revision}`);
      expect(who.structured.scopes).not.toContain("notes:write");
      expect(authorizations).toHaveLength(1);
      expect(authorizations[0]!.searchParams.get("scope")?.split(" ")).toContain("notes:read");
      expect(authorizations[0]!.searchParams.get("resource")).toBe(url);
      expect(authorizations[0]!.searchParams.get("code_challenge_method")).toBe("S256");

      const added = await client.tools.addNote({ title: "t", body: "b" });
      expect(added.isError).toBeFalsy();
      // The 403 on add_note made the client ask again, now for notes:write as well.
      expect(authorizations).toHaveLength(2);
      expect(authorizations[1]!.searchParams.get("scope")?.split(" ")).toEqual(expect.arrayContaining(["notes:read", "notes:write"]));

      const listed = await client.tools.listNotes({});
      expect(listed.structured.notes.map((n: { title: string }) => n.title)).toEqual(["t"]);
      const deleted = await client.tools.deleteNote({ id: added.structured.id });
      expect(deleted.isError).toBeFalsy();
      expect(authorizations).toHaveLength(2);
      expect((await client.tools.whoami({})).structured.scopes).toEqual(expect.arrayContaining(["notes:read", "notes:write"]));
    } finally {
      await client.close();
    }
  }, 30_000);
});

describe("step-up on delete_note", () => {
  it("a read token gets 403 on delete_note, the client steps up, and the delete goes through", async () => {
    const { connect } = await generated();
    as.user = "deleter";
    const scopes: string[][] = [];
    const oauth = new OAuthClient({
      redirectUrl: REDIRECT,
      openAuthorization: (authorizationUrl) => {
        scopes.push((authorizationUrl.searchParams.get("scope") ?? "").split(" "));
        return as.authorize(authorizationUrl, REDIRECT);
      },
    });
    const client = await connect({ transport: createHttpTransport({ url, auth: oauth }), protocol: "2026-07-28", clientInfo: { name: "e2e", version: "1" } });
    try {
      await client.tools.listNotes({});
      expect(scopes).toHaveLength(1);
      expect(scopes[0]).not.toContain("notes:write");
      const deleted = await client.tools.deleteNote({ id: "no-such-note" });
      expect(scopes).toHaveLength(2);
      expect(scopes[1]).toContain("notes:write");
      // Authorized now: the handler ran and answered that the note does not exist.
      expect(deleted.isError).toBe(true);
      expect(deleted.content[0].text).toBe("no note no-such-note");
    } finally {
      await client.close();
    }
  }, 30_000);
});
