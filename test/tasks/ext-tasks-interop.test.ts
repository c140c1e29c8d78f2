// Interop: the official tasks requester library (@modelcontextprotocol/ext-tasks 0.2.2) on the
// official SDK client drives examples/reports over HTTP, 2025-11-25 (the task param,
// tasks/get polling, the midway question as a real elicitation/create, tasks/result, tasks/cancel).
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { createTaskSessionFromClient, resultFromTaskOutcome } from "@modelcontextprotocol/ext-tasks/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenHttp, type ListeningServer } from "../../packages/runtime/src/http/node.js";
import { handlers } from "../../examples/reports/handlers.js";
import { createServer } from "../../examples/reports/generated/dist/index.js";

let listening: ListeningServer;
const errors: unknown[] = [];
beforeAll(async () => {
  listening = await listenHttp(createServer(handlers, { onError: (e: unknown) => errors.push(e) }), { port: 0 });
});
afterAll(() => listening.close());

async function session(format: string) {
  const asked: unknown[] = [];
  const client = new Client({ name: "ext-tasks-interop", version: "1.0.0" }, { capabilities: { elicitation: {} } });
  client.setRequestHandler("elicitation/create", async (request) => {
    asked.push(request.params);
    return { action: "accept", content: { format } };
  });
  await client.connect(new StreamableHTTPClientTransport(new URL(listening.url)));
  const tasks = createTaskSessionFromClient(client, { endpointId: "reports" });
  return { tasks, asked, close: async () => (await tasks.close(), await client.close()) };
}

describe("ext-tasks 0.2.2 as the requester, 2025-11-25", () => {
  it("drives build_report to completion, answering the midway question", async () => {
    const s = await session("pdf");
    try {
      const execution = await s.tasks.callTool("build_report", { days: 2, stepMs: 5 });
      expect(execution.kind).toBe("task");
      const { outcome } = await execution.settle();
      const result = resultFromTaskOutcome(outcome) as { structuredContent?: unknown; isError?: boolean };
      expect(result.isError).toBeUndefined();
      expect(result.structuredContent).toEqual({ days: 2, format: "pdf", rows: 48 });
      expect(s.asked).toHaveLength(1);
      expect(s.asked[0]).toMatchObject({ message: "Which format should the report use?" });
    } finally {
      await s.close();
    }
    expect(errors).toEqual([]);
  });

  it("cancels a running task", async () => {
    const s = await session("csv");
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
  });
});
