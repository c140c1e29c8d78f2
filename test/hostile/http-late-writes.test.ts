// Issue 21 #1: a handler that calls ctx.progress()/ctx.log() after its JSON response was sent
// used to kill the process (ERR_HTTP_HEADERS_SENT thrown into a timer). Late values are dropped.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFetchHandler } from "../../packages/runtime/src/http/fetch.js";
import { createMcpServer } from "../../packages/runtime/src/server/server.js";
import type { ServerDefinition } from "../../packages/runtime/src/server/definition.js";
import { envelope, testDefinition } from "../runtime/helpers/definition.js";
import { messagesOf, modernHeaders, rawRequest } from "../runtime/helpers/http.js";
import { LEGACY_INIT, sleep, startHostileServer, type HostileServer } from "./helpers/http-server.js";

let lateFired = 0;
let lateAsk: { error?: unknown; settled: boolean } = { settled: false };
const uncaught: unknown[] = [];
const onUncaught = (error: unknown) => uncaught.push(error);

function definition(): ServerDefinition {
  const base = testDefinition();
  base.tools = [
    ...(base.tools ?? []),
    {
      name: "late_talker",
      description: "Answers at once, then reports progress and logs from a timer",
      inputSchema: { type: "object" },
      handler(_args, ctx) {
        setTimeout(() => {
          ctx.progress(1, 2, "late");
          ctx.log("error", "late line");
          lateFired++;
        }, 30);
        return { content: [{ type: "text", text: "answered" }] };
      },
    },
    {
      name: "late_asker",
      description: "Answers at once, then asks the client from a timer",
      inputSchema: { type: "object" },
      inputs: { confirm: { kind: "form-elicitation", message: "Sure?", requestedSchema: { type: "object", properties: {} } } },
      handler(_args, ctx) {
        setTimeout(() => {
          ctx.ask("confirm").then(
            () => (lateAsk = { settled: true }),
            (error: unknown) => (lateAsk = { error, settled: true }),
          );
        }, 30);
        return { content: [{ type: "text", text: "answered" }] };
      },
    },
  ];
  return base;
}

let server: HostileServer;
beforeAll(async () => {
  process.on("uncaughtException", onUncaught);
  server = await startHostileServer(definition());
});
afterAll(async () => {
  process.off("uncaughtException", onUncaught);
  await server.close();
});

const modernBody = (id: number) =>
  JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "late_talker", arguments: {}, _meta: envelope({ progressToken: "p", "io.modelcontextprotocol/logLevel": "debug" }) } });

describe("late progress and log after the response (#1)", () => {
  it("modern era over node:http: the late values are dropped and the server keeps serving", async () => {
    const before = lateFired;
    const first = await rawRequest(server.url, { headers: modernHeaders("tools/call", "late_talker"), body: modernBody(1) });
    expect(first.status).toBe(200);
    expect(messagesOf(first).map((m) => m.id)).toEqual([1]);
    await sleep(120);
    expect(lateFired).toBe(before + 1);
    const again = await rawRequest(server.url, { headers: modernHeaders("tools/call", "late_talker"), body: modernBody(2) });
    expect(again.status).toBe(200);
    await sleep(120);
    expect(lateFired).toBe(before + 2);
    expect(uncaught).toEqual([]);
  });

  it("legacy era over node:http: the late values are dropped and the session keeps working", async () => {
    const init = await rawRequest(server.url, { headers: { "content-type": "application/json" }, body: LEGACY_INIT });
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-session-id": String(init.headers["mcp-session-id"]) };
    const before = lateFired;
    const call = JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "late_talker", arguments: {}, _meta: { progressToken: 9 } } });
    const first = await rawRequest(server.url, { headers, body: call });
    expect([first.status, JSON.parse(first.body).result.content[0].text]).toEqual([200, "answered"]);
    await sleep(120);
    expect(lateFired).toBe(before + 1);
    const ping = await rawRequest(server.url, { headers, body: JSON.stringify({ jsonrpc: "2.0", id: 4, method: "ping" }) });
    expect(JSON.parse(ping.body).result).toEqual({});
    expect(uncaught).toEqual([]);
  });

  it("legacy era: a server→client request after the answer fails at once instead of waiting for a reply that cannot come", async () => {
    const init = await rawRequest(server.url, {
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: { elicitation: {} } } }),
    });
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-session-id": String(init.headers["mcp-session-id"]) };
    const call = JSON.stringify({ jsonrpc: "2.0", id: 6, method: "tools/call", params: { name: "late_asker", arguments: {} } });
    const first = await rawRequest(server.url, { headers, body: call });
    expect(JSON.parse(first.body).result.content[0].text).toBe("answered");
    await sleep(200);
    // The default client-request timeout is 10 minutes; the ask must not wait for it.
    expect(lateAsk.settled).toBe(true);
    expect(String((lateAsk.error as Error | undefined)?.message)).toMatch(/exchange is over/);
    expect(uncaught).toEqual([]);
  });

  it("fetch handler: a late value neither throws nor alters the answered response", async () => {
    const handler = createFetchHandler(createMcpServer(definition()));
    const before = lateFired;
    const response = await handler(
      new Request("http://localhost/mcp", { method: "POST", headers: modernHeaders("tools/call", "late_talker"), body: modernBody(5) }),
    );
    expect(response.headers.get("content-type")).toBe("application/json");
    const body = await response.json();
    await sleep(120);
    expect(lateFired).toBe(before + 1);
    expect(body.result.content[0].text).toBe("answered");
    expect(uncaught).toEqual([]);
  });

  it("fetch handler, legacy era: the late values are dropped and the session keeps working", async () => {
    const handler = createFetchHandler(createMcpServer(definition()));
    const post = (body: string, session?: string) =>
      handler(new Request("http://localhost/mcp", { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...(session ? { "mcp-session-id": session } : {}) }, body }));
    const init = await post(LEGACY_INIT);
    const session = init.headers.get("mcp-session-id") as string;
    const before = lateFired;
    const call = await post(JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "late_talker", arguments: {}, _meta: { progressToken: 1 } } }), session);
    expect((await call.json()).result.content[0].text).toBe("answered");
    await sleep(120);
    expect(lateFired).toBe(before + 1);
    expect((await (await post('{"jsonrpc":"2.0","id":4,"method":"ping"}', session)).json()).result).toEqual({});
    expect(uncaught).toEqual([]);
  });
});
