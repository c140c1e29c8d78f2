// `mcp-gen pull --oauth` against the generated secure-notes server and the real authorization
// server: 401 → metadata → dynamic registration → the printed authorization URL, opened by this
// test as the user's browser (the AS's auto-consent, then the redirect delivered to pull's
// loopback listener) → code + PKCE → token → the pulled manifest lists the protected tools.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI, REPO_ROOT, runCli, scratchDir, startServer, type RunningServer } from "../pull/support.js";
import { startAuthorizationServer, type AuthorizationServer } from "./support/authorization-server.js";

let as: AuthorizationServer;
let notes: RunningServer;

beforeAll(async () => {
  as = await startAuthorizationServer({ scopes: ["notes:read", "notes:write"] });
  notes = await startServer(["examples/secure-notes/start.js", "--port", "0", "--issuer", as.issuer]);
}, 30_000);
afterAll(async () => {
  notes?.stop();
  await as?.close();
});

describe("mcp-gen pull against a protected server", () => {
  it("without credentials fails cleanly, naming the 401", async () => {
    const out = join(scratchDir("pull-oauth"), "none.yaml");
    const run = await runCli(["pull", notes.url, "--out", out, "--timeout", "10000"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/401|auth/i);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  }, 30_000);

  it("--oauth completes the authorization code flow and pulls the contract", async () => {
    const out = join(scratchDir("pull-oauth"), "secure.yaml");
    as.user = "puller";
    const child: ChildProcess = spawn(process.execPath, [CLI, "pull", notes.url, "--oauth", "--out", out, "--timeout", "20000"], { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    let opened: URL | undefined;
    const exited = new Promise<number>((resolve) => child.once("exit", (code) => resolve(code ?? 99)));
    child.stderr!.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /open this URL to authorize mcp-gen pull: (\S+)/.exec(stderr);
      if (match && !opened) {
        opened = new URL(match[1] as string);
        const redirect = opened.searchParams.get("redirect_uri") as string;
        // The user's browser: sign in and consent, then follow the redirect to pull's listener.
        void as.authorize(opened, redirect).then((back) => fetch(back));
      }
    });
    const code = await exited;
    expect(code, stderr).toBe(0);
    expect(opened?.searchParams.get("resource")).toBe(notes.url);
    expect(opened?.searchParams.get("code_challenge_method")).toBe("S256");
    expect(new URL(opened!.searchParams.get("redirect_uri") as string).hostname).toBe("127.0.0.1");
    const manifest = readFileSync(out, "utf8");
    for (const tool of ["list_notes", "add_note", "delete_note", "whoami"]) expect(manifest).toContain(`${tool}:`);
    expect(manifest).not.toContain("Bearer");
  }, 60_000);
});
