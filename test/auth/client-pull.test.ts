// `mcp-gen pull` without a person against the generated secure-notes server and the real
// authorization server: client credentials with a secret from an environment variable, and with
// a private-key JWT from a key file. The pulled manifest lists the protected tools and holds no
// secret; a wrong secret, an unset variable and contradictory options fail cleanly.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { exportJWK, exportPKCS8, generateKeyPair } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, scratchDir, startServer, type RunningServer } from "../pull/support.js";
import { startAuthorizationServer, type AuthorizationServer } from "./support/authorization-server.js";

const SECRET = "pull-secret-7f3a9c-never-written";
let as: AuthorizationServer;
let notes: RunningServer;

beforeAll(async () => {
  as = await startAuthorizationServer({ scopes: ["notes:read", "notes:write"] });
  notes = await startServer(["examples/secure-notes/start.js", "--port", "0", "--issuer", as.issuer]);
  await as.addClient("ci-pull", SECRET);
}, 30_000);
afterAll(async () => {
  notes?.stop();
  await as?.close();
});

function expectProtectedTools(manifest: string): void {
  for (const tool of ["list_notes", "add_note", "delete_note", "whoami"]) expect(manifest).toContain(`${tool}:`);
}

describe("mcp-gen pull with machine credentials", () => {
  it("--client-id + --client-secret-env: pulls, and the secret appears nowhere", async () => {
    const out = join(scratchDir("pull-machine"), "secret.yaml");
    const run = await runCli(["pull", notes.url, "--client-id", "ci-pull", "--client-secret-env", "PULL_SECRET", "--out", out, "--timeout", "20000"], { env: { PULL_SECRET: SECRET } });
    expect(run.code, run.stderr).toBe(0);
    const manifest = readFileSync(out, "utf8");
    expectProtectedTools(manifest);
    expect(manifest).not.toContain(SECRET);
    expect(run.stdout + run.stderr).not.toContain(SECRET);
  }, 60_000);

  it("--client-id + --client-key-file: private_key_jwt", async () => {
    const folder = scratchDir("pull-machine");
    const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true });
    await as.addKeyClient("ci-pull-key", await exportJWK(publicKey), "ES256");
    const keyFile = join(folder, "client.pem");
    const pem = await exportPKCS8(privateKey);
    writeFileSync(keyFile, pem, { mode: 0o600 });
    const out = join(folder, "key.yaml");
    const run = await runCli(["pull", notes.url, "--client-id", "ci-pull-key", "--client-key-file", keyFile, "--out", out, "--timeout", "20000"]);
    expect(run.code, run.stderr).toBe(0);
    const manifest = readFileSync(out, "utf8");
    expectProtectedTools(manifest);
    expect(manifest).not.toContain(pem.split("\n")[1] as string);
  }, 60_000);

  it("a wrong secret is MCPGEN4010 naming invalid_client, without the secret, and writes nothing", async () => {
    const out = join(scratchDir("pull-machine"), "wrong.yaml");
    const run = await runCli(["pull", notes.url, "--client-id", "ci-pull", "--client-secret-env", "PULL_SECRET", "--out", out, "--timeout", "20000"], { env: { PULL_SECRET: "not-the-secret-1234" } });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("MCPGEN4010");
    expect(run.stderr).toContain("invalid_client");
    expect(run.stderr).not.toContain("not-the-secret-1234");
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(() => readFileSync(out)).toThrow();
  }, 60_000);

  it("an unset variable, a lone --client-id and contradictory options are MCPGEN4001 before any request", async () => {
    const out = join(scratchDir("pull-machine"), "none.yaml");
    const unset = await runCli(["pull", notes.url, "--client-id", "ci-pull", "--client-secret-env", "MCP_GEN_TEST_NO_SUCH_VAR", "--out", out]);
    expect(unset.code).toBe(1);
    expect(unset.stderr).toContain("MCPGEN4001");
    expect(unset.stderr).toContain("MCP_GEN_TEST_NO_SUCH_VAR");
    const lone = await runCli(["pull", notes.url, "--client-id", "ci-pull", "--out", out]);
    expect(lone.stderr).toContain("MCPGEN4001");
    const both = await runCli(["pull", notes.url, "--client-id", "ci-pull", "--client-secret-env", "X", "--client-key-file", "k.pem", "--out", out]);
    expect(both.stderr).toContain("MCPGEN4001");
    const withOauth = await runCli(["pull", notes.url, "--oauth", "--workload-token-env", "X", "--out", out], { env: { X: "a.b.c" } });
    expect(withOauth.stderr).toContain("MCPGEN4001");
  }, 60_000);
});
