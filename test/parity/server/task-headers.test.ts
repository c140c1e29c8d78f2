// ctx.request.headers inside a task (issue 16 item 4): a task outlives the request that created
// it, and its handler must still see that request's allowed headers — the same view an inline
// call gets, credentials hidden unless ServerOptions.exposeHeaders lists them. Both eras over
// HTTP on 127.0.0.1, the runtime client sending the headers and polling the task to its result.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectClient } from "../../../packages/runtime/src/client/client.js";
import { createHttpTransport } from "../../../packages/runtime/src/client/transport/http.js";
import type { ServerHandlerContext } from "../../../packages/runtime/src/server/definition.js";
import { LEGACY, MODERN, serve, textOf, type Era, type Served } from "./support.js";

const SENT = { "X-Tenant": "acme", Authorization: "Bearer secret-token", "X-Other": "hidden" };

function reporter(name: string, task: boolean) {
  return {
    name,
    inputSchema: { type: "object" },
    ...(task ? { task: { support: "required" as const, pollIntervalMs: 20 } } : {}),
    handler: async (_args: unknown, ctx: ServerHandlerContext) => {
      // A turn of the event loop: the creating request is answered by now when this is a task.
      await new Promise((resolve) => setTimeout(resolve, 30));
      return { content: [{ type: "text" as const, text: JSON.stringify({ inTask: ctx.task !== undefined, headers: ctx.request.headers, tenant: ctx.request.header("x-TENANT") ?? null }) }] };
    },
  };
}

let served: Served;
beforeAll(async () => {
  served = await serve({ tools: [reporter("in_task", true), reporter("inline", false)] }, { exposeHeaders: ["x-tenant"] });
});
afterAll(async () => {
  await served?.close();
});

describe.each<Era>(["modern", "legacy"])("a task's ctx.request.headers, %s era", (era) => {
  it("holds the creating request's allowed headers, as inline calls do", async () => {
    const client = await connectClient({
      transport: createHttpTransport({ url: served.url.href, headers: SENT }),
      clientInfo: { name: "task-headers", version: "1.0.0" },
      protocol: era === "modern" ? MODERN : LEGACY,
      eraCache: new Map(),
    });
    try {
      const inTask = JSON.parse(textOf(await client.callTool("in_task", {}))) as Record<string, unknown>;
      const inline = JSON.parse(textOf(await client.callTool("inline", {}))) as Record<string, unknown>;
      expect(inTask["inTask"]).toBe(true);
      expect(inline["inTask"]).toBe(false);
      expect(inTask["headers"]).toEqual({ "x-tenant": "acme" });
      expect(inTask["tenant"]).toBe("acme");
      expect(inTask["headers"]).toEqual(inline["headers"]);
      expect(JSON.stringify(inTask)).not.toContain("secret");
      expect(served.errors).toEqual([]);
    } finally {
      await client.close();
    }
  });
});
