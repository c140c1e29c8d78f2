// Stateless legacy HTTP (ServerOptions.legacyHttp: "stateless"), for deployments that want neither
// Redis nor sessions: no Mcp-Session-Id is issued, any request is served on its own, GET and
// DELETE are not offered, and a handler that asks the client is told why it cannot.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenHttp, type ListeningServer } from "../../packages/runtime/src/http/node.js";
import { createMcpServer } from "../../packages/runtime/src/server/server.js";
import { connectSdkClient } from "../interop/support/sdk-client.js";
import { testDefinition } from "../runtime/helpers/definition.js";
import { LEGACY, stream } from "./helpers/wire.js";

let listening: ListeningServer;
const headers = { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": LEGACY };

beforeAll(async () => {
  listening = await listenHttp(createMcpServer(testDefinition(), { legacyHttp: "stateless" }), { port: 0 });
});
afterAll(() => listening.close());

async function post(message: object, extra: Record<string, string> = headers) {
  const open = stream(listening.url, { headers: extra, body: JSON.stringify(message) });
  const status = await open.status;
  await open.ended;
  return { status, last: open.events.at(-1)?.data };
}

describe("stateless legacy HTTP", () => {
  it("answers initialize without a session id and serves later requests without one", async () => {
    let sessionHeader: string | undefined = "unset";
    const init = stream(listening.url, {
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: "t", version: "1" } } }),
    });
    expect(await init.status).toBe(200);
    await init.ended;
    expect(init.events[0]?.data.result.protocolVersion).toBe(LEGACY);
    const { request } = await import("node:http");
    await new Promise<void>((done) => {
      const req = request(listening.url, { method: "POST", headers }, (res) => {
        sessionHeader = res.headers["mcp-session-id"] as string | undefined;
        res.resume();
        res.on("end", done);
      });
      req.end(JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "echo", arguments: { text: "hi" } } }));
    });
    expect(sessionHeader).toBeUndefined();
    expect((await post({ jsonrpc: "2.0", id: 3, method: "tools/list" })).last.result.tools.length).toBeGreaterThan(0);
    expect((await post({ jsonrpc: "2.0", method: "notifications/initialized" })).status).toBe(202);
  });

  it("reports server→client requests as unavailable instead of waiting for an answer that cannot come", async () => {
    const { status, last } = await post({ jsonrpc: "2.0", id: 4, method: "tools/call", params: { name: "confirm_delete", arguments: { id: "x" } } });
    expect(status).toBe(200);
    expect(last.result.isError).toBe(true);
    expect(last.result.content[0].text).toMatch(/server→client requests .* unavailable: .*without sessions/);
  });

  it("offers no GET stream and no DELETE (405)", async () => {
    expect(await stream(listening.url, { method: "GET", headers }).status).toBe(405);
    expect(await stream(listening.url, { method: "DELETE", headers }).status).toBe(405);
  });

  it("works with the official SDK client on 2025-11-25 (no session id, tools listed and called)", async () => {
    const connected = await connectSdkClient({ era: "legacy", target: { kind: "http", url: new URL(listening.url) }, capabilities: {} });
    try {
      expect(connected.sessionId()).toBeUndefined();
      expect((await connected.client.listTools()).tools.map((t) => t.name)).toContain("echo");
      const result = await connected.client.callTool({ name: "echo", arguments: { text: "stateless" } });
      expect((result.content as Array<{ text: string }>)[0]?.text).toBe("stateless");
    } finally {
      await connected.close();
    }
  });
});
