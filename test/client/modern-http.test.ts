// The client on the modern era over real HTTP (scripted server on 127.0.0.1): the `_meta`
// envelope and mirrored headers on every request, MRTR retries, -32022 version retry,
// x-mcp-header filtering, -32020 re-list, progress, cancellation by stream close, caching.

import { afterEach, describe, expect, it } from "vitest";
import { McpClient, McpClientError, ResultCache, createHttpTransport, type ClientHandlers } from "../../packages/runtime/src/client-entry.js";
import { RpcError } from "../../packages/runtime/src/core-entry.js";
import { errorFor, resultFor, sseMessage, startScriptedServer, type RecordedRequest, type Reply, type ScriptedServer } from "./fixtures/scripted-http-server.js";

const PV = "io.modelcontextprotocol/protocolVersion";
const CAPS = "io.modelcontextprotocol/clientCapabilities";
const INFO = "io.modelcontextprotocol/clientInfo";

const discover = (r: RecordedRequest): Reply =>
  resultFor(r, { resultType: "complete", supportedVersions: ["2026-07-28"], capabilities: { tools: {} }, ttlMs: 0, cacheScope: "private" });

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function clientFor(url: string, extra: Partial<ConstructorParameters<typeof McpClient>[0]> = {}): McpClient {
  return new McpClient({
    transport: createHttpTransport({ url }),
    clientInfo: { name: "test-client", version: "1.2.3" },
    protocol: "2026-07-28",
    eraCache: new Map(),
    ...extra,
  });
}

const params = (r: RecordedRequest) => r.body?.params as Record<string, unknown>;
const meta = (r: RecordedRequest) => params(r)._meta as Record<string, unknown>;

describe("modern envelope and headers", () => {
  it("puts the full envelope and matching headers on every request, MRTR retries included", async () => {
    let round = 0;
    server = await startScriptedServer((r) => {
      const method = r.body?.method;
      if (method === "server/discover") return discover(r);
      if (method === "tools/list") return resultFor(r, { resultType: "complete", ttlMs: 0, cacheScope: "private", tools: [{ name: "t", inputSchema: { type: "object" } }] });
      round++;
      return round === 1
        ? resultFor(r, { resultType: "input_required", inputRequests: { ok: { method: "roots/list" } }, requestState: "s1" })
        : resultFor(r, { resultType: "complete", content: [] });
    });
    const handlers: ClientHandlers = { roots: () => ({ roots: [] }), elicitation: () => ({ action: "decline" }) };
    const client = await clientFor(server.url, { handlers }).connect();
    await client.callTool("t", { x: 1 });
    await client.close();
    const methods = server.requests.map((r) => r.body?.method);
    expect(methods).toEqual(["server/discover", "tools/list", "tools/call", "tools/call"]);
    for (const r of server.requests) {
      expect(meta(r)[PV]).toBe("2026-07-28");
      expect(meta(r)[CAPS]).toEqual({ extensions: { "io.modelcontextprotocol/tasks": {} }, roots: {}, elicitation: { form: {} } });
      expect(meta(r)[INFO]).toEqual({ name: "test-client", version: "1.2.3" });
      expect(r.headers["mcp-protocol-version"]).toBe("2026-07-28");
      expect(r.headers["mcp-method"]).toBe(r.body?.method);
      expect(r.headers.accept).toContain("text/event-stream");
    }
    const calls = server.requests.filter((r) => r.body?.method === "tools/call");
    expect(calls.map((r) => r.headers["mcp-name"])).toEqual(["t", "t"]);
  });

  it("retries once with a mutual version after -32022, with a new id", async () => {
    server = await startScriptedServer((r, i) =>
      i === 0 ? errorFor(r, -32022, "Unsupported protocol version", { supported: ["2026-07-28"], requested: "2026-07-28" }, 400) : discover(r),
    );
    const client = await clientFor(server.url).connect();
    await client.close();
    expect(server.requests).toHaveLength(2);
    expect(server.requests[0]?.body?.id).not.toBe(server.requests[1]?.body?.id);
    expect(meta(server.requests[1] as RecordedRequest)[PV]).toBe("2026-07-28");
  });

  it("surfaces -32022 when no mutual version exists, without looping", async () => {
    server = await startScriptedServer((r) => errorFor(r, -32022, "Unsupported protocol version", { supported: ["2099-01-01"], requested: "2026-07-28" }, 400));
    const error = await clientFor(server.url).connect().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcError);
    expect((error as RpcError).code).toBe(-32022);
    expect(server.requests).toHaveLength(1);
  });
});

describe("MRTR retry loop", () => {
  function mrtrServer(replies: Array<Record<string, unknown>>): Promise<ScriptedServer> {
    let call = 0;
    return startScriptedServer((r) => {
      if (r.body?.method === "server/discover") return discover(r);
      if (r.body?.method === "tools/list") return resultFor(r, { resultType: "complete", ttlMs: 0, cacheScope: "private", tools: [{ name: "t", inputSchema: { type: "object" } }] });
      const reply = replies[Math.min(call, replies.length - 1)] as Record<string, unknown>;
      call++;
      return resultFor(r, reply);
    });
  }

  it("answers under the requested keys, echoes requestState byte for byte and uses a new id each round", async () => {
    const state = ' {"n":1} ünïcode\t=?base64?x?= ';
    server = await mrtrServer([
      {
        resultType: "input_required",
        inputRequests: { who: { method: "elicitation/create", params: { message: "name?", requestedSchema: { type: "object", properties: { name: { type: "string", default: "Ann" } } } } } },
        requestState: state,
      },
      { resultType: "input_required", requestState: "round-2" },
      { content: [{ type: "text", text: "done" }] },
    ]);
    const seen: string[] = [];
    const client = await clientFor(server.url, {
      handlers: {
        elicitation: (p, ctx) => {
          seen.push(`${String(ctx.key)}:${String(p.message)}`);
          return { action: "accept", content: {} };
        },
      },
    }).connect();
    const result = await client.callTool("t", { a: 1 });
    await client.close();
    expect(result.content).toEqual([{ type: "text", text: "done" }]);
    expect(seen).toEqual(["who:name?"]);
    const calls = server.requests.filter((r) => r.body?.method === "tools/call");
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map((r) => r.body?.id)).size).toBe(3);
    const [first, second, third] = calls.map(params) as [Record<string, unknown>, Record<string, unknown>, Record<string, unknown>];
    expect(first.requestState).toBeUndefined();
    expect(first.inputResponses).toBeUndefined();
    expect(second.requestState).toBe(state);
    // Schema defaults fill what the handler left out (SEP-1034).
    expect(second.inputResponses).toEqual({ who: { action: "accept", content: { name: "Ann" } } });
    expect(second.arguments).toEqual({ a: 1 });
    // Per-round replace: the state-only round sends no stale answers.
    expect(third.requestState).toBe("round-2");
    expect(third.inputResponses).toBeUndefined();
  });

  it("omits requestState when the server sent none", async () => {
    server = await mrtrServer([{ resultType: "input_required", inputRequests: { r: { method: "roots/list" } } }, { resultType: "complete", content: [] }]);
    const client = await clientFor(server.url, { handlers: { roots: () => ({ roots: [{ uri: "file:///x" }] }) } }).connect();
    await client.callTool("t");
    await client.close();
    const retry = server.requests.filter((r) => r.body?.method === "tools/call")[1] as RecordedRequest;
    expect("requestState" in params(retry)).toBe(false);
    expect(params(retry).inputResponses).toEqual({ r: { roots: [{ uri: "file:///x" }] } });
  });

  it("stops at the round limit", async () => {
    server = await mrtrServer([{ resultType: "input_required", inputRequests: { r: { method: "roots/list" } }, requestState: "again" }]);
    const client = await clientFor(server.url, { handlers: { roots: () => ({ roots: [] }) }, maxInputRounds: 3 }).connect();
    const error = await client.callTool("t").catch((e: unknown) => e);
    await client.close();
    expect(error).toBeInstanceOf(McpClientError);
    expect((error as McpClientError).reason).toBe("round-limit");
    expect(server.requests.filter((r) => r.body?.method === "tools/call")).toHaveLength(4);
  });

  it("treats an absent resultType as complete and rejects unknown ones", async () => {
    server = await mrtrServer([{ content: [{ type: "text", text: "plain" }], inputRequests: { ignored: { method: "roots/list" } } }]);
    const client = await clientFor(server.url).connect();
    expect((await client.callTool("t")).content).toEqual([{ type: "text", text: "plain" }]);
    await client.close();
    await server.close();
    server = await mrtrServer([{ resultType: "weird" }]);
    const other = await clientFor(server.url).connect();
    const error = await other.callTool("t").catch((e: unknown) => e);
    await other.close();
    expect((error as McpClientError).reason).toBe("bad-response");
  });

  it("fails clearly when no handler is registered for the requested input", async () => {
    server = await mrtrServer([{ resultType: "input_required", inputRequests: { s: { method: "sampling/createMessage", params: {} } } }]);
    const client = await clientFor(server.url).connect();
    const error = await client.callTool("t").catch((e: unknown) => e);
    await client.close();
    expect((error as McpClientError).reason).toBe("no-handler");
  });
});

describe("x-mcp-header tools", () => {
  it("drops invalid tools with a warning, mirrors parameters, and re-lists once after -32020", async () => {
    let callCount = 0;
    server = await startScriptedServer((r) => {
      if (r.body?.method === "server/discover") return discover(r);
      if (r.body?.method === "tools/list") {
        return resultFor(r, {
          resultType: "complete",
          ttlMs: 0,
          cacheScope: "private",
          tools: [
            { name: "good", inputSchema: { type: "object", properties: { region: { type: "string", "x-mcp-header": "Region" }, n: { type: "integer", "x-mcp-header": "N" } } } },
            { name: "bad", inputSchema: { type: "object", properties: { score: { type: "number", "x-mcp-header": "Score" } } } },
          ],
        });
      }
      callCount++;
      return callCount === 1 ? errorFor(r, -32020, "Header mismatch", undefined, 400) : resultFor(r, { resultType: "complete", content: [] });
    });
    const warnings: string[] = [];
    const client = await clientFor(server.url, { onWarning: (m) => warnings.push(m) }).connect();
    const tools = await client.listAllTools();
    expect(tools.map((t) => t.name)).toEqual(["good"]);
    expect(warnings.some((w) => w.includes('"bad"') && w.includes("number"))).toBe(true);
    await client.callTool("good", { region: "日本", n: 5 });
    await client.close();
    const calls = server.requests.filter((r) => r.body?.method === "tools/call");
    expect(calls).toHaveLength(2);
    for (const call of calls) {
      expect(call.headers["mcp-param-region"]).toBe("=?base64?5pel5pys?=");
      expect(call.headers["mcp-param-n"]).toBe("5");
    }
    expect(server.requests.map((r) => r.body?.method)).toEqual(["server/discover", "tools/list", "tools/call", "tools/list", "tools/call"]);
  });
});

describe("streams, progress, cancellation, structured content, cache", () => {
  it("delivers progress from an SSE response and skips comments", async () => {
    server = await startScriptedServer((r) => {
      if (r.body?.method === "server/discover") return discover(r);
      if (r.body?.method === "tools/list") return resultFor(r, { resultType: "complete", ttlMs: 0, cacheScope: "private", tools: [{ name: "slow", inputSchema: { type: "object" } }] });
      const token = (meta(r) as { progressToken?: unknown }).progressToken;
      return {
        sse: [
          ": keepalive\n\n",
          sseMessage({ jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: token, progress: 1, total: 2 } }),
          sseMessage({ jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: token, progress: 2, total: 2, message: "done" } }),
          sseMessage({ jsonrpc: "2.0", id: r.body?.id, result: { resultType: "complete", content: [], structuredContent: { n: 3 } } }),
        ],
      };
    });
    const progress: unknown[] = [];
    const client = await clientFor(server.url).connect();
    const result = await client.callTool("slow", {}, {
      onProgress: (p) => progress.push(p),
      parseStructured: (v) => {
        const n = (v as { n?: unknown }).n;
        if (typeof n !== "number") throw new Error("n must be a number");
        return { n };
      },
    });
    expect(progress).toEqual([{ progress: 1, total: 2 }, { progress: 2, total: 2, message: "done" }]);
    expect(result.structured).toEqual({ n: 3 });
    const failing = await client.callTool("slow", {}, { parseStructured: () => { throw new Error("nope"); } }).catch((e: unknown) => e);
    expect((failing as McpClientError).reason).toBe("invalid-structured-content");
    await client.close();
  });

  it("cancels by closing the stream and sends no cancellation notification over modern HTTP", async () => {
    server = await startScriptedServer((r) => {
      if (r.body?.method === "server/discover") return discover(r);
      if (r.body?.method === "tools/list") return resultFor(r, { resultType: "complete", ttlMs: 0, cacheScope: "private", tools: [{ name: "hang", inputSchema: { type: "object" } }] });
      return { sse: [": started\n\n"], keepOpen: true };
    });
    const client = await clientFor(server.url).connect();
    await client.listAllTools();
    const controller = new AbortController();
    const pending = client.callTool("hang", {}, { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 100));
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    // The server observes the disconnect: that is the cancellation signal on modern HTTP.
    await server.requests.find((r) => r.body?.method === "tools/call")?.responseClosed;
    expect((error as McpClientError).reason).toBe("aborted");
    await client.close();
    expect(server.requests.some((r) => r.body?.method === "notifications/cancelled")).toBe(false);
  });

  it("serves cacheable results within ttlMs and never caches MRTR retries", async () => {
    let reads = 0;
    server = await startScriptedServer((r) => {
      if (r.body?.method === "server/discover") return discover(r);
      if (r.body?.method === "tools/list") return resultFor(r, { resultType: "complete", ttlMs: 60_000, cacheScope: "private", tools: [] });
      reads++;
      if (params(r).uri === "res://mrtr" && params(r).inputResponses === undefined) {
        return resultFor(r, { resultType: "input_required", inputRequests: { r: { method: "roots/list" } } });
      }
      return resultFor(r, { resultType: "complete", ttlMs: 60_000, cacheScope: "private", contents: [{ uri: params(r).uri, text: String(reads) }] });
    });
    const cache = new ResultCache();
    const client = await clientFor(server.url, { cache, handlers: { roots: () => ({ roots: [] }) } }).connect();
    await client.listTools();
    await client.listTools();
    expect(server.requests.filter((r) => r.body?.method === "tools/list")).toHaveLength(1);
    const a = await client.readResource("res://plain");
    const b = await client.readResource("res://plain");
    expect(a).toBe(b);
    await client.readResource("res://mrtr");
    await client.readResource("res://mrtr");
    await client.close();
    // plain: 1 read; mrtr: 2 rounds each time, nothing cached.
    expect(reads).toBe(5);
  });

  it("demultiplexes a listen stream by subscription id and ends on the close result", async () => {
    server = await startScriptedServer((r) => {
      if (r.body?.method === "server/discover") return discover(r);
      const id = r.body?.id;
      const sub = { "io.modelcontextprotocol/subscriptionId": id };
      return {
        sse: [
          sseMessage({ jsonrpc: "2.0", method: "notifications/subscriptions/acknowledged", params: { notifications: { toolsListChanged: true }, _meta: sub } }),
          sseMessage({ jsonrpc: "2.0", method: "notifications/tools/list_changed", params: { _meta: sub } }),
          sseMessage({ jsonrpc: "2.0", method: "notifications/tools/list_changed", params: { _meta: { "io.modelcontextprotocol/subscriptionId": "someone-else" } } }),
          sseMessage({ jsonrpc: "2.0", method: "notifications/prompts/list_changed", params: { _meta: sub } }),
          sseMessage({ jsonrpc: "2.0", id, result: { resultType: "complete", _meta: sub } }),
        ],
      };
    });
    const stray: string[] = [];
    const client = await clientFor(server.url, { onNotification: (n) => stray.push(n.method) }).connect();
    const subscription = await client.subscribe({ toolsListChanged: true, promptsListChanged: true });
    expect(await subscription.acknowledged).toEqual({ toolsListChanged: true });
    const received: string[] = [];
    for await (const notification of subscription) received.push(notification.method);
    await client.close();
    expect(received).toEqual(["notifications/tools/list_changed", "notifications/prompts/list_changed"]);
    expect(stray).toEqual(["notifications/tools/list_changed"]);
    const listen = server.requests.find((r) => r.body?.method === "subscriptions/listen") as RecordedRequest;
    expect(params(listen).notifications).toEqual({ toolsListChanged: true, promptsListChanged: true });
    expect(meta(listen)[PV]).toBe("2026-07-28");
  });

  it("re-issues a safe request with a new id when its stream breaks, but never a tools/call", async () => {
    let lists = 0;
    server = await startScriptedServer((r) => {
      if (r.body?.method === "server/discover") return discover(r);
      if (r.body?.method === "tools/list") {
        lists++;
        if (lists === 1) return { sse: [": about to fail\n\n"] };
        return resultFor(r, { resultType: "complete", ttlMs: 0, cacheScope: "private", tools: [{ name: "t", inputSchema: { type: "object" } }] });
      }
      return { sse: [": broken\n\n"] };
    });
    const client = await clientFor(server.url).connect();
    expect((await client.listAllTools()).map((t) => t.name)).toEqual(["t"]);
    const lists2 = server.requests.filter((r) => r.body?.method === "tools/list");
    expect(lists2).toHaveLength(2);
    expect(lists2[0]?.body?.id).not.toBe(lists2[1]?.body?.id);
    await expect(client.callTool("t")).rejects.toMatchObject({ reason: "transport-closed" });
    await client.close();
    expect(server.requests.filter((r) => r.body?.method === "tools/call")).toHaveLength(1);
  });
});
