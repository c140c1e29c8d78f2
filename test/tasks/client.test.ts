// The typed client's side of tasks (client/tasks/): transparent polling, handles, input requests
// answered through the MRTR handlers, cancellation, failures and reattaching by id.
import { afterEach, describe, expect, it } from "vitest";
import { connectClient, type McpClient } from "../../packages/runtime/src/client/client.js";
import { createMemoryTransport } from "../../packages/runtime/src/memory/memory-transport.js";
import { createMcpServer } from "../../packages/runtime/src/server/server.js";
import { RpcError } from "../../packages/runtime/src/core/jsonrpc/errors.js";
import { McpClientError } from "../../packages/runtime/src/client/errors.js";
import { taskDefinition, TASKS } from "./helpers.js";

const open: Array<{ close(): Promise<unknown> | void }> = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
});

async function connect(elicitations: Array<Record<string, unknown>> = []) {
  const server = createMcpServer(taskDefinition());
  open.push(server);
  const asked: unknown[] = [];
  const client: McpClient = await connectClient({
    transport: createMemoryTransport(server),
    clientInfo: { name: "t", version: "1" },
    protocol: "2026-07-28",
    handlers: {
      elicitation: async (params) => {
        asked.push(params["message"]);
        return (elicitations.shift() ?? { action: "accept", content: { v: "x" } }) as never;
      },
    },
  });
  open.push(client);
  return { client, asked };
}

describe("typed client and tasks (2026-07-28)", () => {
  it("declares the extension and polls a task to its result transparently", async () => {
    const { client } = await connect();
    expect((client.clientCapabilities["extensions"] as Record<string, unknown>)[TASKS]).toEqual({});
    const started = Date.now();
    const result = await client.callTool("slow", { ms: 20 });
    expect(result.content[0]).toEqual({ type: "text", text: "slept 20 in task" });
    // pollIntervalMs is 50: at least one interval passed before the first poll.
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });

  it("answers input requests once per key through the elicitation handler", async () => {
    const { client, asked } = await connect([
      { action: "accept", content: { v: "1" } },
      { action: "accept", content: { v: "2" } },
      { action: "accept", content: { v: "3" } },
    ]);
    const result = await client.callTool("ask_two", {});
    expect(asked.sort()).toEqual(["A?", "A?", "B?"]);
    expect((result.content[0] as { text: string }).text).toMatch(/^\{"v":"[12]"\} \{"v":"[12]"\} \{"v":"3"\}$/);
  });

  it("start() returns a handle: status, wait with onStatus, result", async () => {
    const { client } = await connect();
    const handle = await client.startTool("slow", { ms: 80 });
    expect(handle.taskId).toEqual(expect.any(String));
    if (!(handle instanceof Object) || handle.taskId === undefined) throw new Error("expected a task");
    const h = handle as Exclude<typeof handle, { inline: true }>;
    expect((await h.status()).status).toBe("working");
    const seen: string[] = [];
    const result = await h.wait({ onStatus: (t) => seen.push(t.status) });
    expect(seen.at(-1)).toBe("completed");
    expect((result.content[0] as { text: string }).text).toBe("slept 80 in task");
    expect(await h.result).toEqual(result);
  });

  it("start() on an inline answer gives a completed handle", async () => {
    const { client } = await connect();
    const handle = await client.startTool("greet", {});
    expect(handle.taskId).toBeUndefined();
    expect((await handle.result).content[0]).toEqual({ type: "text", text: "hi" });
  });

  it("cancel() ends the task; waiting then rejects as aborted", async () => {
    const { client } = await connect();
    const h = (await client.startTool("slow", { ms: 60_000 })) as Exclude<Awaited<ReturnType<McpClient["startTool"]>>, { inline: true }>;
    await h.cancel();
    await expect(h.wait()).rejects.toSatisfy((e) => e instanceof McpClientError && e.reason === "aborted");
  });

  it("a failed task rejects with its JSON-RPC error", async () => {
    const { client } = await connect();
    await expect(client.callTool("protocol_fail", {})).rejects.toSatisfy((e) => e instanceof RpcError && e.code === -32603 && e.message === "upstream refused");
  });

  it("reattaches to a task by id from another client", async () => {
    const server = createMcpServer(taskDefinition());
    open.push(server);
    const opts = { clientInfo: { name: "t", version: "1" }, protocol: "2026-07-28" } as const;
    const first = await connectClient({ ...opts, transport: createMemoryTransport(server) });
    const h = await first.startTool("slow", { ms: 50 });
    const id = h.taskId!;
    await first.close();
    const second = await connectClient({ ...opts, transport: createMemoryTransport(server) });
    open.push(second);
    const again = await second.attachTask(id);
    expect((await again.result).content[0]).toEqual({ type: "text", text: "slept 50 in task" });
  });
});
