// Bad input on the client's authorization path, each a clear McpClientError with a stable
// reason and nothing secret in its message: a token endpoint answering garbage, invalid_client,
// a DPoP nonce loop, a missing or malformed key file, a missing workload token, a corrupt store
// file (left byte for byte as it was, no temporary file behind). The token endpoint is a real
// HTTP server on 127.0.0.1 started by the test, answering what each case needs.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DpopKey } from "../../../packages/runtime/src/client/auth/dpop.js";
import { OAuthError } from "../../../packages/runtime/src/client/auth/errors.js";
import { loadSigningKey, readSecret } from "../../../packages/runtime/src/client/auth/keys.js";
import { FileCredentialStore } from "../../../packages/runtime/src/client/auth/store/file.js";
import { requestToken } from "../../../packages/runtime/src/client/auth/token-endpoint.js";
import { scratch } from "./support.js";

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;
let handler: Handler = (_req, _body, res) => res.writeHead(500).end();
let server: Server;
let endpoint: string;
const seen: Array<{ headers: IncomingMessage["headers"]; body: string }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      seen.push({ headers: req.headers, body });
      handler(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/token`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const SECRET = "s3cr3t-value-never-printed";

async function failureOf(promise: Promise<unknown>): Promise<OAuthError> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(OAuthError);
  return outcome as OAuthError;
}

function tokenRequest(dpop?: DpopKey) {
  seen.length = 0;
  return requestToken({ fetch, endpoint, issuer: endpoint, form: new URLSearchParams({ grant_type: "client_credentials" }), client: { client_id: "job", client_secret: SECRET }, method: "client_secret_post", dpop });
}

describe("token endpoint answers", () => {
  it("an HTML page is auth-bad-response", async () => {
    handler = (_req, _body, res) => res.writeHead(200, { "content-type": "text/html" }).end("<html>login</html>");
    const error = await failureOf(tokenRequest());
    expect(error.reason).toBe("auth-bad-response");
    expect(error.message).not.toContain(SECRET);
  });

  it("JSON without access_token, or with a negative expires_in, is auth-bad-response", async () => {
    handler = (_req, _body, res) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ token_type: "Bearer" }));
    expect((await failureOf(tokenRequest())).reason).toBe("auth-bad-response");
    handler = (_req, _body, res) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ access_token: "t", token_type: "Bearer", expires_in: -5 }));
    expect((await failureOf(tokenRequest())).reason).toBe("auth-bad-response");
  });

  it("invalid_client is auth-refused with the OAuth code, one request, no secret in the message", async () => {
    handler = (_req, _body, res) => res.writeHead(401, { "content-type": "application/json" }).end(JSON.stringify({ error: "invalid_client", error_description: "unknown client" }));
    const error = await failureOf(tokenRequest());
    expect(error.reason).toBe("auth-refused");
    expect(error.oauthError).toBe("invalid_client");
    expect(error.status).toBe(401);
    expect(error.message).toContain("invalid_client");
    expect(error.message).not.toContain(SECRET);
    expect(seen).toHaveLength(1);
  });

  it("use_dpop_nonce is honoured once; a server that keeps asking is a nonce loop, not an endless retry", async () => {
    let n = 0;
    handler = (_req, _body, res) => res.writeHead(400, { "content-type": "application/json", "dpop-nonce": `nonce-${++n}` }).end(JSON.stringify({ error: "use_dpop_nonce" }));
    const key = await DpopKey.generate();
    const error = await failureOf(tokenRequest(key));
    expect(error.reason).toBe("auth-refused");
    expect(error.oauthError).toBe("use_dpop_nonce");
    expect(seen).toHaveLength(2);
    // The retry carried the nonce the server handed out.
    const proof = JSON.parse(Buffer.from((seen[1]!.headers.dpop as string).split(".")[1] as string, "base64url").toString()) as { nonce?: string; htm: string; htu: string };
    expect(proof).toMatchObject({ nonce: "nonce-1", htm: "POST", htu: endpoint });
  });

  it("a nonce retry that succeeds returns the token", async () => {
    handler = (req, _body, res) => {
      const proof = JSON.parse(Buffer.from((req.headers.dpop as string).split(".")[1] as string, "base64url").toString()) as { nonce?: string };
      if (proof.nonce !== "n1") return void res.writeHead(400, { "content-type": "application/json", "dpop-nonce": "n1" }).end(JSON.stringify({ error: "use_dpop_nonce" }));
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ access_token: "bound", token_type: "DPoP", expires_in: 60 }));
    };
    const answer = await tokenRequest(await DpopKey.generate());
    expect(answer).toMatchObject({ access_token: "bound", token_type: "DPoP", expires_in: 60 });
    expect(seen).toHaveLength(2);
  });
});

describe("keys and workload tokens", () => {
  it("a missing key file is auth-config naming the file", async () => {
    const file = path.join(scratch("keys"), "absent.pem");
    const error = await failureOf(loadSigningKey({ file }, undefined));
    expect(error.reason).toBe("auth-config");
    expect(error.message).toContain(file);
    expect(error.message).toContain("ENOENT");
  });

  it("a malformed key file is auth-config, without its content", async () => {
    const file = path.join(scratch("keys"), "bad.pem");
    const content = "-----BEGIN PRIVATE KEY-----\nTk9UQUtFWQ-not-really-a-key-AAAA\n-----END PRIVATE KEY-----\n";
    writeFileSync(file, content);
    const error = await failureOf(loadSigningKey({ file }, undefined));
    expect(error.reason).toBe("auth-config");
    expect(error.message).not.toContain("not-really-a-key");
    const json = path.join(scratch("keys"), "public.json");
    writeFileSync(json, JSON.stringify({ kty: "EC", crv: "P-256", x: "f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU", y: "x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0" }));
    expect((await failureOf(loadSigningKey({ file: json }, undefined))).message).toContain("no private part");
  });

  it("a workload token from an unset variable, or an empty file, is auth-config", async () => {
    expect((await failureOf(readSecret({ env: "MCP_GEN_TEST_UNSET_WORKLOAD_TOKEN" }, "workload identity token"))).reason).toBe("auth-config");
    const file = path.join(scratch("keys"), "token");
    writeFileSync(file, "\n");
    expect((await failureOf(readSecret({ file }, "workload identity token"))).message).toContain("empty");
  });
});

describe("DPoP key persistence", () => {
  it("a stored key restores to the same thumbprint; a malformed one is auth-store", async () => {
    const key = await DpopKey.generate();
    const restored = await DpopKey.restore(key.exportPrivate());
    expect(await restored.thumbprint()).toBe(await key.thumbprint());
    const { d: _private, ...publicOnly } = key.exportPrivate();
    expect((await failureOf(DpopKey.restore(publicOnly))).reason).toBe("auth-store");
  });
});

describe("file store", () => {
  const entry = { server: "http://127.0.0.1:1/mcp", resource: "http://127.0.0.1:1/mcp", issuer: "http://127.0.0.1:2", accessToken: "a", refreshToken: "r" };

  it("a corrupt file is auth-store on read and on write, and is left byte for byte as it was", async () => {
    const folder = scratch("store-corrupt");
    const file = path.join(folder, "credentials.json");
    for (const corrupt of ['{"format":"mcp-gen-credentials","version":1,"entries":{"k":{"server":1}}}', "{ not json", '{"format":"other"}', '{"format":"mcp-gen-credentials","version":7,"entries":{}}']) {
      writeFileSync(file, corrupt);
      const store = new FileCredentialStore(file);
      const onRead = await failureOf(store.get("k"));
      expect(onRead.reason).toBe("auth-store");
      expect(onRead.message).toContain(file);
      expect((await failureOf(store.set("k", entry))).reason).toBe("auth-store");
      expect(readFileSync(file, "utf8")).toBe(corrupt);
      expect(readdirSync(folder)).toEqual(["credentials.json"]);
    }
  });

  it("round-trips entries, keeps concurrent sets, deletes", async () => {
    const file = path.join(scratch("store-ok"), "credentials.json");
    const store = new FileCredentialStore(file);
    await Promise.all(Array.from({ length: 10 }, (_, i) => store.set(`k${i}`, { ...entry, accessToken: `t${i}` })));
    const reopened = new FileCredentialStore(file);
    for (let i = 0; i < 10; i++) expect((await reopened.get(`k${i}`))?.accessToken).toBe(`t${i}`);
    await reopened.delete("k3");
    expect(await new FileCredentialStore(file).get("k3")).toBeUndefined();
    expect(readdirSync(path.dirname(file))).toEqual(["credentials.json"]);
  });
});
