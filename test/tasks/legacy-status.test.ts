// 2025-11-25 notifications/tasks/status (basic/utilities/tasks § Task Status Notification): the
// server pushes each status change of a task to the session that created it, and the runtime
// client hands it to the waiting handle's onStatus. On 2025-11-25 a handle waits on tasks/result
// and polls tasks/get only once at the end, so an `input_required` seen by onStatus was pushed.
import { afterEach, describe, expect, it } from "vitest";
import { connectClient, type McpClient } from "../../packages/runtime/src/client/client.js";
import type { TaskSnapshot } from "../../packages/runtime/src/client/tasks/handle.js";
import type { JsonRpcNotification } from "../../packages/runtime/src/core/jsonrpc/message.js";
import { createMemoryTransport } from "../../packages/runtime/src/memory/memory-transport.js";
import type { ToolDefinition } from "../../packages/runtime/src/server/definition.js";
import { createMcpServer } from "../../packages/runtime/src/server/server.js";
import { taskDefinition } from "./helpers.js";

const open: Array<{ close(): Promise<unknown> | void }> = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The test tools plus one that asks only once the client is surely waiting on tasks/result. */
function definition() {
  const base = taskDefinition();
  const form = { type: "object", properties: { v: { type: "string" } } };
  const askLate: ToolDefinition<Record<string, never>> = {
    name: "ask_late",
    inputSchema: { type: "object" },
    task: { support: "required", pollIntervalMs: 50 },
    inputs: { a: { kind: "form-elicitation", message: "A?", requestedSchema: form } },
    async handler(_args, ctx) {
      await sleep(150);
      const answer = await ctx.ask("a");
      await sleep(50);
      return { content: [{ type: "text", text: JSON.stringify(answer["content"]) }] };
    },
  };
  return { ...base, tools: [...(base.tools ?? []), askLate] };
}

async function connect() {
  const server = createMcpServer(definition());
  open.push(server);
  const other: JsonRpcNotification[] = [];
  const client: McpClient = await connectClient({
    transport: createMemoryTransport(server),
    clientInfo: { name: "t", version: "1" },
    protocol: "2025-11-25",
    handlers: { elicitation: async () => ({ action: "accept", content: { v: "x" } }) as never },
    onNotification: (message) => other.push(message),
  });
  open.push(client);
  return { client, other };
}

describe("notifications/tasks/status (2025-11-25)", () => {
  it("each status change reaches the waiting handle's onStatus, as a full Task", async () => {
    const { client, other } = await connect();
    const handle = await client.startTool("ask_late", {});
    if (handle.taskId === undefined) throw new Error("ran inline");
    const seen: TaskSnapshot[] = [];
    const result = await handle.wait({ onStatus: (task) => seen.push(task) });
    expect((result.content[0] as { text: string }).text).toContain('{"v":"x"}');
    const statuses = seen.map((t) => t.status);
    // Pushed while tasks/result was open: the task asked, went on, and finished (then one tasks/get).
    expect(statuses).toEqual(["input_required", "working", "completed", "completed"]);
    const pushed = seen.find((t) => t.status === "input_required")!;
    expect(pushed).toMatchObject({ taskId: handle.taskId, ttl: expect.any(Number), pollInterval: 50, createdAt: expect.any(String), lastUpdatedAt: expect.any(String) });
    // No two consecutive pushes repeat a status (statusMessage-only updates are not status changes).
    const pushes = seen.slice(0, -1).map((t) => t.status);
    for (let i = 1; i < pushes.length; i++) expect(pushes[i]).not.toBe(pushes[i - 1]);
    // Consumed by the handle: none leaked to onNotification.
    expect(other.filter((m) => m.method === "notifications/tasks/status")).toEqual([]);
  });

  it("a cancelled task's last push says cancelled", async () => {
    const { client } = await connect();
    const handle = await client.startTool("slow", { ms: 5000 });
    if (handle.taskId === undefined) throw new Error("ran inline");
    const seen: string[] = [];
    const waiting = handle.wait({ onStatus: (task) => seen.push(task.status) }).catch((error: Error) => error);
    await new Promise((r) => setTimeout(r, 50));
    await handle.cancel();
    const outcome = await waiting;
    expect(outcome).toBeInstanceOf(Error);
    expect(seen).toContain("cancelled");
  });

  it("a status notification for no waiting handle goes to onNotification", async () => {
    const { client, other } = await connect();
    const handle = await client.startTool("slow", { ms: 30 });
    if (handle.taskId === undefined) throw new Error("ran inline");
    // Nobody waits: the push (on the GET stream, or nowhere) is the client's to see.
    await new Promise((r) => setTimeout(r, 200));
    const status = await handle.status();
    expect(status.status).toBe("completed");
    const pushes = other.filter((m) => m.method === "notifications/tasks/status");
    expect(pushes.length).toBeLessThanOrEqual(1);
    if (pushes.length === 1) expect(pushes[0]!.params).toMatchObject({ taskId: handle.taskId, status: "completed" });
  });
});
