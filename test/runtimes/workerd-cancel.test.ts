// tasks/cancel on workerd: the task's handler runs in the request that created it (kept alive by
// ctx.waitUntil), the cancel arrives in another request, and the handler's ctx.signal must still
// fire there (server/cancellation.ts aborts through a continuation of the creating request;
// a direct abort throws "Cannot perform I/O on behalf of a different request").
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { envelope } from "../runtime/helpers/definition.js";
import { modernHeaders } from "../runtime/helpers/http.js";
import { BIN, freePort, startPolling, tmpRoot, type Started } from "./support.js";
import { bundleWorker, writeWorkerdConfig } from "./workerd.js";

const TASKS = { extensions: { "io.modelcontextprotocol/tasks": {} } };
let started: Started | undefined;
afterAll(async () => {
  await started?.stop();
});

describe("workerd, no compatibility flags", () => {
  it("tasks/cancel from another request aborts the running task's ctx.signal", async () => {
    const dir = join(tmpRoot, "workerd-cancel");
    expect(await bundleWorker(dir, "cancel-worker.mjs")).toEqual([]);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/mcp`;
    started = await startPolling(BIN.workerd, ["serve", writeWorkerdConfig(dir, port, [])], url, dir);
    let id = 0;
    const call = async (method: string, params: Record<string, unknown>, name: string) => {
      const body = JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params: { ...params, _meta: envelope({}, TASKS) } });
      const response = await fetch(url, { method: "POST", headers: modernHeaders(method, name), body });
      return (await response.json()) as { result?: Record<string, any>; error?: unknown };
    };
    const created = await call("tools/call", { name: "wait", arguments: {} }, "wait");
    expect(created.result?.["resultType"], JSON.stringify(created)).toBe("task");
    const taskId = created.result?.["taskId"] as string;
    expect((await call("tools/call", { name: "probe", arguments: {} }, "probe")).result?.["content"]).toEqual([{ type: "text", text: "not aborted" }]);
    const cancelled = await call("tasks/cancel", { taskId }, taskId);
    expect(cancelled.error, JSON.stringify(cancelled)).toBeUndefined();
    let seen = "";
    for (let i = 0; i < 50 && seen !== "aborted"; i++) {
      seen = (await call("tools/call", { name: "probe", arguments: {} }, "probe")).result?.["content"]?.[0]?.text;
      if (seen !== "aborted") await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seen, started.stderr()).toBe("aborted");
    expect((await call("tasks/get", { taskId }, taskId)).result?.["status"]).toBe("cancelled");
    expect(started.stderr()).not.toContain("onError:");
  }, 60_000);
});
