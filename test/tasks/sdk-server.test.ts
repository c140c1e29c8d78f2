// The typed generated client (examples/reports) against a server written with the official SDK,
// @modelcontextprotocol/server 2.4.0 (the v1 `@modelcontextprotocol/sdk` is not a dependency).
//
// FINDING (read from node_modules/@modelcontextprotocol/server 2.4.0): the SDK server has NO task
// support on either era. It ships the task schemas (tasks/get, tasks/result, tasks/list,
// tasks/cancel, notifications/tasks/status, Tool.execution.taskSupport) and the
// `isTaskAugmentedRequestParams` guard, but no task store, no tasks/* request handlers, no
// `tasks` capability and no way to register a tool that runs as a task; a 2026-07-28 `tasks/*`
// request is refused by its method registry. So no test can drive an SDK task to completion or
// cancellation; what this file shows instead is that the typed client degrades correctly when the
// server does not run tasks: `client.tools.x(args)` returns the typed result inline, `.start(args)`
// returns an already-completed inline handle, and the server says it has no tasks (no `tasks` capability, no taskSupport, -32601 for tasks/get).
// (ext-tasks 0.2.2 is the official task peer: test/tasks/ext-tasks-interop.test.ts.)
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createStdioTransport } from "../../packages/runtime/src/node-entry.js";
import { connect } from "../../examples/reports/generated/dist/index.js";

const ROOT = resolve(import.meta.dirname, "..", "..");
const SDK_SERVER = join(ROOT, "test/tasks/fixtures/sdk-reports.mjs");
const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const client of open.splice(0)) await client.close();
});

async function client(protocol: "2026-07-28" | "2025-11-25") {
  const asked: unknown[] = [];
  const connected = await connect({
    transport: createStdioTransport({ command: process.execPath, args: [SDK_SERVER], stderr: "ignore" }),
    clientInfo: { name: "reports-client", version: "1.0.0" },
    protocol,
    handlers: {
      elicitation: async (params: Record<string, unknown>) => {
        asked.push(params["message"]);
        return { action: "accept" as const, content: { format: "pdf" } };
      },
    },
  });
  open.push(connected);
  return { client: connected, asked };
}

describe.each(["2026-07-28", "2025-11-25"] as const)("typed reports client ↔ official SDK server (%s)", (protocol) => {
  it("client.tools.buildReport(args) returns the typed result inline, the question answered by the handler", async () => {
    const { client: c, asked } = await client(protocol);
    const result = await c.tools.buildReport({ days: 2 });
    expect(result.structured).toEqual({ days: 2, format: "pdf", rows: 48 });
    expect(asked).toEqual(["Which format should the report use?"]);
  });

  it(".start(args) gives an inline, already-completed handle (the SDK runs no tasks)", async () => {
    const { client: c } = await client(protocol);
    const handle = await c.tools.buildReport.start({ days: 1 });
    expect(handle.taskId).toBeUndefined();
    expect("inline" in handle && handle.inline).toBe(true);
    expect((await handle.result).structured).toEqual({ days: 1, format: "pdf", rows: 24 });
    expect((await c.tools.quickStats({})).content[0]).toEqual({ type: "text", text: "3 reports built today" });
  });

  it("the SDK server advertises no task support and refuses tasks/get", async () => {
    const { client: c } = await client(protocol);
    expect(c.raw.serverCapabilities["tasks"]).toBeUndefined();
    const tools = await c.raw.listAllTools();
    expect(tools.find((t) => t["name"] === "build_report")?.["execution"]).toBeUndefined();
    await expect(c.raw.request("tasks/get", { taskId: "no-such-task" })).rejects.toMatchObject({ code: -32601 });
  });
});
