// Tasks across instances (issue 14 #3, docs/tasks.md § Across instances): two in-process servers
// share a real redis-server through @mcp-gen/redis (coordinationFromEnv, task store included). A
// task created on A is polled, answered and cancelled through B on both eras; its status reaches a
// listen on B; ids stay bound to their principal; TTL expiry removes the record from Redis; the
// task cap counts every instance's tasks; an instance that stops (gracefully, or SIGKILL) leaves
// its unfinished tasks `failed`, never `working` forever.
import { spawn, type ChildProcess } from "node:child_process";
import { request } from "node:http";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coordinationFromEnv, INSTANCE_LOST, type RedisCoordinationWithTasks } from "../../packages/redis/src/index.js";
import { listenHttp, type ListeningServer } from "../../packages/runtime/src/http/node.js";
import { createMcpServer, type McpServer } from "../../packages/runtime/src/server/server.js";
import { SERVER_STOPPED } from "../../packages/runtime/src/tasks/engine.js";
import { freePort, RedisServer, ROOT, SHARED_KEYS } from "../scale/helpers/cluster.js";
import { LEGACY, MODERN, stream, waitFor, type OpenStream } from "../scale/helpers/wire.js";
import { probe, taskDefinition, TASKS } from "./helpers.js";

const KEYS = { stateKey: SHARED_KEYS.MCP_GEN_STATE_KEY, handleKey: SHARED_KEYS.MCP_GEN_HANDLE_KEY };
let redis: RedisServer;
let inspect: Redis;
const started: Array<{ listening: ListeningServer; coordination: RedisCoordinationWithTasks }> = [];

interface Node {
  url: string;
  server: McpServer;
  listening: ListeningServer;
}

/** `explicitStore: false` leaves `tasks.store` unset: the server then takes the coordination's store. */
async function instance(prefix: string, maxTasks?: number, explicitStore = true): Promise<Node> {
  const coordination = (await coordinationFromEnv({ MCP_GEN_REDIS_URL: redis.url }, { ...KEYS, prefix }))!;
  const server = createMcpServer(taskDefinition(), {
    ...KEYS,
    coordination,
    tasks: { ...(explicitStore ? { store: coordination.tasks } : {}), ...(maxTasks === undefined ? {} : { maxTasks }) },
    callerOf: ({ headers }) => headers?.("x-user"),
  });
  const listening = await listenHttp(server, { port: 0 });
  started.push({ listening, coordination });
  return { url: listening.url, server, listening };
}

let a: Node;
let b: Node;

beforeAll(async () => {
  redis = new RedisServer(await freePort());
  await redis.start();
  inspect = new Redis(redis.url);
  // B relies on the default (Coordination.tasks), A names the store: both must see the same tasks.
  [a, b] = await Promise.all([instance("t"), instance("t", undefined, false)]);
}, 30_000);

afterAll(async () => {
  for (const { listening } of started.splice(0)) await listening.close().catch(() => {});
  inspect?.disconnect();
  await redis?.stop();
});

let nextId = 1;
const base = { "content-type": "application/json", accept: "application/json, text/event-stream" };

function modernStream(url: string, user: string, method: string, params: Record<string, unknown>): OpenStream {
  const headers: Record<string, string> = { ...base, "mcp-protocol-version": MODERN, "mcp-method": method, "x-user": user };
  const name = params["name"] ?? params["taskId"];
  if (typeof name === "string") headers["mcp-name"] = name;
  const meta = { "io.modelcontextprotocol/protocolVersion": MODERN, "io.modelcontextprotocol/clientCapabilities": { elicitation: { form: {} }, extensions: { [TASKS]: {} } } };
  return stream(url, { headers, body: JSON.stringify({ jsonrpc: "2.0", id: nextId++, method, params: { ...params, _meta: meta } }) });
}

async function modern(url: string, user: string, method: string, params: Record<string, unknown>): Promise<any> {
  const open = modernStream(url, user, method, params);
  await open.ended;
  return open.events.at(-1)?.data;
}

async function modernUntil(url: string, user: string, taskId: string, done: (task: any) => boolean, ms = 5000): Promise<any> {
  const until = Date.now() + ms;
  for (;;) {
    const task = (await modern(url, user, "tasks/get", { taskId })).result;
    if (done(task)) return task;
    if (Date.now() > until) throw new Error(`task ${taskId} still ${task?.status}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A legacy session opened on `url`; each call names the instance it goes to (no stickiness). */
async function legacySessionOn(url: string, user: string) {
  const headers: Record<string, string> = { ...base, "x-user": user };
  const session = await new Promise<string>((resolve, reject) => {
    const req = request(url, { method: "POST", headers }, (res) => {
      res.resume();
      res.on("end", () => resolve(String(res.headers["mcp-session-id"])));
    });
    req.on("error", reject);
    req.end(JSON.stringify({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: "t", version: "1" } } }));
  });
  Object.assign(headers, { "mcp-session-id": session, "mcp-protocol-version": LEGACY });
  await stream(url, { headers, body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) }).ended;
  return {
    headers,
    async call(to: string, method: string, params: Record<string, unknown>): Promise<any> {
      const open = stream(to, { headers, body: JSON.stringify({ jsonrpc: "2.0", id: nextId++, method, params }) });
      await open.ended;
      return open.events.at(-1)?.data;
    },
  };
}

describe("2026-07-28 across instances", () => {
  it("created on A: tasks/get and tasks/cancel on B; the handler on A is aborted", async () => {
    const aborted = probe.aborted;
    const created = (await modern(a.url, "alice", "tools/call", { name: "slow", arguments: { ms: 10_000 } })).result;
    expect(created).toMatchObject({ resultType: "task", status: "working" });
    const seen = await modernUntil(b.url, "alice", created.taskId, (t) => t.statusMessage === "sleeping");
    expect(seen).toMatchObject({ taskId: created.taskId, status: "working", ttlMs: 60_000, pollIntervalMs: 50 });
    expect((await modern(b.url, "alice", "tasks/cancel", { taskId: created.taskId })).result).toEqual({ resultType: "complete" });
    await waitFor(() => probe.aborted > aborted, 5000, "the handler on A to see the cancellation");
    expect((await modern(a.url, "alice", "tasks/get", { taskId: created.taskId })).result).toMatchObject({ status: "cancelled" });
    // Cancelling again, anywhere, is the idempotent answer; the status stays cancelled.
    expect((await modern(a.url, "alice", "tasks/cancel", { taskId: created.taskId })).result).toEqual({ resultType: "complete" });
    expect((await modern(b.url, "alice", "tasks/get", { taskId: created.taskId })).result.status).toBe("cancelled");
  });

  it("a task on A waiting for input is answered through tasks/update on B and completes", async () => {
    const created = (await modern(a.url, "alice", "tools/call", { name: "ask_two", arguments: {} })).result;
    const asking = await modernUntil(b.url, "alice", created.taskId, (t) => t.status === "input_required" && Object.keys(t.inputRequests ?? {}).length === 2);
    expect(Object.keys(asking.inputRequests).sort()).toEqual(["a", "b"]);
    const answer = (v: string) => ({ action: "accept", content: { v } });
    expect((await modern(b.url, "alice", "tasks/update", { taskId: created.taskId, inputResponses: { a: answer("1"), b: answer("2") } })).result).toEqual({ resultType: "complete" });
    const again = await modernUntil(b.url, "alice", created.taskId, (t) => t.status === "input_required" && t.inputRequests?.["a#2"] !== undefined);
    expect(Object.keys(again.inputRequests)).toEqual(["a#2"]);
    await modern(b.url, "alice", "tasks/update", { taskId: created.taskId, inputResponses: { "a#2": answer("3") } });
    const done = await modernUntil(b.url, "alice", created.taskId, (t) => t.status === "completed");
    expect(done.result.content[0].text).toBe('{"v":"1"} {"v":"2"} {"v":"3"}');
  });

  it("a listen on B receives the status changes of a task running on A", async () => {
    const created = (await modern(a.url, "alice", "tools/call", { name: "slow", arguments: { ms: 300 } })).result;
    const listen = modernStream(b.url, "alice", "subscriptions/listen", { notifications: { taskIds: [created.taskId] } });
    try {
      await waitFor(() => listen.events.some((e) => e.data?.method === "notifications/tasks" && e.data.params.status === "completed"), 5000, "completed on the listen");
      const ack = listen.events.find((e) => e.data?.method === "notifications/subscriptions/acknowledged");
      expect(JSON.stringify(ack?.data)).toContain(created.taskId);
      const last = listen.events.filter((e) => e.data?.method === "notifications/tasks").at(-1)!.data.params;
      expect(last).toMatchObject({ taskId: created.taskId, status: "completed", result: { content: [{ type: "text", text: "slept 300 in task" }] } });
    } finally {
      listen.close();
    }
  });

  it("another principal cannot see, cancel or watch the task through any instance", async () => {
    const created = (await modern(a.url, "alice", "tools/call", { name: "slow", arguments: { ms: 2000 } })).result;
    for (const url of [a.url, b.url]) {
      const got = await modern(url, "bob", "tasks/get", { taskId: created.taskId });
      expect(got.error).toMatchObject({ code: -32602, message: "Failed to retrieve task: Task not found" });
      expect((await modern(url, "bob", "tasks/cancel", { taskId: created.taskId })).error?.code).toBe(-32602);
    }
    expect((await modern(b.url, "alice", "tasks/get", { taskId: created.taskId })).result.status).toBe("working");
    await modern(a.url, "alice", "tasks/cancel", { taskId: created.taskId });
  });
});

describe("2025-11-25 across instances", () => {
  it("tools/call with `task` on A; tasks/get, tasks/list and tasks/cancel through B", async () => {
    const aborted = probe.aborted;
    const client = await legacySessionOn(a.url, "alice");
    const created = await client.call(a.url, "tools/call", { name: "slow", arguments: { ms: 10_000 }, task: {} });
    const taskId = created.result.task.taskId as string;
    expect(created.result.task).toMatchObject({ status: "working", ttl: 60_000, pollInterval: 50 });
    expect((await client.call(b.url, "tasks/get", { taskId })).result).toMatchObject({ taskId, status: "working" });
    const listed = (await client.call(b.url, "tasks/list", {})).result.tasks as Array<{ taskId: string }>;
    expect(listed.map((t) => t.taskId)).toContain(taskId);
    expect((await client.call(b.url, "tasks/cancel", { taskId })).result).toMatchObject({ taskId, status: "cancelled" });
    await waitFor(() => probe.aborted > aborted, 5000, "the handler on A to be aborted");
    expect((await client.call(a.url, "tasks/get", { taskId })).result.status).toBe("cancelled");
    // 2025-11-25: cancelling a terminal task is -32602, on any instance.
    expect((await client.call(a.url, "tasks/cancel", { taskId })).error?.code).toBe(-32602);
  });

  it("tasks/result on B blocks until the task on A completes, then returns its result", async () => {
    const client = await legacySessionOn(a.url, "alice");
    const created = await client.call(a.url, "tools/call", { name: "slow", arguments: { ms: 300 }, task: {} });
    const taskId = created.result.task.taskId as string;
    const result = await client.call(b.url, "tasks/result", { taskId });
    expect(result.result.content).toEqual([{ type: "text", text: "slept 300 in task" }]);
    expect(result.result._meta["io.modelcontextprotocol/related-task"]).toEqual({ taskId });
  });

  it("a requested ttl: the Redis record expires with it and the task is gone everywhere", async () => {
    const client = await legacySessionOn(a.url, "alice");
    const created = await client.call(a.url, "tools/call", { name: "slow", arguments: { ms: 0 }, task: { ttl: 600 } });
    const taskId = created.result.task.taskId as string;
    expect(created.result.task.ttl).toBe(600);
    const ttl = await inspect.pttl(`t:task:{${taskId}}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(600);
    await new Promise((r) => setTimeout(r, 800));
    expect(await inspect.exists(`t:task:{${taskId}}`)).toBe(0);
    for (const url of [a.url, b.url]) expect((await client.call(url, "tasks/get", { taskId })).error?.code).toBe(-32602);
    expect(((await client.call(b.url, "tasks/list", {})).result.tasks as Array<{ taskId: string }>).map((t) => t.taskId)).not.toContain(taskId);
  });
});

describe("limits and instance loss", () => {
  it("the retained-task cap counts the tasks of every instance", async () => {
    const [c, d] = await Promise.all([instance("cap", 3), instance("cap", 3)]);
    for (const node of [c, c, d]) expect((await modern(node.url, "carol", "tools/call", { name: "slow", arguments: { ms: 0 } })).result.resultType).toBe("task");
    for (const node of [c, d]) {
      const refused = await modern(node.url, "carol", "tools/call", { name: "slow", arguments: { ms: 0 } });
      expect(refused.error).toMatchObject({ code: -32603, message: "Too many tasks: the server retains at most 3; retry later" });
    }
    expect(await inspect.zcard("cap:tasks:all")).toBe(3);
  });

  it("an instance that closes leaves its unfinished tasks failed, readable on the others", async () => {
    const e = await instance("t");
    const created = (await modern(e.url, "alice", "tools/call", { name: "slow", arguments: { ms: 10_000 } })).result;
    await e.listening.close();
    const task = await modernUntil(b.url, "alice", created.taskId, (t) => t.status !== "working", 3000);
    expect(task).toMatchObject({ status: "failed", error: { code: -32603, message: SERVER_STOPPED } });
  });

  it("an instance killed with SIGKILL: its task fails once the liveness key expires", async () => {
    const port = await freePort();
    const child: ChildProcess = spawn(process.execPath, ["test/tasks/fixtures/reports-instance.mjs", String(port)], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...SHARED_KEYS, MCP_GEN_REDIS_URL: redis.url, MCP_GEN_REDIS_PREFIX: "t" },
    });
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    try {
      await waitFor(() => output.includes("listening"), 15_000, `the reports instance (${output})`);
      const url = `http://127.0.0.1:${port}/mcp`;
      const created = (await modern(url, "anyone", "tools/call", { name: "build_report", arguments: { days: 2, stepMs: 10_000 } })).result;
      expect(created).toMatchObject({ resultType: "task", status: "working" });
      expect((await modern(b.url, "anyone", "tasks/get", { taskId: created.taskId })).result.status).toBe("working");
      const gone = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await gone;
      const started = Date.now();
      const task = await modernUntil(b.url, "anyone", created.taskId, (t) => t.status !== "working", 5000);
      expect(task).toMatchObject({ status: "failed", statusMessage: INSTANCE_LOST, error: { code: -32603, message: INSTANCE_LOST } });
      // Noticed within the liveness (600 ms) plus polling, not at the task's 1 h TTL.
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
  });
});
