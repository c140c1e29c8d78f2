// Era probing (`protocol: "auto"`): the pure classification table, then real servers —
// stdio child processes with scripted behaviour and HTTP servers on 127.0.0.1.

import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { McpClient, createHttpTransport, type EraVerdictRecord } from "../../packages/runtime/src/client-entry.js";
import { createStdioTransport } from "../../packages/runtime/src/node-entry.js";
import { classifyProbe } from "../../packages/runtime/src/client/probe.js";
import { SUPPORTED_REVISIONS } from "../../packages/runtime/src/core/era/revisions.js";
import { errorFor, resultFor, startScriptedServer, type ScriptedServer } from "./fixtures/scripted-http-server.js";

const stdioServer = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures/scripted-stdio-server.mjs");

describe("classifyProbe", () => {
  const classify = (outcome: Parameters<typeof classifyProbe>[0], kind: "stdio" | "http" = "http") => classifyProbe(outcome, kind, "2026-07-28", SUPPORTED_REVISIONS);

  it("stays modern on a DiscoverResult with a mutual modern revision", () => {
    expect(classify({ kind: "result", result: { supportedVersions: ["2026-07-28", "2025-11-25"] } })).toMatchObject({ era: "modern", protocolVersion: "2026-07-28", retryDiscover: false });
  });
  it("falls back to initialize when discover lists only legacy revisions", () => {
    expect(classify({ kind: "result", result: { supportedVersions: ["2025-06-18"] } })).toEqual({ era: "legacy", protocolVersion: "2025-06-18" });
  });
  it("uses -32022 data.supported and never falls back blindly", () => {
    expect(classify({ kind: "rpc-error", code: -32022, data: { supported: ["2026-07-28"] } })).toMatchObject({ era: "modern", retryDiscover: true });
    expect(classify({ kind: "rpc-error", code: -32022, data: { supported: ["2025-11-25"] } })).toEqual({ era: "legacy", protocolVersion: "2025-11-25" });
    expect(classify({ kind: "rpc-error", code: -32022, data: { supported: ["1999-01-01"] } }).era).toBe("none");
  });
  it("treats header and capability errors as modern on HTTP only", () => {
    expect(classify({ kind: "rpc-error", code: -32020 }).era).toBe("modern");
    expect(classify({ kind: "rpc-error", code: -32021 }).era).toBe("modern");
    expect(classify({ kind: "rpc-error", code: -32020 }, "stdio").era).toBe("legacy");
  });
  it("does not key the legacy fallback on one code", () => {
    for (const code of [-32601, -32602, -32600, -32000, -32001, -32603]) expect(classify({ kind: "rpc-error", code }).era).toBe("legacy");
    expect(classify({ kind: "no-answer" }).era).toBe("legacy");
    expect(classify({ kind: "failure", message: "HTTP 503" }).era).toBe("none");
  });
});

function stdioClient(mode: string, eraCache = new Map<string, EraVerdictRecord>(), stderr: string[] = []): McpClient {
  return new McpClient({
    transport: createStdioTransport({ command: process.execPath, args: [stdioServer, mode], stderr: "pipe", onStderr: (chunk) => stderr.push(chunk) }),
    clientInfo: { name: "probe-test", version: "1" },
    protocol: "auto",
    probeTimeoutMs: 800,
    eraCache,
  });
}

describe("probing over stdio", () => {
  it.each([
    ["modern", "modern", "2026-07-28"],
    ["modern-32022", "modern", "2026-07-28"],
    ["legacy-error", "legacy", "2025-11-25"],
    ["legacy-32602", "legacy", "2025-11-25"],
    ["legacy-silent", "legacy", "2025-11-25"],
    ["legacy-exit", "legacy", "2025-11-25"],
  ])("server mode %s → %s", async (mode, era, version) => {
    const client = await stdioClient(mode).connect();
    expect(client.era).toBe(era);
    expect(client.protocolVersion).toBe(version);
    const tools = await client.listAllTools();
    expect(tools.map((t) => t.name)).toEqual(["echo"]);
    await client.close();
  });

  it("caches the verdict per server and skips the probe next time", async () => {
    const cache = new Map<string, EraVerdictRecord>();
    const first = await stdioClient("legacy-error", cache).connect();
    await first.close();
    expect([...cache.values()]).toEqual([{ era: "legacy", protocolVersion: "2025-11-25" }]);
    const stderr: string[] = [];
    const second = await stdioClient("legacy-error", cache, stderr).connect();
    await second.close();
    const received = stderr.join("").split("\n").filter((l) => l.startsWith("RECV ")).map((l) => JSON.parse(l.slice(5)).method as string);
    expect(received[0]).toBe("initialize");
    expect(received).not.toContain("server/discover");
  });

  it("cancels a stdio request with notifications/cancelled carrying the request id", async () => {
    const stderr: string[] = [];
    const client = await stdioClient("slow", new Map(), stderr).connect();
    const controller = new AbortController();
    const call = client.callTool("echo", {}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    await expect(call).rejects.toMatchObject({ reason: "aborted" });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await client.close();
    const received = stderr.join("").split("\n").filter((l) => l.startsWith("RECV ")).map((l) => JSON.parse(l.slice(5)) as { id?: number; method: string; params?: Record<string, unknown> });
    const callId = received.find((m) => m.method === "tools/call")?.id;
    const cancel = received.find((m) => m.method === "notifications/cancelled");
    expect(cancel?.params?.requestId).toBe(callId);
  });
});

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("probing over HTTP", () => {
  const legacyInit = (r: Parameters<typeof resultFor>[0]) =>
    resultFor(r, { protocolVersion: "2025-11-25", capabilities: { tools: {} }, serverInfo: { name: "legacy", version: "1" } });

  it("falls back to initialize when a 4xx carries no JSON-RPC body", async () => {
    server = await startScriptedServer((r) => {
      if (r.body?.method === "server/discover") return { status: 400, text: "Bad Request: Server not initialized" };
      if (r.body?.method === "initialize") return legacyInit(r);
      return { status: 202 };
    });
    const client = await new McpClient({ transport: createHttpTransport({ url: server.url }), clientInfo: { name: "p", version: "1" }, eraCache: new Map(), legacyServerStream: false }).connect();
    expect(client.era).toBe("legacy");
    await client.close();
    expect(server.requests.slice(0, 3).map((r) => r.body?.method)).toEqual(["server/discover", "initialize", "notifications/initialized"]);
  });

  it("falls back on a legacy -32000 body and stays modern on a -32022 body", async () => {
    server = await startScriptedServer((r) => {
      if (r.body?.method === "server/discover") return errorFor(r, -32000, "Bad Request: No valid session ID provided", undefined, 400);
      if (r.body?.method === "initialize") return legacyInit(r);
      return { status: 202 };
    });
    const legacy = await new McpClient({ transport: createHttpTransport({ url: server.url }), clientInfo: { name: "p", version: "1" }, eraCache: new Map(), legacyServerStream: false }).connect();
    expect(legacy.era).toBe("legacy");
    await legacy.close();
    await server.close();
    let discovers = 0;
    server = await startScriptedServer((r) => {
      discovers++;
      return discovers === 1
        ? errorFor(r, -32022, "Unsupported protocol version", { supported: ["2026-07-28"], requested: "2026-07-28" }, 400)
        : resultFor(r, { resultType: "complete", supportedVersions: ["2026-07-28"], capabilities: { prompts: {} }, ttlMs: 0, cacheScope: "private" });
    });
    const modern = await new McpClient({ transport: createHttpTransport({ url: server.url }), clientInfo: { name: "p", version: "1" }, eraCache: new Map() }).connect();
    expect(modern.era).toBe("modern");
    expect(modern.serverCapabilities).toEqual({ prompts: {} });
    await modern.close();
  });

  it("reports 5xx as an outage, never as era evidence", async () => {
    server = await startScriptedServer(() => ({ status: 503, text: "down" }));
    const error = await new McpClient({ transport: createHttpTransport({ url: server.url }), clientInfo: { name: "p", version: "1" }, eraCache: new Map() }).connect().catch((e: unknown) => e);
    expect(error).toMatchObject({ reason: "http-status", status: 503 });
    expect(server.requests).toHaveLength(1);
  });

  it("reports 401 as an auth problem, never as era evidence", async () => {
    server = await startScriptedServer(() => ({ status: 401, text: "unauthorized", headers: { "WWW-Authenticate": "Bearer" } }));
    const error = await new McpClient({ transport: createHttpTransport({ url: server.url }), clientInfo: { name: "p", version: "1" }, eraCache: new Map() }).connect().catch((e: unknown) => e);
    expect(error).toMatchObject({ reason: "auth-required", status: 401 });
    expect(server.requests).toHaveLength(1);
  });

  it("listens over stdio, demultiplexes by subscription id and ends with notifications/cancelled", async () => {
    const stderr: string[] = [];
    const stray: string[] = [];
    const client = new McpClient({
      transport: createStdioTransport({ command: process.execPath, args: [stdioServer, "listen"], stderr: "pipe", onStderr: (chunk) => stderr.push(chunk) }),
      clientInfo: { name: "listen-test", version: "1" },
      protocol: "2026-07-28",
      eraCache: new Map(),
      onNotification: (n) => stray.push(n.method),
    });
    await client.connect();
    const subscription = await client.subscribe({ toolsListChanged: true });
    expect(await subscription.acknowledged).toEqual({ toolsListChanged: true });
    const received: string[] = [];
    for await (const notification of subscription) {
      received.push(notification.method);
      break; // return() closes the subscription
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    await client.close();
    expect(received).toEqual(["notifications/tools/list_changed"]);
    const listenId = stderr.join("").split("\n").filter((l) => l.startsWith("RECV ")).map((l) => JSON.parse(l.slice(5)) as { id?: number; method: string }).find((m) => m.method === "subscriptions/listen")?.id;
    expect(stderr.join("")).toContain(`CANCELLED ${JSON.stringify(listenId)}`);
    expect(stray).toEqual(["notifications/tools/list_changed"]);
  });
});
