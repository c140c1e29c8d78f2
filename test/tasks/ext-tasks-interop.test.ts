// Interop: the official tasks requester library (@modelcontextprotocol/ext-tasks 0.2.2) on the
// official SDK client drives examples/reports over HTTP. 2025-11-25: the task param, tasks/get
// polling, the midway question as a real elicitation/create, tasks/result, tasks/cancel.
// 2026-07-28: the library needs a host "raw dispatch" for the extension's traffic (its README:
// the SDK's codecs reject it), here a plain POST with the standard headers; the question comes as
// inputRequests and is answered through tasks/update.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { createApplicationInputHandler, createTaskSessionFromClient, resultFromTaskOutcome } from "@modelcontextprotocol/ext-tasks/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenHttp, type ListeningServer } from "@mcp-gen/runtime/node";
// @ts-expect-error plain JS handlers (type-checked with --checkJs like the other examples)
import { handlers } from "../../examples/reports/handlers.js";
import { createServer } from "../../examples/reports/generated/dist/index.js";

let listening: ListeningServer;
const errors: unknown[] = [];
beforeAll(async () => {
  listening = await listenHttp(createServer(handlers, { onError: (e: unknown) => errors.push(e) }), { port: 0 });
});
afterAll(() => listening.close());

const MODERN = "2026-07-28";

/** The host request path the library asks for on 2026-07-28: one POST per request, JSON or SSE answer. */
function rawDispatchTo(url: string) {
  let id = 1000;
  return async (request: unknown) => {
    const message = { jsonrpc: "2.0", id: ++id, ...(request as Record<string, unknown>) } as unknown as { method: string; params?: Record<string, unknown> };
    const name = message.params?.["taskId"] ?? message.params?.["name"];
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": MODERN,
        "mcp-method": message.method,
        ...(typeof name === "string" ? { "mcp-name": name } : {}),
      },
      body: JSON.stringify(message),
    });
    const text = await response.text();
    if (!response.headers.get("content-type")?.includes("event-stream")) return JSON.parse(text);
    const data = text.split("\n").filter((line) => line.startsWith("data:")).map((line) => JSON.parse(line.slice(5)));
    return data.find((m: Record<string, unknown>) => m["id"] === message["id" as keyof typeof message]);
  };
}

async function session(format: string, era: "legacy" | "modern" = "legacy") {
  const asked: unknown[] = [];
  const modern = era === "modern";
  const client = new Client(
    { name: "ext-tasks-interop", version: "1.0.0" },
    { capabilities: { elicitation: {} }, ...(modern ? { versionNegotiation: { mode: { pin: MODERN } } } : {}) } as never,
  );
  client.setRequestHandler("elicitation/create", async (request) => {
    asked.push(request.params);
    return { action: "accept", content: { format } };
  });
  await client.connect(new StreamableHTTPClientTransport(new URL(listening.url)));
  const onInputRequest = createApplicationInputHandler({
    elicitation: async (request) => {
      asked.push(request.params);
      return { action: "accept", content: { format } };
    },
    sampling: async () => {
      throw new Error("no sampling in this test");
    },
    roots: async () => ({ roots: [] }),
  });
  const tasks = modern
    ? createTaskSessionFromClient(client, {
        endpointId: "reports",
        onInputRequest,
        rawDispatch: rawDispatchTo(listening.url) as never,
        v2RequestFraming: { protocolVersion: MODERN, clientInfo: { name: "ext-tasks-interop", version: "1.0.0" }, clientCapabilities: { elicitation: { form: {} } } },
      })
    : createTaskSessionFromClient(client, { endpointId: "reports" });
  return { tasks, asked, close: async () => (await tasks.close(), await client.close()) };
}

describe.each(["legacy", "modern"] as const)("ext-tasks 0.2.2 as the requester, %s era", (era) => {
  it("drives build_report to completion, answering the midway question", async () => {
    errors.length = 0;
    const s = await session("pdf", era);
    try {
      const execution = await s.tasks.callTool("build_report", { days: 2, stepMs: 5 });
      expect(execution.kind).toBe("task");
      const { outcome } = await execution.settle();
      const result = resultFromTaskOutcome(outcome) as { structuredContent?: unknown; isError?: boolean };
      expect(result.isError ?? false).toBe(false);
      expect(result.structuredContent).toEqual({ days: 2, format: "pdf", rows: 48 });
      expect(s.asked).toHaveLength(1);
      expect(s.asked[0]).toMatchObject({ message: "Which format should the report use?" });
    } finally {
      await s.close();
    }
    expect(errors).toEqual([]);
  });

  it("cancels a running task, and the aborted handler is no error", async () => {
    errors.length = 0;
    const s = await session("csv", era);
    try {
      const execution = await s.tasks.callTool("build_report", { days: 1, stepMs: 10_000 });
      expect(execution.kind).toBe("task");
      await execution.cancel();
      const settled = await execution.settle().then(
        (s) => s.outcome.status,
        (e: unknown) => (e instanceof Error ? e.name : String(e)),
      );
      expect(settled).toMatch(/cancel/i);
    } finally {
      await s.close();
    }
    expect(errors).toEqual([]);
  });
});

describe("a task-required tool called without tasks", () => {
  it("2025-11-25: the SDK client's plain tools/call gets -32601 (basic/utilities/tasks § Tool-Level Negotiation)", async () => {
    const client = new Client({ name: "plain", version: "1.0.0" }, { capabilities: {} });
    await client.connect(new StreamableHTTPClientTransport(new URL(listening.url)));
    try {
      await expect(client.callTool({ name: "build_report", arguments: { days: 1 } })).rejects.toMatchObject({ code: -32601 });
    } finally {
      await client.close();
    }
  });
});
