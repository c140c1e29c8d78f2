// The runtime's own client against these server features on 2025-11-25 (the SDK is the peer in
// the other files): it recognizes -32042, waits for notifications/elicitation/complete and
// retries; its notifyRootsListChanged() reaches the server's hook; its sampling handler with
// `tools: true` declares sampling.tools and gets tools/toolChoice.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpTransport, McpClient } from "../../../packages/runtime/src/client-entry.js";
import { UrlElicitationRequiredError } from "../../../packages/runtime/src/server/url-elicitation.js";
import type { RootsListChangedEvent } from "../../../packages/runtime/src/server/definition.js";
import { LEGACY, serve, textOf, until, type Served } from "./support.js";

let served: Served;
let linked = false;
const rootsEvents: RootsListChangedEvent[] = [];

beforeAll(async () => {
  served = await serve({
    tools: [
      {
        name: "connect",
        inputSchema: { type: "object" },
        handler: () => {
          if (!linked) throw new UrlElicitationRequiredError([{ url: "https://example.test/connect", message: "Connect", elicitationId: "conn-1" }]);
          return { content: [{ type: "text", text: "linked" }] };
        },
      },
      {
        name: "plan",
        inputSchema: { type: "object" },
        inputs: { llm: { kind: "sampling", params: { maxTokens: 10 } } },
        handler: async (_args, ctx) => {
          const answer = await ctx.ask("llm", { messages: [], tools: [{ name: "t", inputSchema: { type: "object" } }], toolChoice: { mode: "auto" } });
          return { content: [{ type: "text", text: String(answer["stopReason"]) }] };
        },
      },
    ],
    onRootsListChanged: (event) => void rootsEvents.push(event),
  });
});
afterAll(async () => {
  await served?.close();
});

describe("runtime client, 2025-11-25", () => {
  it("hears -32042, waits for the completion the server sends, retries once and succeeds", async () => {
    const asked: unknown[] = [];
    const client = await new McpClient({
      transport: createHttpTransport({ url: served.url.href }),
      clientInfo: { name: "runtime-peer", version: "1.0.0" },
      protocol: LEGACY,
      eraCache: new Map(),
      handlers: {
        urlElicitation: (params) => {
          asked.push(params);
          // The user finishes in the browser a moment later; the server then says so.
          setTimeout(() => {
            linked = true;
            served.server.completeElicitation("conn-1");
          }, 50);
          return { action: "accept" };
        },
        roots: () => ({ roots: [{ uri: "file:///r" }] }),
        sampling: { tools: true, handler: (params) => ({ role: "assistant", model: "m", stopReason: `toolUse:${(params as { tools?: unknown[] }).tools?.length}`, content: [{ type: "tool_use", id: "1", name: "t", input: {} }] }) },
      },
    }).connect();
    try {
      const result = await client.callTool("connect", {});
      expect(textOf(result as { content?: unknown })).toBe("linked");
      expect(asked).toEqual([expect.objectContaining({ mode: "url", elicitationId: "conn-1", url: "https://example.test/connect" })]);

      expect(textOf((await client.callTool("plan", {})) as { content?: unknown })).toBe("toolUse:1");

      rootsEvents.length = 0;
      await client.notifyRootsListChanged();
      await until(() => rootsEvents.length > 0, () => "no roots event");
      expect((await rootsEvents[0]!.listRoots()).roots).toEqual([{ uri: "file:///r" }]);
    } finally {
      await client.close();
    }
  });
});
