// The Streamable HTTP transport over a real node:http server on 127.0.0.1 (both eras).
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFetchHandler } from "../../packages/runtime/src/http/fetch.js";
import { listenHttp, type ListeningServer } from "../../packages/runtime/src/http/node.js";
import { createMcpServer, type McpServer } from "../../packages/runtime/src/server/server.js";
import { envelope, testDefinition, type Probe } from "./helpers/definition.js";
import { messagesOf, modernCall, modernHeaders, rawRequest } from "./helpers/http.js";

const probe: Probe = { aborted: 0, started: 0 };
let mcp: McpServer;
let listening: ListeningServer;
let url: string;

beforeAll(async () => {
  mcp = createMcpServer(testDefinition(probe), { limits: { maxBodyBytes: 4096, pageSize: 3 } });
  listening = await listenHttp(mcp, { port: 0 });
  url = listening.url;
});
afterAll(() => listening.close());

describe("HTTP guards", () => {
  it("refuses foreign Host or Origin with 403 and accepts loopback ones", async () => {
    const discover = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "server/discover", params: { _meta: envelope() } });
    const evilHost = await rawRequest(url, { headers: { ...modernHeaders("server/discover"), host: "evil.example.com" }, body: discover });
    expect(evilHost.status).toBe(403);
    const evilOrigin = await rawRequest(url, { headers: { ...modernHeaders("server/discover"), origin: "http://evil.example.com" }, body: discover });
    expect(evilOrigin.status).toBe(403);
    const nullOrigin = await rawRequest(url, { headers: { ...modernHeaders("server/discover"), origin: "null" }, body: discover });
    expect(nullOrigin.status).toBe(403);
    const ok = await rawRequest(url, { headers: { ...modernHeaders("server/discover"), origin: `http://localhost:${listening.port}` }, body: discover });
    expect(ok.status).toBe(200);
  });

  it("answers 413 past the body limit, 415 for non-JSON, 400/-32700 for bad JSON, 405 for other verbs", async () => {
    const big = await rawRequest(url, { headers: modernHeaders("tools/list"), body: JSON.stringify({ pad: "x".repeat(5000) }) });
    expect(big.status).toBe(413);
    expect(JSON.parse(big.body).error.code).toBe(-32600);
    const text = await rawRequest(url, { headers: { ...modernHeaders("tools/list"), "content-type": "text/plain" }, body: "{}" });
    expect(text.status).toBe(415);
    const broken = await rawRequest(url, { headers: modernHeaders("tools/list"), body: "{" });
    expect([broken.status, JSON.parse(broken.body).error.code]).toEqual([400, -32700]);
    const put = await rawRequest(url, { method: "PUT", headers: {}, body: "" });
    expect(put.status).toBe(405);
  });
});

describe("modern era over HTTP", () => {
  it("serves discover with versions, capabilities and serverInfo", async () => {
    const { final, response } = await modernCall(url, "server/discover");
    expect(response.status).toBe(200);
    expect(final.result.supportedVersions).toEqual(["2026-07-28"]);
    expect(final.result.capabilities.tools).toEqual({ listChanged: true });
    expect(final.result._meta["io.modelcontextprotocol/serverInfo"].name).toBe("runtime-test");
    expect(final.result).toMatchObject({ resultType: "complete", ttlMs: 0, cacheScope: "private" });
  });

  it("maps protocol errors to the spec's HTTP statuses", async () => {
    const unsupported = await modernCall(url, "tools/list", {}, { meta: { "io.modelcontextprotocol/protocolVersion": "v999" }, headers: { "mcp-protocol-version": "v999" } });
    expect([unsupported.response.status, unsupported.final.error.code, unsupported.final.error.data]).toEqual([400, -32022, { supported: ["2026-07-28"], requested: "v999" }]);
    const mismatch = await modernCall(url, "tools/list", {}, { meta: { "io.modelcontextprotocol/protocolVersion": "v999" } });
    expect([mismatch.response.status, mismatch.final.error.code]).toEqual([400, -32020]);
    for (const method of ["initialize", "ping", "logging/setLevel", "resources/subscribe", "no/such"]) {
      const removed = await modernCall(url, method);
      expect([removed.response.status, removed.final.error.code], method).toEqual([404, -32601]);
    }
  });

  it("paginates with opaque cursors and rejects invalid ones with -32602", async () => {
    const first = await modernCall(url, "tools/list");
    expect(first.final.result.tools).toHaveLength(3);
    const cursor = first.final.result.nextCursor;
    expect(typeof cursor).toBe("string");
    const second = await modernCall(url, "tools/list", { cursor });
    expect(second.final.result.tools.map((t: any) => t.name)).not.toContain(first.final.result.tools[0].name);
    const bad = await modernCall(url, "tools/list", { cursor: "bm90LWEtY3Vyc29y" });
    expect(bad.final.error.code).toBe(-32602);
  });

  it("runs MRTR over several rounds with signed state and rejects tampering", async () => {
    const caps = { elicitation: {}, sampling: {} };
    const round1 = await modernCall(url, "tools/call", { name: "confirm_delete", arguments: { id: "n1" } }, { capabilities: caps });
    expect(round1.final.result.resultType).toBe("input_required");
    expect(Object.keys(round1.final.result.inputRequests)).toEqual(["confirm"]);
    expect(round1.final.result.ttlMs).toBeUndefined();
    const state1 = round1.final.result.requestState;
    const round2 = await modernCall(
      url,
      "tools/call",
      { name: "confirm_delete", arguments: { id: "n1" }, requestState: state1, inputResponses: { confirm: { action: "accept", content: { ok: true } }, extra: 1 } },
      { capabilities: caps },
    );
    expect(Object.keys(round2.final.result.inputRequests)).toEqual(["reason"]);
    const sampled = { role: "assistant", content: { type: "text", text: "tidy" }, model: "m" };
    const round3 = await modernCall(
      url,
      "tools/call",
      { name: "confirm_delete", arguments: { id: "n1" }, requestState: round2.final.result.requestState, inputResponses: { reason: sampled } },
      { capabilities: caps },
    );
    expect(round3.final.result.content[0].text).toBe('ok={"ok":true} reason={"type":"text","text":"tidy"}');
    const replayedElsewhere = await modernCall(
      url,
      "tools/call",
      { name: "confirm_delete", arguments: { id: "OTHER" }, requestState: round2.final.result.requestState, inputResponses: { reason: sampled } },
      { capabilities: caps },
    );
    expect(replayedElsewhere.final.error).toMatchObject({ code: -32602, data: { reason: "invalid_request_state" } });
    const malformed = await modernCall(url, "tools/call", { name: "confirm_delete", arguments: {}, inputResponses: { confirm: 12345 } }, { capabilities: caps });
    expect(malformed.final.error.code).toBe(-32602);
    const noCaps = await modernCall(url, "tools/call", { name: "confirm_delete", arguments: {} });
    expect([noCaps.response.status, noCaps.final.error.code, noCaps.final.error.data]).toEqual([400, -32021, { requiredCapabilities: { elicitation: {} } }]);
  });

  it("checks handles: a minted one works, a forged one is a tool error", async () => {
    const opened = await modernCall(url, "tools/call", { name: "open_cart", arguments: {} });
    const handle = opened.final.result.content[0].text;
    const ok = await modernCall(url, "tools/call", { name: "add_item", arguments: { cart: handle, sku: "s1" } });
    expect(ok.final.result.content[0].text).toBe("added s1 to 7");
    const forged = await modernCall(url, "tools/call", { name: "add_item", arguments: { cart: `${handle.slice(0, -2)}xx`, sku: "s1" } });
    expect(forged.final.result.isError).toBe(true);
    expect(forged.final.result.content[0].text).toMatch(/cart handle/);
  });

  it("replaces structured output that violates the output schema with a tool error", async () => {
    const good = await modernCall(url, "tools/call", { name: "measure", arguments: { value: 3 } });
    expect(good.final.result.structuredContent).toEqual({ value: 3 });
    const bad = await modernCall(url, "tools/call", { name: "measure", arguments: { value: "three" } });
    expect(bad.final.result.isError).toBe(true);
    expect(bad.final.result.structuredContent).toBeUndefined();
  });

  it("validates Mcp-Param headers against arguments", async () => {
    const missing = await modernCall(url, "tools/call", { name: "regional", arguments: { region: "eu" } });
    expect([missing.response.status, missing.final.error.code]).toEqual([400, -32020]);
    const ok = await modernCall(url, "tools/call", { name: "regional", arguments: { region: "eu west" } }, { headers: { "mcp-param-region": "eu west" } });
    expect(ok.final.result.content[0].text).toBe("region=eu west");
  });

  it("logs only when the request set logLevel, and only at or above it", async () => {
    const silent = await modernCall(url, "tools/call", { name: "chatty", arguments: {} });
    expect(silent.messages.filter((m) => m.method === "notifications/message")).toHaveLength(0);
    const loud = await modernCall(url, "tools/call", { name: "chatty", arguments: {} }, { meta: { "io.modelcontextprotocol/logLevel": "warning" } });
    expect(loud.messages.filter((m) => m.method === "notifications/message").map((m) => m.params.level)).toEqual(["error"]);
  });

  it("reports resource not found as -32602 with data.uri, and cache hints on reads", async () => {
    const missing = await modernCall(url, "resources/read", { uri: "test://missing" });
    expect(missing.final.error).toMatchObject({ code: -32602, data: { uri: "test://missing" } });
    const read = await modernCall(url, "resources/read", { uri: "test://a" });
    expect(read.final.result).toMatchObject({ resultType: "complete", ttlMs: 5000, cacheScope: "public", contents: [{ uri: "test://a", text: "A" }] });
  });

  it("turns closing the response stream into an AbortSignal for the handler", async () => {
    const before = probe.aborted;
    await new Promise<void>((resolve, reject) => {
      const body = JSON.stringify({ jsonrpc: "2.0", id: 99, method: "tools/call", params: { name: "wait_for_cancel", arguments: {}, _meta: envelope({ progressToken: "t" }) } });
      const req = request(url, { method: "POST", headers: modernHeaders("tools/call", "wait_for_cancel") }, (res) => {
        res.once("data", () => {
          req.destroy();
          resolve();
        });
      });
      req.on("error", () => {});
      req.once("error", reject);
      req.end(body);
    });
    for (let i = 0; i < 50 && probe.aborted === before; i++) await new Promise((r) => setTimeout(r, 20));
    expect(probe.aborted).toBe(before + 1);
  });

  it("streams listen notifications: ack first, only requested types, stamped with the subscription id", async () => {
    const frames: any[] = [];
    const req = request(url, { method: "POST", headers: modernHeaders("subscriptions/listen") }, (res) => {
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        for (const line of chunk.split("\n")) if (line.startsWith("data: ")) frames.push(JSON.parse(line.slice(6)));
      });
    });
    req.on("error", () => {});
    req.end(JSON.stringify({ jsonrpc: "2.0", id: "sub-1", method: "subscriptions/listen", params: { notifications: { promptsListChanged: true, resourceSubscriptions: ["test://a"] }, _meta: envelope() } }));
    for (let i = 0; i < 50 && frames.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    mcp.notifyToolsListChanged();
    mcp.notifyPromptsListChanged();
    mcp.notifyResourceUpdated("test://a");
    mcp.notifyResourceUpdated("test://other");
    for (let i = 0; i < 50 && frames.length < 3; i++) await new Promise((r) => setTimeout(r, 20));
    req.destroy();
    expect(frames.map((f) => f.method)).toEqual(["notifications/subscriptions/acknowledged", "notifications/prompts/list_changed", "notifications/resources/updated"]);
    expect(frames[0].params.notifications).toEqual({ promptsListChanged: true, resourceSubscriptions: ["test://a"] });
    for (const frame of frames) expect(frame.params._meta["io.modelcontextprotocol/subscriptionId"]).toBe("sub-1");
  });
});

describe("legacy era over HTTP", () => {
  async function initialize(capabilities: Record<string, unknown>) {
    const response = await rawRequest(url, {
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities, clientInfo: { name: "t", version: "1" } } }),
    });
    const session = String(response.headers["mcp-session-id"]);
    return { response, session, headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-session-id": session, "mcp-protocol-version": "2025-11-25" } };
  }

  it("initializes a session, serves requests, and 404s after DELETE", async () => {
    const { response, session, headers } = await initialize({});
    expect(response.status).toBe(200);
    expect(session).toMatch(/^[\x21-\x7e]+$/);
    expect(JSON.parse(response.body).result).toMatchObject({ protocolVersion: "2025-11-25", serverInfo: { name: "runtime-test" } });
    const ping = await rawRequest(url, { headers, body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" }) });
    expect(JSON.parse(ping.body)).toEqual({ jsonrpc: "2.0", id: 2, result: {} });
    const missing = await rawRequest(url, { headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 3, method: "ping" }) });
    expect(missing.status).toBe(400);
    expect((await rawRequest(url, { method: "DELETE", headers })).status).toBe(200);
    expect((await rawRequest(url, { headers, body: JSON.stringify({ jsonrpc: "2.0", id: 4, method: "ping" }) })).status).toBe(404);
    const notFound = await (async () => {
      const s = await initialize({});
      return rawRequest(url, { headers: s.headers, body: JSON.stringify({ jsonrpc: "2.0", id: 5, method: "resources/read", params: { uri: "test://nope" } }) });
    })();
    expect(messagesOf(notFound).find((m) => m.id === 5).error.code).toBe(-32002);
  });

  it("bridges ctx.ask to real server→client requests on the POST stream", async () => {
    const { headers } = await initialize({ elicitation: {}, sampling: {} });
    const answered: any[] = [];
    const result = await new Promise<any>((resolve, reject) => {
      const req = request(url, { method: "POST", headers }, (res) => {
        res.setEncoding("utf8");
        let buffer = "";
        res.on("data", async (chunk: string) => {
          buffer += chunk;
          const lines = buffer.split("\n");
          buffer = lines.pop() ?? "";
          for (const line of lines) {
            if (!line.startsWith("data: ") || line.length <= 6) continue;
            const message = JSON.parse(line.slice(6));
            if (message.method === "elicitation/create" || message.method === "sampling/createMessage") {
              answered.push(message.method);
              const reply = message.method === "elicitation/create" ? { action: "accept", content: { ok: true } } : { role: "assistant", content: { type: "text", text: "r" }, model: "m" };
              const ack = await rawRequest(url, { headers, body: JSON.stringify({ jsonrpc: "2.0", id: message.id, result: reply }) });
              expect(ack.status).toBe(202);
            } else if (message.id === 7) resolve(message);
          }
        });
      });
      req.on("error", reject);
      req.end(JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "confirm_delete", arguments: {} } }));
    });
    expect(answered).toEqual(["elicitation/create", "sampling/createMessage"]);
    expect(result.result.content[0].text).toBe('ok={"ok":true} reason={"type":"text","text":"r"}');
  });

  it("reports a missing client capability as a tool error on the legacy bridge", async () => {
    const { headers } = await initialize({});
    const response = await rawRequest(url, { headers, body: JSON.stringify({ jsonrpc: "2.0", id: 8, method: "tools/call", params: { name: "confirm_delete", arguments: {} } }) });
    const result = messagesOf(response).find((m) => m.id === 8).result;
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toMatch(/elicitation/);
  });
});

describe("fetch handler", () => {
  it("serves the same endpoint through web Request/Response", async () => {
    const handler = createFetchHandler(createMcpServer(testDefinition()));
    const response = await handler(
      new Request("http://localhost/mcp", {
        method: "POST",
        headers: modernHeaders("tools/call", "echo"),
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "echo", arguments: { text: "hi" }, _meta: envelope() } }),
      }),
    );
    expect(response.status).toBe(200);
    expect((await response.json()).result.content[0].text).toBe("hi");
    const evil = await handler(new Request("http://evil.example.com/mcp", { method: "POST", headers: { "content-type": "application/json", host: "evil.example.com" }, body: "{}" }));
    expect(evil.status).toBe(403);
    const invalidArgs = await handler(
      new Request("http://localhost/mcp", {
        method: "POST",
        headers: modernHeaders("tools/call", "echo"),
        body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "echo", arguments: { text: 5 }, _meta: envelope() } }),
      }),
    );
    expect((await invalidArgs.json()).result).toMatchObject({ isError: true });
  });

  it("streams progress as SSE and turns a cancelled body into an aborted handler signal", async () => {
    const local: Probe = { aborted: 0, started: 0 };
    const handler = createFetchHandler(createMcpServer(testDefinition(local)));
    const response = await handler(
      new Request("http://localhost/mcp", {
        method: "POST",
        headers: modernHeaders("tools/call", "wait_for_cancel"),
        body: JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "wait_for_cancel", arguments: {}, _meta: envelope({ progressToken: 9 }) } }),
      }),
    );
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(JSON.parse(first.split("data: ")[1] as string)).toMatchObject({ method: "notifications/progress", params: { progressToken: 9, progress: 1 } });
    await reader.cancel();
    for (let i = 0; i < 50 && local.aborted === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(local.aborted).toBe(1);
  });
});

