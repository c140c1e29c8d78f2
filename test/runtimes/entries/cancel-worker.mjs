// workerd entry for test/runtimes/workerd-cancel.test.ts: a task tool whose handler waits for
// ctx.signal, and a plain tool that reports whether that signal fired. The task starts in one
// request (tools/call) and is cancelled from another (tasks/cancel): Workers refuse to abort an
// AbortController from a request other than its creator's, which the runtime works around.
import { createFetchHandler, createMcpServer } from "@mcp-gen/runtime/server";

let handle;
let seen = "not aborted";

const definition = {
  serverInfo: { name: "cancel-worker", version: "1.0.0" },
  revisions: ["2026-07-28"],
  tools: [
    {
      name: "wait",
      inputSchema: { type: "object" },
      task: { support: "required" },
      handler: (_args, ctx) =>
        new Promise((resolve) => {
          ctx.signal.addEventListener("abort", () => {
            seen = "aborted";
            resolve({ content: [{ type: "text", text: "stopped" }] });
          });
        }),
    },
    { name: "probe", inputSchema: { type: "object" }, handler: () => ({ content: [{ type: "text", text: seen }] }) },
  ],
};

export default {
  fetch(request, env, ctx) {
    handle ??= createFetchHandler(createMcpServer(definition, { onError: (error) => console.error("onError:", error?.stack ?? error) }), { path: "/mcp" });
    return handle(request, ctx);
  },
};
