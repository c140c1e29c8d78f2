// A resource server that never accepts a DPoP proof's nonce (it demands `use_dpop_nonce` again
// and again, with the same or with a new nonce) must not keep the client busy: the request ends
// with `auth-required` after a bounded number of attempts, and the token is obtained once. One
// real HTTP server on 127.0.0.1 plays the protected resource, its metadata and the token endpoint.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { McpClient, McpClientError, OAuthClient, createHttpTransport } from "../../../packages/runtime/src/client-entry.js";

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

async function start(rotate: boolean): Promise<{ url: string; counts: { mcp: number; token: number; withNonce: number } }> {
  const counts = { mcp: 0, token: 0, withNonce: 0 };
  let n = 0;
  server = createServer((req, res) => {
    const base = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
    const json = (status: number, body: unknown, headers: Record<string, string> = {}): void => void res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));
    req.resume();
    req.on("end", () => {
      if (req.url === "/.well-known/oauth-protected-resource/mcp") return json(200, { resource: `${base}/mcp`, authorization_servers: [base] });
      if (req.url === "/.well-known/oauth-authorization-server") {
        return json(200, { issuer: base, token_endpoint: `${base}/token`, grant_types_supported: ["client_credentials"], token_endpoint_auth_methods_supported: ["client_secret_post"], dpop_signing_alg_values_supported: ["ES256"] });
      }
      if (req.url === "/token") {
        counts.token++;
        return json(200, { access_token: "bound-token", token_type: "DPoP", expires_in: 600 });
      }
      if (req.url === "/mcp") {
        counts.mcp++;
        const metadata = `resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`;
        if (req.headers.authorization === undefined) return json(401, { error: "unauthorized" }, { "www-authenticate": `DPoP ${metadata}` });
        const proof = JSON.parse(Buffer.from(String(req.headers.dpop).split(".")[1] ?? "", "base64url").toString()) as { nonce?: string };
        if (proof.nonce !== undefined) counts.withNonce++;
        return json(401, { error: "use_dpop_nonce" }, { "www-authenticate": `DPoP error="use_dpop_nonce", ${metadata}`, "dpop-nonce": rotate ? `nonce-${++n}` : "always-the-same" });
      }
      json(404, {});
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}/mcp`, counts };
}

describe.each([false, true])("resource server nonce loop (new nonce each time: %s)", (rotate) => {
  it("ends with auth-required after a bounded number of attempts, one token request", async () => {
    const { url, counts } = await start(rotate);
    const auth = new OAuthClient({ grant: { type: "client_credentials" }, dpop: true, clientInformation: { client_id: "c", client_secret: "loop-secret" } });
    const client = new McpClient({ transport: createHttpTransport({ url, auth }), clientInfo: { name: "t", version: "1" }, protocol: "2026-07-28" });
    const outcome = await client.connect().then(
      () => undefined,
      (error: unknown) => error,
    );
    await client.close();
    expect(outcome).toBeInstanceOf(McpClientError);
    expect((outcome as McpClientError).reason).toBe("auth-required");
    expect((outcome as Error).message).not.toContain("loop-secret");
    expect(counts.token).toBe(1);
    expect(counts.withNonce).toBeGreaterThanOrEqual(1);
    // 1 unauthenticated + at most maxAttempts (3) repeats.
    expect(counts.mcp).toBeLessThanOrEqual(4);
  });
});
