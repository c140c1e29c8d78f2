// examples/reports: a slow tool that runs as a task and asks a question midway, driven by the
// generated typed client (2026-07-28) and by raw 2025-11-25 task requests, in memory.
import { describe, expect, it } from "vitest";
// @ts-expect-error plain JS handlers (type-checked with --checkJs like the other examples)
import { handlers } from "../../examples/reports/handlers.js";
import { createTestClient } from "../../examples/reports/generated/dist/testing.js";

const format = (value: string) => ({ elicitation: async () => ({ action: "accept" as const, content: { format: value } }) });

describe("examples/reports", () => {
  it("2026-07-28: client.tools.buildReport polls the task, answers the midway question, returns typed output", async () => {
    const client = await createTestClient(handlers, { revision: "2026-07-28", handlers: format("pdf") });
    try {
      const result = await client.tools.buildReport({ days: 2, stepMs: 5 });
      expect(result.structured).toEqual({ days: 2, format: "pdf", rows: 48 });
    } finally {
      await client.close();
    }
  });

  it("2026-07-28: .start() gives a handle whose status shows progress; cancel stops it", async () => {
    const client = await createTestClient(handlers, { revision: "2026-07-28", handlers: format("csv") });
    try {
      const handle = await client.tools.buildReport.start({ days: 1, stepMs: 10_000 });
      if (handle.taskId === undefined) throw new Error("expected a task");
      const status = await handle.status();
      expect(status.status).toBe("working");
      expect(status.statusMessage).toBe("collecting data: step 1 of 4");
      await handle.cancel();
      expect((await handle.status()).status).toBe("cancelled");
      await expect(handle.wait()).rejects.toThrow(/cancelled/);
      // An inline tool still answers inline.
      expect((await client.tools.quickStats({})).content[0]).toEqual({ type: "text", text: "3 reports built today" });
    } finally {
      await client.close();
    }
  });

  it("2025-11-25: the typed client turns a task-required call into a task and waits on tasks/result; .start() and cancel work too", async () => {
    const client = await createTestClient(handlers, { revision: "2025-11-25", handlers: format("pdf") });
    try {
      const result = await client.tools.buildReport({ days: 2, stepMs: 5 });
      expect(result.structured).toEqual({ days: 2, format: "pdf", rows: 48 });
      const handle = await client.tools.buildReport.start({ days: 1, stepMs: 10_000 });
      if (handle.taskId === undefined) throw new Error("expected a task");
      expect((await handle.status()).status).toBe("working");
      await handle.cancel();
      await expect(handle.wait()).rejects.toThrow(/cancelled/);
      const inline = await client.tools.quickStats({});
      expect(inline.content[0]).toEqual({ type: "text", text: "3 reports built today" });
    } finally {
      await client.close();
    }
  });

  it("2025-11-25: the task param creates a task; the question arrives as elicitation/create; tasks/result returns the result", async () => {
    const client = await createTestClient(handlers, { revision: "2025-11-25", handlers: format("html") });
    try {
      const tools = await client.raw.listAllTools();
      expect(tools.find((t) => t["name"] === "build_report")?.["execution"]).toEqual({ taskSupport: "required" });
      expect((client.raw.serverCapabilities as Record<string, unknown>)["tasks"]).toEqual({ list: {}, cancel: {}, requests: { tools: { call: {} } } });
      // Without the task param the server refuses (-32601); the client then asks for a task itself.
      const transparent = await client.raw.request("tools/call", { name: "build_report", arguments: { days: 1, stepMs: 1 } });
      expect(transparent["structuredContent"]).toEqual({ days: 1, format: "html", rows: 24 });
      const created = await client.raw.request("tools/call", { name: "build_report", arguments: { days: 3, stepMs: 5 }, task: { ttl: 60_000 } });
      const task = created["task"] as Record<string, unknown>;
      expect(task).toMatchObject({ status: "working", ttl: 60_000, pollInterval: 500 });
      const result = await client.raw.request("tasks/result", { taskId: task["taskId"] });
      expect(result["structuredContent"]).toEqual({ days: 3, format: "html", rows: 72 });
      expect((result["_meta"] as Record<string, unknown>)["io.modelcontextprotocol/related-task"]).toEqual({ taskId: task["taskId"] });
      const got = await client.raw.request("tasks/get", { taskId: task["taskId"] });
      expect(got["status"]).toBe("completed");
      const listed = await client.raw.request("tasks/list", {});
      expect((listed["tasks"] as Array<Record<string, unknown>>).map((t) => t["taskId"])).toContain(task["taskId"]);
      // 2025-11-25 refuses to cancel a finished task (-32602).
      await expect(client.raw.request("tasks/cancel", { taskId: task["taskId"] })).rejects.toMatchObject({ code: -32602 });
    } finally {
      await client.close();
    }
  });

  it("2025-11-25: tasks/cancel cancels a running task", async () => {
    const client = await createTestClient(handlers, { revision: "2025-11-25", handlers: format("csv") });
    try {
      const created = await client.raw.request("tools/call", { name: "build_report", arguments: { days: 1, stepMs: 10_000 }, task: {} });
      const taskId = (created["task"] as Record<string, unknown>)["taskId"];
      const cancelled = await client.raw.request("tasks/cancel", { taskId });
      expect(cancelled["status"]).toBe("cancelled");
      await expect(client.raw.request("tasks/result", { taskId })).rejects.toMatchObject({ message: "Task was cancelled" });
    } finally {
      await client.close();
    }
  });
});
