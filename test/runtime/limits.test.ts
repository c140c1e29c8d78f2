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
  it("refuses sessions beyond maxSessions with 503", async () => {
    expect((await initialize()).status).toBe(200);
    const second = await initialize();
    expect(second.status).toBe(503);
    expect(JSON.parse(second.body).id).toBe(1);
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
