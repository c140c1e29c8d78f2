// The client on the legacy era over real HTTP: initialize/initialized, session ids,
// the version header after the handshake, 404 → re-initialize, SSE resumption with
// Last-Event-ID honouring `retry`, and server→client requests answered by the handlers.

import { afterEach, describe, expect, it } from "vitest";
import { McpClient, createHttpTransport } from "../../packages/runtime/src/client-entry.js";
import { resultFor, sseMessage, startScriptedServer, type RecordedRequest, type Reply, type ScriptedServer } from "./fixtures/scripted-http-server.js";

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const SESSION = "sess-abc";
const init = (r: RecordedRequest, session = SESSION): Reply => ({
  json: { jsonrpc: "2.0", id: r.body?.id, result: { protocolVersion: "2025-11-25", capabilities: { tools: {}, resources: { subscribe: true } }, serverInfo: { name: "legacy", version: "1" } } },
  headers: { "Mcp-Session-Id": session },
});

function legacyClient(url: string, extra: Partial<ConstructorParameters<typeof McpClient>[0]> = {}): McpClient {
  return new McpClient({ transport: createHttpTransport({ url, defaultRetryMs: 50 }), clientInfo: { name: "legacy-test", version: "1" }, protocol: "2025-11-25", legacyServerStream: false, ...extra });
}

describe("legacy Streamable HTTP", () => {
  it("handshakes, echoes the session id, and sends the version header only after initialize", async () => {
    server = await startScriptedServer((r) => {
      if (r.httpMethod === "DELETE") return { status: 200 };
      if (r.body?.method === "initialize") return init(r);
      if (r.body?.method === "notifications/initialized") return { status: 202 };
      return resultFor(r, { tools: [{ name: "a", inputSchema: { type: "object" } }] });
    });
    const client = await legacyClient(server.url).connect();
    expect(client.era).toBe("legacy");
    await client.listAllTools();
    await client.close();
    const [initReq, initialized, list, del] = server.requests as [RecordedRequest, RecordedRequest, RecordedRequest, RecordedRequest];
    expect(initReq.body?.params).toMatchObject({ protocolVersion: "2025-11-25", clientInfo: { name: "legacy-test", version: "1" } });
    expect(initReq.headers["mcp-session-id"]).toBeUndefined();
    expect(initReq.headers["mcp-protocol-version"]).toBeUndefined();
    expect((initReq.body?.params as Record<string, unknown>)._meta).toBeUndefined();
    for (const r of [initialized, list, del]) {
      expect(r.headers["mcp-session-id"]).toBe(SESSION);
      expect(r.headers["mcp-protocol-version"]).toBe("2025-11-25");
    }
    expect(del.httpMethod).toBe("DELETE");
    expect(list.headers["mcp-method"]).toBeUndefined();
  });

  it("re-initializes once when the session is gone (404) and retries the request", async () => {
    let inits = 0;
    let lists = 0;
    server = await startScriptedServer((r) => {
      if (r.httpMethod === "DELETE") return { status: 200 };
      if (r.body?.method === "initialize") return init(r, `sess-${++inits}`);
      if (r.body?.method === "notifications/initialized") return { status: 202 };
      lists++;
      return lists === 1 ? { status: 404, text: "session not found" } : resultFor(r, { tools: [] });
    });
    const client = await legacyClient(server.url).connect();
    await client.listAllTools();
    await client.close();
    const methods = server.requests.map((r) => r.body?.method ?? r.httpMethod);
    expect(methods).toEqual(["initialize", "notifications/initialized", "tools/list", "initialize", "notifications/initialized", "tools/list", "DELETE"]);
    expect(server.requests[3]?.headers["mcp-session-id"]).toBeUndefined();
    expect(server.requests[5]?.headers["mcp-session-id"]).toBe("sess-2");
  });

  it("resumes a dropped SSE response with GET + Last-Event-ID after the server's retry delay", async () => {
    let callId: unknown;
    let closedAt = 0;
    let resumedAt = 0;
    server = await startScriptedServer((r) => {
      if (r.httpMethod === "DELETE") return { status: 200 };
      if (r.httpMethod === "GET") {
        resumedAt = Date.now();
        return { sse: [sseMessage({ jsonrpc: "2.0", id: callId, result: { content: [{ type: "text", text: "resumed" }] } }, "e-2")] };
      }
      if (r.body?.method === "initialize") return init(r);
      if (r.body?.method === "notifications/initialized") return { status: 202 };
      callId = r.body?.id;
      closedAt = Date.now();
      return { sse: ["id: e-1\nretry: 300\ndata: \n\n"] };
    });
    const client = await legacyClient(server.url).connect();
    const result = await client.callTool("t");
    await client.close();
    expect(result.content).toEqual([{ type: "text", text: "resumed" }]);
    const get = server.requests.find((r) => r.httpMethod === "GET") as RecordedRequest;
    expect(get.headers["last-event-id"]).toBe("e-1");
    expect(get.headers["mcp-session-id"]).toBe(SESSION);
    expect(resumedAt - closedAt).toBeGreaterThanOrEqual(280);
  });

  it("answers server requests arriving on a response stream through the same handlers, and ping", async () => {
    server = await startScriptedServer((r) => {
      if (r.httpMethod === "DELETE") return { status: 200 };
      if (r.body?.method === "initialize") return init(r);
      if (r.body?.method === "notifications/initialized") return { status: 202 };
      if (r.body?.method === undefined) return { status: 202 }; // client responses
      return {
        sse: [
          sseMessage({ jsonrpc: "2.0", id: "srv-1", method: "elicitation/create", params: { message: "ok?", requestedSchema: { type: "object", properties: { ok: { type: "boolean", default: true } } } } }),
          sseMessage({ jsonrpc: "2.0", id: "srv-2", method: "ping" }),
          sseMessage({ jsonrpc: "2.0", id: "srv-3", method: "sampling/createMessage", params: {} }),
        ],
        keepOpen: true,
      };
    });
    const client = await legacyClient(server.url, { handlers: { elicitation: () => ({ action: "accept", content: {} }) } }).connect();
    const controller = new AbortController();
    const pending = client.callTool("t", {}, { signal: controller.signal }).catch(() => undefined);
    const deadline = Date.now() + 5000;
    while (server.requests.filter((r) => r.body !== undefined && !("method" in r.body)).length < 3 && Date.now() < deadline) await new Promise((res) => setTimeout(res, 20));
    controller.abort();
    await pending;
    await client.close();
    const responses = server.requests.filter((r) => r.body !== undefined && !("method" in r.body)).map((r) => r.body);
    expect(responses).toContainEqual({ jsonrpc: "2.0", id: "srv-1", result: { action: "accept", content: { ok: true } } });
    expect(responses).toContainEqual({ jsonrpc: "2.0", id: "srv-2", result: {} });
    expect(responses.find((b) => b?.id === "srv-3")).toMatchObject({ error: { code: -32601 } });
    // Legacy cancellation is a notification, not just a disconnect.
    expect(server.requests.some((r) => r.body?.method === "notifications/cancelled")).toBe(true);
  });

  it("subscribes to resources with resources/subscribe and reads notifications from the GET stream", async () => {
    server = await startScriptedServer((r) => {
      if (r.httpMethod === "DELETE") return { status: 200 };
      if (r.httpMethod === "GET") {
        return {
          sse: [
            sseMessage({ jsonrpc: "2.0", method: "notifications/resources/updated", params: { uri: "file:///other" } }, "g1"),
            sseMessage({ jsonrpc: "2.0", method: "notifications/resources/updated", params: { uri: "file:///watched" } }, "g2"),
            sseMessage({ jsonrpc: "2.0", method: "notifications/tools/list_changed" }, "g3"),
          ],
          keepOpen: true,
        };
      }
      if (r.body?.method === "initialize") return init(r);
      if (r.body?.method === "notifications/initialized") return { status: 202 };
      return resultFor(r, {});
    });
    const client = await legacyClient(server.url).connect();
    const subscription = await client.subscribe({ resourceSubscriptions: ["file:///watched"], toolsListChanged: true });
    // The server advertised resources.subscribe but not tools.listChanged.
    expect(await subscription.acknowledged).toEqual({ resourceSubscriptions: ["file:///watched"] });
    const iterator = subscription[Symbol.asyncIterator]();
    const first = await iterator.next();
    expect(first.value?.params).toEqual({ uri: "file:///watched" });
    await subscription.close();
    await client.close();
    const methods = server.requests.map((r) => r.body?.method ?? r.httpMethod);
    expect(methods).toContain("GET");
    expect(methods.filter((m) => m === "resources/subscribe")).toHaveLength(1);
    expect(methods.filter((m) => m === "resources/unsubscribe")).toHaveLength(1);
    expect(server.requests.find((r) => r.body?.method === "resources/subscribe")?.body?.params).toEqual({ uri: "file:///watched" });
  });
});
