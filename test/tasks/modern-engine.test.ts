// The 2026-07-28 tasks extension on the runtime (extensions/tasks): creation, polling, input
// requests through tasks/update, cancellation, errors, caller binding, caps.
import { afterEach, describe, expect, it } from "vitest";
import { modernDriver, probe, TASKS } from "./helpers.js";

const drivers: Array<ReturnType<typeof modernDriver>> = [];
function driver(...args: Parameters<typeof modernDriver>) {
  const d = modernDriver(...args);
  drivers.push(d);
  return d;
}
afterEach(() => {
  for (const d of drivers.splice(0)) d.server.close();
});

describe("tasks extension, 2026-07-28", () => {
  it("advertises the extension on discover only when a tool runs as a task", async () => {
    const d = driver();
    const discovered = await d.call("server/discover");
    expect(discovered["capabilities"].extensions[TASKS]).toEqual({});
    expect(discovered["capabilities"].tasks).toBeUndefined();
  });

  it("creates a flat CreateTaskResult, polls to completed with the result inlined", async () => {
    const d = driver();
    const created = await d.call("tools/call", { name: "slow", arguments: { ms: 30 } });
    expect(created["resultType"]).toBe("task");
    expect(created["taskId"]).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(created).toMatchObject({ status: "working", ttlMs: 60_000, pollIntervalMs: 50 });
    for (const key of ["result", "error", "inputRequests", "requestState", "task", "ttl"]) expect(created).not.toHaveProperty(key);
    const working = await d.call("tasks/get", { taskId: created["taskId"] });
    expect(working).toMatchObject({ resultType: "complete", taskId: created["taskId"], status: "working", statusMessage: "sleeping" });
    const done = await d.settle(created["taskId"]);
    expect(done["status"]).toBe("completed");
    expect(done["result"].content[0].text).toBe("slept 30 in task");
  });

  it("runs inline without the extension, and answers -32021 for a required tool", async () => {
    const d = driver();
    const inline = await d.call("tools/call", { name: "slow", arguments: { ms: 0 } }, { tasks: false });
    expect(inline["resultType"]).toBe("complete");
    expect(inline["content"][0].text).toBe("slept 0 in inline");
    const refused = await d.raw("tools/call", { name: "must_task", arguments: {} }, { tasks: false });
    expect(refused.error?.code).toBe(-32021);
    expect(refused.error?.data).toEqual({ requiredCapabilities: { extensions: { [TASKS]: {} } } });
    for (const method of ["tasks/get", "tasks/update", "tasks/cancel"]) {
      const gated = await d.raw(method, { taskId: "x", inputResponses: {} }, { tasks: false });
      expect(gated.error?.code, method).toBe(-32021);
    }
  });

  it("answers -32602 for unknown ids and -32601 for the removed v1 methods", async () => {
    const d = driver();
    expect((await d.raw("tasks/get", { taskId: "nope" })).error?.code).toBe(-32602);
    expect((await d.raw("tasks/cancel", { taskId: "nope" })).error?.code).toBe(-32602);
    expect((await d.raw("tasks/result", { taskId: "nope" })).error?.code).toBe(-32601);
    expect((await d.raw("tasks/list", {})).error?.code).toBe(-32601);
  });

  it("a handler crash completes with a generic isError text; the details reach onError only", async () => {
    const d = driver();
    const created = await d.call("tools/call", { name: "crash", arguments: {} });
    const done = await d.settle(created["taskId"]);
    expect(done["status"]).toBe("completed");
    expect(done["result"]).toEqual({ resultType: "complete", content: [{ type: "text", text: "Tool execution failed" }], isError: true });
    expect(JSON.stringify(done)).not.toContain("hunter2");
    expect(String(d.errors[0])).toContain("hunter2");
  });

  it("a protocol error fails the task with the JSON-RPC error inlined and no result", async () => {
    const d = driver();
    const created = await d.call("tools/call", { name: "protocol_fail", arguments: {} });
    const done = await d.settle(created["taskId"]);
    expect(done["status"]).toBe("failed");
    expect(done["error"]).toEqual({ code: -32603, message: "upstream refused" });
    expect(done).not.toHaveProperty("result");
  });

  it("cancel aborts ctx.signal, settles cancelled, and is an idempotent empty ack on a finished task", async () => {
    const d = driver();
    const before = probe.aborted;
    const created = await d.call("tools/call", { name: "slow", arguments: { ms: 60_000 } });
    const ack = await d.call("tasks/cancel", { taskId: created["taskId"] });
    expect(ack).toEqual({ resultType: "complete" });
    const done = await d.settle(created["taskId"]);
    expect(done["status"]).toBe("cancelled");
    await new Promise((r) => setTimeout(r, 5));
    expect(probe.aborted).toBe(before + 1);
    expect(await d.call("tasks/cancel", { taskId: created["taskId"] })).toEqual({ resultType: "complete" });
    expect((await d.call("tasks/get", { taskId: created["taskId"] }))["status"]).toBe("cancelled");
  });

  it("surfaces parallel input requests, accepts a partial update, ignores unknown keys, never reuses a key", async () => {
    const d = driver();
    const created = await d.call("tools/call", { name: "ask_two", arguments: {} });
    const id = created["taskId"];
    let task = await d.until(id, "input_required");
    expect(Object.keys(task["inputRequests"]).sort()).toEqual(["a", "b"]);
    expect(task["inputRequests"].a.method).toBe("elicitation/create");
    expect(await d.call("tasks/update", { taskId: id, inputResponses: { zzz: { nothing: true } } })).toEqual({ resultType: "complete" });
    await d.call("tasks/update", { taskId: id, inputResponses: { a: { action: "accept", content: { v: "1" } } } });
    task = await d.call("tasks/get", { taskId: id });
    expect(task["status"]).toBe("input_required");
    expect(Object.keys(task["inputRequests"])).toEqual(["b"]);
    await d.call("tasks/update", { taskId: id, inputResponses: { b: { action: "accept", content: { v: "2" } } } });
    task = await d.until(id, "input_required");
    // The second ask("a") gets a fresh key: a key names one request over the task's lifetime.
    expect(Object.keys(task["inputRequests"])).toEqual(["a#2"]);
    await d.call("tasks/update", { taskId: id, inputResponses: { a: { action: "accept", content: { v: "stale" } } } });
    expect((await d.call("tasks/get", { taskId: id }))["status"]).toBe("input_required");
    const bad = await d.raw("tasks/update", { taskId: id, inputResponses: { "a#2": { action: "maybe" } } });
    expect(bad.error?.code).toBe(-32602);
    await d.call("tasks/update", { taskId: id, inputResponses: { "a#2": { action: "accept", content: { v: "3" } } } });
    const done = await d.settle(id);
    expect(done["result"].content[0].text).toBe('{"v":"1"} {"v":"2"} {"v":"3"}');
  });

  it("asks askFirst inputs through MRTR before the task exists, then carries the answer into it", async () => {
    const d = driver();
    const round1 = await d.call("tools/call", { name: "ask_first", arguments: {} });
    expect(round1["resultType"]).toBe("input_required");
    expect(round1).not.toHaveProperty("taskId");
    const round2 = await d.call("tools/call", {
      name: "ask_first",
      arguments: {},
      inputResponses: { name: { action: "accept", content: { name: "Alice" } } },
      requestState: round1["requestState"],
    });
    expect(round2["resultType"]).toBe("task");
    expect(round2).not.toHaveProperty("requestState");
    const done = await d.settle(round2["taskId"]);
    expect(done["result"].content[0].text).toBe("Hello Alice");
  });

  it("binds a task to the principal that created it", async () => {
    let who = "alice";
    const d = driver({ callerOf: () => who });
    const created = await d.call("tools/call", { name: "slow", arguments: { ms: 10_000 } });
    who = "mallory";
    expect((await d.raw("tasks/get", { taskId: created["taskId"] })).error?.code).toBe(-32602);
    expect((await d.raw("tasks/cancel", { taskId: created["taskId"] })).error?.code).toBe(-32602);
    who = "alice";
    expect((await d.call("tasks/get", { taskId: created["taskId"] }))["status"]).toBe("working");
  });

  it("caps unfinished tasks per caller and retained tasks, with a clear error", async () => {
    const d = driver({ tasks: { maxActiveTasksPerCaller: 2, maxTasks: 3 } });
    const first = await d.call("tools/call", { name: "slow", arguments: { ms: 10_000 } });
    await d.call("tools/call", { name: "slow", arguments: { ms: 10_000 } });
    const third = await d.raw("tools/call", { name: "slow", arguments: { ms: 10_000 } });
    expect(third.error?.code).toBe(-32603);
    expect(third.error?.message).toMatch(/Too many unfinished tasks/);
    await d.call("tasks/cancel", { taskId: first["taskId"] });
    await d.settle(first["taskId"]);
    const quick = await d.call("tools/call", { name: "must_task", arguments: {} });
    await d.settle(quick["taskId"]);
    const over = await d.raw("tools/call", { name: "must_task", arguments: {} });
    expect(over.error?.message).toMatch(/Too many tasks/);
  });

  it("expires a task after its TTL", async () => {
    const definition = (await import("./helpers.js")).taskDefinition();
    const slow = definition.tools!.find((t) => t.name === "slow")!;
    slow.task = { support: "optional", ttlMs: 40 };
    const d = driver({}, definition);
    const created = await d.call("tools/call", { name: "slow", arguments: { ms: 0 } });
    expect((await d.call("tasks/get", { taskId: created["taskId"] }))["taskId"]).toBe(created["taskId"]);
    await new Promise((r) => setTimeout(r, 60));
    expect((await d.raw("tasks/get", { taskId: created["taskId"] })).error?.code).toBe(-32602);
  });
});

describe("task status on subscriptions/listen", () => {
  it("acknowledges the caller's task ids, pushes notifications/tasks with the DetailedTask, refuses without the extension", async () => {
    const { Cancellation } = await import("../../packages/runtime/src/server/cancellation.js");
    const d = driver();
    const created = await d.call("tools/call", { name: "slow", arguments: { ms: 30 } });
    const seen: Array<{ method: string; params?: Record<string, any> }> = [];
    const cancellation = new Cancellation();
    const meta = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": { extensions: { [TASKS]: {} } } };
    const listening = d.server.serveModern(
      { jsonrpc: "2.0", id: "L1", method: "subscriptions/listen", params: { notifications: { taskIds: [created["taskId"], "not-a-task"] }, _meta: meta } },
      { cancellation, notify: (m) => seen.push(m as never) },
    );
    await d.settle(created["taskId"]);
    cancellation.abort();
    await listening;
    expect(seen[0]?.method).toBe("notifications/subscriptions/acknowledged");
    expect(seen[0]?.params?.["notifications"]).toEqual({ taskIds: [created["taskId"]] });
    const last = seen.filter((m) => m.method === "notifications/tasks").at(-1);
    expect(last?.params).toMatchObject({ taskId: created["taskId"], status: "completed", result: { content: [{ type: "text", text: "slept 30 in task" }] } });
    expect(last?.params).not.toHaveProperty("resultType");
    expect(last?.params?.["_meta"]?.["io.modelcontextprotocol/subscriptionId"]).toBe("L1");
    const refused = await d.raw("subscriptions/listen", { notifications: { taskIds: [created["taskId"]] } }, { tasks: false });
    expect(refused.error?.code).toBe(-32021);
  });
});
