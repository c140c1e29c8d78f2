// The fetch adapter's waitUntil hook (Workers' ctx.waitUntil): the promise it hands over covers
// the tasks still running when a response goes out, and settles once they have ended, so a
// Worker keeps a task alive after the tools/call that created it. Requests with no background
// work hand nothing over. (The workerd leg in conformance.test.ts runs the same hook for real.)
import { afterEach, describe, expect, it } from "vitest";
import { createFetchHandler, type FetchContext } from "../../packages/runtime/src/http/fetch.js";
import { modernHeaders } from "../runtime/helpers/http.js";
import { envelope } from "../runtime/helpers/definition.js";
import { modernDriver, TASKS } from "../tasks/helpers.js";

const drivers: Array<ReturnType<typeof modernDriver>> = [];
afterEach(() => {
  for (const d of drivers.splice(0)) d.server.close();
});

function post(method: string, params: Record<string, unknown>, name?: string): Request {
  const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: { ...params, _meta: envelope({}, { extensions: { [TASKS]: {} } }) } });
  return new Request("http://127.0.0.1/mcp", { method: "POST", headers: { ...modernHeaders(method, name), host: "127.0.0.1" }, body });
}

/** A FetchContext that records what it is handed, and whether each promise has settled. */
function recordingContext(): FetchContext & { handed: Array<{ settled: boolean; promise: Promise<unknown> }> } {
  const handed: Array<{ settled: boolean; promise: Promise<unknown> }> = [];
  return {
    handed,
    waitUntil(promise) {
      const entry = { settled: false, promise };
      promise.then(() => (entry.settled = true));
      handed.push(entry);
    },
  };
}

describe("createFetchHandler(server)(request, { waitUntil })", () => {
  it("hands the running task to waitUntil with the CreateTaskResult; the promise settles when the task has ended", async () => {
    const d = modernDriver();
    drivers.push(d);
    const handle = createFetchHandler(d.server, { path: "/mcp" });
    const context = recordingContext();
    const response = await handle(post("tools/call", { name: "slow", arguments: { ms: 150 } }, "slow"), context);
    const created = (await response.json()) as { result: { resultType: string; taskId: string } };
    expect(created.result.resultType).toBe("task");
    expect(context.handed.length).toBeGreaterThanOrEqual(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(context.handed.every((entry) => !entry.settled)).toBe(true); // the task still sleeps
    expect((await d.call("tasks/get", { taskId: created.result.taskId }))["status"]).toBe("working");
    await Promise.all(context.handed.map((entry) => entry.promise));
    // Settled means ended and stored: tasks/get answers the final state at once.
    const done = await d.call("tasks/get", { taskId: created.result.taskId });
    expect(done["status"]).toBe("completed");
    expect(done["result"].content[0].text).toBe("slept 150 in task");
  });

  it("hands nothing over when no work outlives the response", async () => {
    const d = modernDriver();
    drivers.push(d);
    const handle = createFetchHandler(d.server, { path: "/mcp" });
    const context = recordingContext();
    const response = await handle(post("tools/call", { name: "greet", arguments: {} }, "greet"), context);
    expect(((await response.json()) as { result: { content: unknown } }).result.content).toEqual([{ type: "text", text: "hi" }]);
    expect(context.handed).toEqual([]);
    expect(d.server.background()).toBeUndefined();
  });

  it("ignores a second argument without a waitUntil function (Deno.serve's info, Bun.serve's server)", async () => {
    const d = modernDriver();
    drivers.push(d);
    const handle = createFetchHandler(d.server, { path: "/mcp" });
    const response = await handle(post("tools/call", { name: "slow", arguments: { ms: 0 } }, "slow"), { remoteAddr: {} } as unknown as FetchContext);
    expect(((await response.json()) as { result: { resultType: string } }).result.resultType).toBe("task");
  });
});
