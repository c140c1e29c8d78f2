// Pure pieces of the client: the `_meta` envelope, the MRTR helpers, the SSE reader and
// the result cache.

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ResultCache } from "../../packages/runtime/src/client/cache.js";
import { applyElicitationDefaults } from "../../packages/runtime/src/client/elicitation-defaults.js";
import { withEnvelope } from "../../packages/runtime/src/core/era/envelope.js";
import { resultKind, retryParams, runInputRounds } from "../../packages/runtime/src/client/mrtr.js";
import { SseReader } from "../../packages/runtime/src/client/sse.js";

describe("_meta envelope", () => {
  const envelope = { protocolVersion: "2026-07-28", clientCapabilities: { roots: {} }, clientInfo: { name: "c", version: "1" } };

  it("adds the three keys with their exact names and keeps caller keys", () => {
    const params = withEnvelope({ name: "t", _meta: { progressToken: 5, traceparent: "00-abc" } }, envelope);
    expect(params).toEqual({
      name: "t",
      _meta: {
        progressToken: 5,
        traceparent: "00-abc",
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": { roots: {} },
        "io.modelcontextprotocol/clientInfo": { name: "c", version: "1" },
      },
    });
  });

  it("overrides a stale envelope copied from an earlier request and never mutates the input", () => {
    const input = { _meta: { "io.modelcontextprotocol/protocolVersion": "2025-11-25" } };
    const params = withEnvelope(input, envelope);
    expect((params._meta as Record<string, unknown>)["io.modelcontextprotocol/protocolVersion"]).toBe("2026-07-28");
    expect(input._meta["io.modelcontextprotocol/protocolVersion"]).toBe("2025-11-25");
    expect(withEnvelope(undefined, { ...envelope, logLevel: "info" })._meta).toMatchObject({ "io.modelcontextprotocol/logLevel": "info" });
  });
});

describe("MRTR helpers", () => {
  it("classifies resultType", () => {
    expect(resultKind({})).toBe("complete");
    expect(resultKind({ resultType: "complete" })).toBe("complete");
    expect(resultKind({ resultType: "input_required" })).toBe("input_required");
    // "task" is the tasks extension's CreateTaskResult (client/tasks/ polls it).
    expect(resultKind({ resultType: "task" })).toBe("task");
    expect(() => resultKind({ resultType: "later" })).toThrow(/unknown resultType/);
  });

  it("builds retries from the ORIGINAL params, replacing answers and state each round", () => {
    const original = { name: "t", arguments: { a: 1 } };
    const round2 = retryParams(original, { k: { action: "accept" } }, "s1");
    expect(round2).toEqual({ name: "t", arguments: { a: 1 }, inputResponses: { k: { action: "accept" } }, requestState: "s1" });
    expect(retryParams(round2, undefined, undefined)).toEqual({ name: "t", arguments: { a: 1 } });
    expect(original).toEqual({ name: "t", arguments: { a: 1 } });
  });

  it("rejects an input_required result that carries nothing to act on", async () => {
    await expect(runInputRounds(async () => ({ resultType: "input_required" }), {}, async () => ({}))).rejects.toMatchObject({ reason: "bad-response" });
  });

  it("fills elicitation defaults only for omitted fields", () => {
    const schema = { type: "object", properties: { a: { type: "string", default: "x" }, b: { type: "integer", default: 3 }, c: { type: "boolean" } } };
    expect(applyElicitationDefaults(schema, { a: "given" })).toEqual({ a: "given", b: 3 });
    expect(applyElicitationDefaults(undefined, { a: 1 })).toEqual({ a: 1 });
  });
});

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

describe("SSE reader", () => {
  it("handles comments, multi-line data, CRLF split across chunks, ids and retry", async () => {
    const reader = new SseReader();
    const events = [];
    for await (const event of reader.events(streamOf([": keepalive\r", "\n", "id: 1\nretry: 750\ndata: \n\n", "event: message\ndata: a\r", "\ndata: b\n\n", "id: 2\ndata:c\n\n"]))) events.push(event);
    expect(events).toEqual([
      { event: "message", data: "a\nb", id: "1" },
      { event: "message", data: "c", id: "2" },
    ]);
    expect(reader.retryMs).toBe(750);
    expect(reader.lastEventId).toBe("2");
  });

  it("remembers the priming event id even though it dispatches nothing", async () => {
    const reader = new SseReader();
    const events = [];
    for await (const event of reader.events(streamOf(["id: prime-7\nretry: 500\ndata: \n\n"]))) events.push(event);
    expect(events).toEqual([]);
    expect(reader.lastEventId).toBe("prime-7");
  });
});

describe("result cache", () => {
  it("honours ttlMs, scope, keys and invalidation", () => {
    let now = 1000;
    const cache = new ResultCache({ now: () => now });
    expect(cache.put("tools/list", undefined, { resultType: "complete", ttlMs: 100, cacheScope: "private", tools: [] })).toBe(true);
    expect(cache.put("tools/list", { cursor: "" }, { ttlMs: 100, cacheScope: "public", tools: [1] })).toBe(true);
    expect(cache.get("tools/list", undefined)).toMatchObject({ tools: [] });
    expect(cache.get("tools/list", { cursor: "" })).toMatchObject({ tools: [1] });
    expect(cache.put("tools/call", undefined, { ttlMs: 100, cacheScope: "private" })).toBe(false);
    expect(cache.put("resources/read", { uri: "a" }, { resultType: "input_required", ttlMs: 100, cacheScope: "private" })).toBe(false);
    expect(cache.put("resources/read", { uri: "a" }, { ttlMs: 0, cacheScope: "private" })).toBe(false);
    expect(cache.put("resources/read", { uri: "a" }, { ttlMs: 100 })).toBe(false);
    cache.put("resources/read", { uri: "a" }, { ttlMs: 500, cacheScope: "private", contents: [] });
    cache.put("resources/read", { uri: "b" }, { ttlMs: 500, cacheScope: "private", contents: [] });
    cache.invalidateFor("notifications/resources/updated", { uri: "a" });
    expect(cache.get("resources/read", { uri: "a" })).toBeUndefined();
    expect(cache.get("resources/read", { uri: "b" })).toBeDefined();
    cache.invalidateFor("notifications/tools/list_changed", undefined);
    expect(cache.get("tools/list", undefined)).toBeUndefined();
    now += 600;
    expect(cache.get("resources/read", { uri: "b" })).toBeUndefined();
    const shared = new ResultCache({ shared: true });
    expect(shared.put("tools/list", undefined, { ttlMs: 100, cacheScope: "private" })).toBe(false);
    expect(shared.put("tools/list", undefined, { ttlMs: 100, cacheScope: "public" })).toBe(true);
  });
});

describe("client module boundaries", () => {
  const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../packages/runtime/src/client");
  const sources = readdirSync(clientDir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));

  it("keeps zod (and every other package) out of the client's import graph", () => {
    expect(sources.length).toBeGreaterThan(10);
    for (const file of sources) {
      const text = readFileSync(path.join(clientDir, file), "utf8");
      const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)].map((m) => m[1] as string);
      for (const specifier of specifiers) {
        // The one exception: client authorization signs and verifies with jose (JWT, JWK, DPoP
        // crypto is never hand-rolled), a runtime dependency; only auth/ may import it.
        const allowedPackage = specifier === "jose" && file.startsWith(`auth${path.sep}`);
        expect(specifier.startsWith(".") || specifier.startsWith("node:") || allowedPackage, `${file} imports ${specifier}`).toBe(true);
        if (allowedPackage) continue;
        // Inside the runtime, the client takes protocol facts from core/ (codecs, registries, scanner)
        // but never pull in the server engine.
        const target = path.resolve(path.dirname(path.join(clientDir, file)), specifier);
        const runtimeSrc = path.dirname(clientDir);
        expect(target.startsWith(runtimeSrc), `${file} imports ${specifier}`).toBe(true);
        expect(target.startsWith(path.join(runtimeSrc, "server")), `${file} imports the server engine: ${specifier}`).toBe(false);
      }
    }
  });
});

describe("requestSignal", () => {
  it("aborts on any source or on the timeout, and lets go of its sources once disposed", async () => {
    const { requestSignal } = await import("../../packages/runtime/src/client/request-signal.js");
    const caller = new AbortController();
    const a = requestSignal([caller.signal, undefined], 0);
    caller.abort();
    expect(a.signal.aborted).toBe(true);
    expect(a.timedOut).toBe(false);
    a.dispose();

    const timed = requestSignal([], 20);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(timed.signal.aborted).toBe(true);
    expect(timed.timedOut).toBe(true);

    const lifetime = new AbortController();
    const released = requestSignal([lifetime.signal], 10_000);
    released.dispose();
    lifetime.abort();
    expect(released.signal.aborted).toBe(false);
  });
});

describe("subscription filters", () => {
  it("reports acknowledged types that were never requested", async () => {
    const { unrequestedInAck, filterWants } = await import("../../packages/runtime/src/client/subscription.js");
    expect(unrequestedInAck({ toolsListChanged: true, resourceSubscriptions: ["a://x"] }, { toolsListChanged: true, resourceSubscriptions: ["a://x"] })).toEqual([]);
    expect(unrequestedInAck({ toolsListChanged: true }, { promptsListChanged: true, resourceSubscriptions: ["a://y"] })).toEqual(["promptsListChanged", "resourceSubscriptions:a://y"]);
    const updated = (uri: string) => ({ jsonrpc: "2.0" as const, method: "notifications/resources/updated", params: { uri } });
    expect(filterWants({ resourceSubscriptions: ["file:///dir/"] }, updated("file:///dir/sub.txt"))).toBe(true);
    expect(filterWants({ resourceSubscriptions: ["file:///dir/"] }, updated("file:///other"))).toBe(false);
    expect(filterWants({ toolsListChanged: false }, { jsonrpc: "2.0", method: "notifications/tools/list_changed" })).toBe(false);
  });
});

describe("client facade", () => {
  it("routes through the session the opener chose and refuses requests after close", async () => {
    const { McpClient } = await import("../../packages/runtime/src/client/client.js");
    const { McpClientError } = await import("../../packages/runtime/src/client/errors.js");
    const sent: string[] = [];
    let closed = false;
    const transport = {
      kind: "stdio" as const,
      serverKey: "fake",
      start: async () => undefined,
      request: async (message: { id: number | string; method: string }) => {
        sent.push(message.method);
        const result = message.method === "server/discover" ? { resultType: "complete", supportedVersions: ["2026-07-28"], capabilities: { tools: {} } } : { resultType: "complete", tools: [] };
        return { jsonrpc: "2.0" as const, id: message.id, result };
      },
      notify: async () => undefined,
      respond: async () => undefined,
      setEra: () => undefined,
      handshakeComplete: () => undefined,
      close: async () => {
        closed = true;
      },
    };
    const client = new McpClient({ transport, clientInfo: { name: "t", version: "1" }, protocol: "2026-07-28" });
    expect(client.era).toBeUndefined();
    expect(await client.listAllTools()).toEqual([]);
    expect(client.era).toBe("modern");
    expect(client.serverCapabilities).toEqual({ tools: {} });
    expect(sent).toEqual(["server/discover", "tools/list"]);
    await client.close();
    expect(closed).toBe(true);
    const error = await client.listAllTools().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpClientError);
    expect((error as InstanceType<typeof McpClientError>).reason).toBe("transport-closed");
    expect(sent).toEqual(["server/discover", "tools/list"]);
  });
});
