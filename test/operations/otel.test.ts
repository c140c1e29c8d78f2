// OpenTelemetry (issue 17 #5) with the SDK's in-memory exporter and the AsyncLocalStorage
// context manager: a call through the runtime client produces one CLIENT and one SERVER span in
// one trace with the MCP semantic-convention attributes; `_meta` trace context is the parent; a
// handler sees its span as the active one; errors set error.type.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import * as api from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { McpClient } from "../../packages/runtime/src/client/client.js";
import { createHttpTransport } from "../../packages/runtime/src/client/transport/http.js";
import { listenHttp, type ListeningServer } from "../../packages/runtime/src/http/node.js";
import { otelServerInterceptor, traceClientTransport } from "../../packages/runtime/src/otel-entry.js";
import type { ServerDefinition } from "../../packages/runtime/src/server/definition.js";
import { createMcpServer } from "../../packages/runtime/src/server/server.js";
import { operationsDefinition, modernPost } from "./helpers.js";

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const tracer = provider.getTracer("operations-test");
const contextManager = new AsyncLocalStorageContextManager();
let listening: ListeningServer;
let activeInHandler: string | undefined;

beforeAll(async () => {
  api.context.setGlobalContextManager(contextManager.enable());
  const definition = operationsDefinition();
  const tools = [...(definition.tools ?? [])];
  tools.push({
    name: "whoami",
    description: "Reports the span active in the handler",
    inputSchema: { type: "object" },
    handler: () => {
      activeInHandler = api.trace.getSpan(api.context.active())?.spanContext().spanId;
      return { content: [{ type: "text", text: "ok" }] };
    },
  });
  const mcp = createMcpServer({ ...definition, tools } as ServerDefinition, { interceptors: [otelServerInterceptor(api, { tracer })] });
  listening = await listenHttp(mcp, { port: 0 });
});
afterAll(async () => {
  await listening.close();
  api.context.disable();
  await provider.shutdown();
});
beforeEach(() => exporter.reset());

describe("OpenTelemetry spans", () => {
  it("one client span and one server span in one trace, with the semantic-convention attributes", async () => {
    const client = new McpClient({
      transport: traceClientTransport(createHttpTransport({ url: listening.url }), api, { tracer }),
      clientInfo: { name: "otel-test", version: "1" },
      protocol: "2026-07-28",
      discoverOnConnect: false,
    });
    await client.connect();
    exporter.reset();
    const result = await client.callTool("whoami", {});
    expect(result.isError).not.toBe(true);
    await client.close();
    const spans = exporter.getFinishedSpans().filter((s) => s.name === "tools/call whoami");
    expect(spans.map((s) => s.kind).sort()).toEqual([api.SpanKind.SERVER, api.SpanKind.CLIENT].sort());
    const server = spans.find((s) => s.kind === api.SpanKind.SERVER)!;
    const clientSpan = spans.find((s) => s.kind === api.SpanKind.CLIENT)!;
    expect(server.spanContext().traceId).toBe(clientSpan.spanContext().traceId);
    expect(server.parentSpanContext?.spanId).toBe(clientSpan.spanContext().spanId);
    expect(server.attributes).toMatchObject({
      "mcp.method.name": "tools/call",
      "gen_ai.tool.name": "whoami",
      "gen_ai.operation.name": "execute_tool",
      "mcp.protocol.version": "2026-07-28",
      "network.transport": "tcp",
      "network.protocol.name": "http",
    });
    expect(typeof server.attributes["jsonrpc.request.id"]).toBe("string");
    expect(clientSpan.attributes).toMatchObject({ "mcp.method.name": "tools/call", "gen_ai.tool.name": "whoami", "mcp.protocol.version": "2026-07-28" });
    // The handler ran with the server span active, so its own spans would be children of it.
    expect(activeInHandler).toBe(server.spanContext().spanId);
  });

  it("takes the parent from _meta traceparent (before the HTTP header) and keeps tracestate", async () => {
    const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
    const metaParent = `00-${traceId}-00f067aa0ba902b7-01`;
    const headerParent = "00-11111111111111111111111111111111-2222222222222222-01";
    const { status } = await modernPost(listening.url, "tools/call", { name: "slow", arguments: { ms: 1 }, _meta: { traceparent: metaParent, tracestate: "vendor=abc" } }, { traceparent: headerParent });
    expect(status).toBe(200);
    const [span] = exporter.getFinishedSpans();
    expect(span?.spanContext().traceId).toBe(traceId);
    expect(span?.parentSpanContext?.spanId).toBe("00f067aa0ba902b7");
    expect(span?.spanContext().traceState?.get("vendor")).toBe("abc");
    exporter.reset();
    // Without _meta context the HTTP header is the parent; a malformed one is ignored.
    await modernPost(listening.url, "tools/call", { name: "slow", arguments: { ms: 1 } }, { traceparent: headerParent });
    expect(exporter.getFinishedSpans()[0]?.spanContext().traceId).toBe("11111111111111111111111111111111");
    exporter.reset();
    await modernPost(listening.url, "tools/call", { name: "slow", arguments: { ms: 1 }, _meta: { traceparent: "00-00000000000000000000000000000000-00f067aa0ba902b7-01" } });
    expect(exporter.getFinishedSpans()[0]?.parentSpanContext).toBeUndefined();
  });

  it("records error.type: the JSON-RPC code for errors, tool_error for isError results", async () => {
    await modernPost(listening.url, "tools/call", { name: "fails", arguments: {} });
    await modernPost(listening.url, "tools/call", { name: "nope", arguments: {} });
    const spans = exporter.getFinishedSpans();
    expect(spans.map((s) => [s.name, s.attributes["error.type"], s.status.code])).toEqual([
      ["tools/call fails", "tool_error", api.SpanStatusCode.ERROR],
      ["tools/call nope", "-32602", api.SpanStatusCode.ERROR],
    ]);
  });
});

describe("legacy sessions", () => {
  it("a 2025-11-25 call's span carries mcp.session.id and the negotiated version", async () => {
    const post = (body: object, headers: Record<string, string> = {}) =>
      fetch(listening.url, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers }, body: JSON.stringify(body) });
    const init = await post({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "legacy", version: "1" } } });
    const sessionId = init.headers.get("mcp-session-id") as string;
    await init.text();
    const session = { "mcp-session-id": sessionId, "mcp-protocol-version": "2025-11-25" };
    await (await post({ jsonrpc: "2.0", method: "notifications/initialized" }, session)).text();
    exporter.reset();
    const traceId = "0af7651916cd43dd8448eb211c80319c";
    const call = await post({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "slow", arguments: { ms: 1 }, _meta: { traceparent: `00-${traceId}-b7ad6b7169203331-01` } } }, session);
    expect(call.status).toBe(200);
    await call.text();
    const [span] = exporter.getFinishedSpans();
    expect(span?.name).toBe("tools/call slow");
    expect(span?.attributes).toMatchObject({ "mcp.session.id": sessionId, "mcp.protocol.version": "2025-11-25", "gen_ai.tool.name": "slow", "jsonrpc.request.id": "2", "network.transport": "tcp" });
    expect(span?.spanContext().traceId).toBe(traceId);
  });
});

describe("no cost without OpenTelemetry", () => {
  it("the runtime never imports @opentelemetry/api, and only the ./otel entry reaches otel/", () => {
    const src = join(import.meta.dirname, "../../packages/runtime/src");
    const files = (readdirSync(src, { recursive: true }) as string[]).filter((f) => f.endsWith(".ts"));
    expect(files.length).toBeGreaterThan(50);
    const offenders: string[] = [];
    for (const file of files) {
      const text = readFileSync(join(src, file), "utf8");
      if (/^\s*(import|export)\b[^;]*from\s+"@opentelemetry\/api"/m.test(text) || /import\(\s*"@opentelemetry\/api"/.test(text)) offenders.push(`${file}: imports @opentelemetry/api`);
      if (!file.startsWith("otel") && /from\s+"(\.\.?\/)+otel\//.test(text)) offenders.push(`${file}: imports otel/`);
    }
    expect(offenders).toEqual([]);
  });
});
