// A hand-written definition with task tools, and small drivers for both eras (no transport).
import { createMcpServer } from "../../packages/runtime/src/server/server.js";
import type { ServerDefinition } from "../../packages/runtime/src/server/definition.js";
import type { ServerOptions } from "../../packages/runtime/src/server/options.js";
import { Cancellation } from "../../packages/runtime/src/server/cancellation.js";
import { SafeError } from "../../packages/runtime/src/server/safe-error.js";
import { RpcError } from "../../packages/runtime/src/core/jsonrpc/errors.js";

export const MODERN = "2026-07-28";
export const TASKS = "io.modelcontextprotocol/tasks";

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(new Error("aborted"));
    });
  });

export const probe = { aborted: 0 };

export function taskDefinition(): ServerDefinition {
  const args = { type: "object" };
  return {
    serverInfo: { name: "tasks-test", version: "0.0.1" },
    revisions: [MODERN, "2025-11-25"],
    tools: [
      { name: "greet", inputSchema: args, handler: () => ({ content: [{ type: "text", text: "hi" }] }) },
      {
        name: "slow",
        inputSchema: args,
        task: { support: "optional", ttlMs: 60_000, pollIntervalMs: 50 },
        async handler(a: { ms?: number }, ctx) {
          ctx.task?.status("sleeping");
          try {
            await sleep(a.ms ?? 0, ctx.signal);
          } catch (error) {
            probe.aborted++;
            throw error;
          }
          return { content: [{ type: "text", text: `slept ${a.ms ?? 0} in ${ctx.task ? "task" : "inline"}` }] };
        },
      },
      {
        name: "must_task",
        inputSchema: args,
        task: { support: "required" },
        handler: () => ({ content: [{ type: "text", text: "done" }] }),
      },
      {
        name: "crash",
        inputSchema: args,
        task: { support: "required" },
        handler: () => {
          throw new Error("db at postgres://admin:hunter2@db failed");
        },
      },
      {
        name: "protocol_fail",
        inputSchema: args,
        task: { support: "required" },
        handler: () => {
          throw new RpcError(-32603, "upstream refused");
        },
      },
      {
        name: "ask_two",
        inputSchema: args,
        task: { support: "required" },
        inputs: {
          a: { kind: "form-elicitation", message: "A?", requestedSchema: { type: "object", properties: { v: { type: "string" } } } },
          b: { kind: "form-elicitation", message: "B?", requestedSchema: { type: "object", properties: { v: { type: "string" } } } },
        },
        async handler(_a, ctx) {
          const [a, b] = await Promise.all([ctx.ask("a"), ctx.ask("b")]);
          const again = await ctx.ask("a");
          return { content: [{ type: "text", text: `${JSON.stringify(a["content"])} ${JSON.stringify(b["content"])} ${JSON.stringify(again["content"])}` }] };
        },
      },
      {
        name: "ask_first",
        inputSchema: args,
        task: { support: "required", askFirst: ["name"] },
        inputs: { name: { kind: "form-elicitation", message: "Name?", requestedSchema: { type: "object", properties: { name: { type: "string" } } } } },
        async handler(_a, ctx) {
          const answer = await ctx.ask("name");
          if (!ctx.task) throw new SafeError("not a task");
          return { content: [{ type: "text", text: `Hello ${String((answer["content"] as { name: string }).name)}` }] };
        },
      },
    ],
  };
}

export function modernDriver(options: ServerOptions = {}, definition = taskDefinition()) {
  const errors: unknown[] = [];
  const server = createMcpServer(definition, { onError: (e) => errors.push(e), ...options });
  let id = 0;
  async function raw(method: string, params: Record<string, unknown> = {}, opts: { tasks?: boolean; capabilities?: Record<string, unknown> } = {}) {
    const capabilities = { elicitation: { form: {} }, ...(opts.tasks === false ? {} : { extensions: { [TASKS]: {} } }), ...opts.capabilities };
    const request = {
      jsonrpc: "2.0" as const,
      id: ++id,
      method,
      params: { ...params, _meta: { "io.modelcontextprotocol/protocolVersion": MODERN, "io.modelcontextprotocol/clientCapabilities": capabilities } },
    };
    const reply = await server.serveModern(request, { cancellation: new Cancellation(), notify: () => {} });
    return JSON.parse(reply.body ?? "null") as { result?: Record<string, any>; error?: { code: number; message: string; data?: any } };
  }
  async function call(method: string, params: Record<string, unknown> = {}, opts: { tasks?: boolean } = {}) {
    const reply = await raw(method, params, opts);
    if (reply.error) throw Object.assign(new Error(reply.error.message), reply.error);
    return reply.result!;
  }
  async function settle(taskId: string, timeoutMs = 3000) {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const task = await call("tasks/get", { taskId });
      if (["completed", "failed", "cancelled"].includes(task["status"])) return task;
      if (Date.now() > end) throw new Error(`task ${taskId} still ${task["status"]}`);
      await sleep(10);
    }
  }
  async function until(taskId: string, status: string, timeoutMs = 3000) {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const task = await call("tasks/get", { taskId });
      if (task["status"] === status) return task;
      if (Date.now() > end) throw new Error(`task ${taskId} still ${task["status"]}`);
      await sleep(10);
    }
  }
  return { server, raw, call, settle, until, errors };
}
