// Configured limits: session cap and SSE keepalive comments.
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenHttp, type ListeningServer } from "../../packages/runtime/src/http/node.js";
import { createMcpServer } from "../../packages/runtime/src/server/server.js";
import { envelope, testDefinition } from "./helpers/definition.js";
import { modernHeaders, rawRequest } from "./helpers/http.js";

let listening: ListeningServer;

beforeAll(async () => {
  listening = await listenHttp(createMcpServer(testDefinition(), { limits: { maxSessions: 1, keepAliveMs: 40 } }), { port: 0 });
});
afterAll(() => listening.close());

const initialize = () =>
  rawRequest(listening.url, {
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {} } }),
  });

describe("limits", () => {
  it("at maxSessions evicts a session that never made a request, and refuses with 503 when all are in use", async () => {
    const first = await initialize();
    expect(first.status).toBe(200);
    // An unused session makes room for a new one (a flood of bare handshakes displaces only itself).
    const second = await initialize();
    expect(second.status).toBe(200);
    const headers = { "content-type": "application/json", "mcp-session-id": String(second.headers["mcp-session-id"]) };
    const evicted = await rawRequest(listening.url, { headers: { ...headers, "mcp-session-id": String(first.headers["mcp-session-id"]) }, body: '{"jsonrpc":"2.0","id":2,"method":"ping"}' });
    expect(evicted.status).toBe(404);
    const ping = await rawRequest(listening.url, { headers, body: '{"jsonrpc":"2.0","id":3,"method":"ping"}' });
    expect(ping.status).toBe(200);
    const third = await initialize();
    expect(third.status).toBe(503);
    expect(JSON.parse(third.body).id).toBe(1);
  });

  it("sends keepalive comments on an idle listen stream", async () => {
    const text = await new Promise<string>((resolve) => {
      let seen = "";
      const req = request(listening.url, { method: "POST", headers: modernHeaders("subscriptions/listen") }, (res) => {
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          seen += chunk;
          if (seen.includes(": keepalive")) {
            req.destroy();
            resolve(seen);
          }
        });
      });
      req.on("error", () => {});
      req.end(JSON.stringify({ jsonrpc: "2.0", id: 5, method: "subscriptions/listen", params: { notifications: {}, _meta: envelope() } }));
    });
    // indexOf is -1 when the acknowledgement is missing, which would pass a bare `<` check.
    const acknowledged = text.indexOf("notifications/subscriptions/acknowledged");
    expect(acknowledged, "the listen stream carries the acknowledgement").toBeGreaterThanOrEqual(0);
    expect(acknowledged).toBeLessThan(text.indexOf(": keepalive"));
  });
});
