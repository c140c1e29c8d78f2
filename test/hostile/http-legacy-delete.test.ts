// Issue 21 #9 (DELETE part): deleting a legacy session used to leave its pending POSTs open
// forever when their handlers never settle. Now each is answered and every stream is closed.
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerDefinition } from "../../packages/runtime/src/server/definition.js";
import { testDefinition } from "../runtime/helpers/definition.js";
import { rawRequest, type RawResponse } from "../runtime/helpers/http.js";
import { eventually, LEGACY_INIT, sleep, startHostileServer, type HostileServer } from "./helpers/http-server.js";

function definition(): ServerDefinition {
  const base = testDefinition();
  base.tools = [
    ...(base.tools ?? []),
    // Ignores its abort signal on purpose: only the transport can end the exchange.
    { name: "hang", description: "Never settles", inputSchema: { type: "object" }, handler: () => new Promise(() => {}) },
    {
      name: "talk_then_hang",
      description: "Logs (so the answer becomes a stream), then never settles",
      inputSchema: { type: "object" },
      handler: (_args, ctx) => {
        ctx.log("info", "working");
        return new Promise(() => {});
      },
    },
  ];
  return base;
}

let server: HostileServer;
beforeAll(async () => {
  server = await startHostileServer(definition());
});
afterAll(() => server.close());

describe("DELETE of a legacy session (#9)", () => {
  it("answers its pending POSTs (JSON and SSE) and closes its GET stream", async () => {
    const init = await rawRequest(server.url, { headers: { "content-type": "application/json" }, body: LEGACY_INIT });
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-session-id": String(init.headers["mcp-session-id"]) };
    const call = (id: number, name: string) => JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: {} } });
    let json: RawResponse | undefined;
    let sse: RawResponse | undefined;
    void rawRequest(server.url, { headers, body: call(1, "hang") }).then((r) => (json = r));
    void rawRequest(server.url, { headers, body: call(2, "talk_then_hang") }).then((r) => (sse = r));
    let getClosed = false;
    const get = request(server.url, { method: "GET", headers }, (res) => {
      res.resume();
      res.on("end", () => (getClosed = true));
    });
    get.on("error", () => {});
    get.end();
    await sleep(150);
    expect([json, sse, getClosed]).toEqual([undefined, undefined, false]);

    const started = Date.now();
    const deleted = await rawRequest(server.url, { method: "DELETE", headers });
    expect(deleted.status).toBe(200);
    expect(await eventually(() => json !== undefined && sse !== undefined && getClosed, 2000)).toBe(true);
    expect(Date.now() - started).toBeLessThan(1500);
    const jsonAnswer = JSON.parse((json as RawResponse).body);
    expect([(json as RawResponse).status, jsonAnswer.id, jsonAnswer.error.code]).toEqual([404, 1, -32600]);
    const events = (sse as RawResponse).body.split("\n").filter((l) => l.startsWith("data: {")).map((l) => JSON.parse(l.slice(6)));
    expect(events.map((m) => m.method ?? m.id)).toEqual(["notifications/message", 2]);
    expect(events[1].error.message).toBe("Session terminated");
    // The session is gone for good.
    expect((await rawRequest(server.url, { headers, body: '{"jsonrpc":"2.0","id":3,"method":"ping"}' })).status).toBe(404);
  });
});
