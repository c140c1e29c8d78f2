// Sampling with tools (issue 16 item 3): declared in the manifest (`sampling: { tools: true }`),
// typed in the generated handlers (SamplingWithToolsRequest; plain SamplingRequest forbids
// tools), sent with `tools`/`toolChoice` to the official SDK 2.4.0 client on both eras, whose
// tool_use answer reaches the handler. A client without `sampling.tools` is refused: -32021
// naming it on 2026-07-28, a tool error naming it on 2025-11-25 (nothing is sent to it).
import { readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreateMessageRequest, ProtocolError } from "@modelcontextprotocol/client";
import { listenHttp, type ListeningServer } from "../../../packages/runtime/src/http/node.js";
import type { McpServer } from "../../../packages/runtime/src/server/server.js";
import { importGeneratedPackage } from "../../support/generated-package.js";
import { TMP_DIR } from "../../support/tmp.js";
import { sdkClient, textOf, type Era } from "./support.js";

const MANIFEST = resolve(import.meta.dirname, "sampling-tools.yaml");
const OUT = join(TMP_DIR, "parity-sampling-tools");
const WEATHER_TOOL = { name: "get_weather", description: "Weather of a city", inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } };

interface Ctx {
  ask: { llm: (request: Record<string, unknown>) => Promise<{ role: string; content: unknown; model: string; stopReason?: string }> };
}
let createServer: (handlers: unknown) => McpServer;
let listening: ListeningServer;

const handlers = {
  tools: {
    plan: async (args: { goal: string }, ctx: Ctx) => {
      const answer = await ctx.ask.llm({
        messages: [{ role: "user", content: { type: "text", text: args.goal } }],
        tools: [WEATHER_TOOL],
        toolChoice: { mode: "required" },
      });
      const blocks = (Array.isArray(answer.content) ? answer.content : [answer.content]) as Array<{ type: string; name?: string; input?: unknown }>;
      const use = blocks.find((b) => b.type === "tool_use");
      return `${answer.stopReason}:${use?.name}:${JSON.stringify(use?.input)}`;
    },
    summarize: async (_args: unknown, ctx: Ctx) => {
      const answer = await ctx.ask.llm({ messages: [{ role: "user", content: { type: "text", text: "summarize" } }] });
      return String((answer.content as { text?: string }).text);
    },
  },
};

beforeAll(async () => {
  ({ createServer } = await importGeneratedPackage<{ createServer: typeof createServer }>(MANIFEST, OUT));
  listening = await listenHttp(createServer(handlers), { port: 0 });
});
afterAll(async () => {
  await listening?.close();
  rmSync(OUT, { recursive: true, force: true });
});

it("the generated handler types follow the manifest: tools only where `tools: true`", () => {
  const source = readFileSync(join(OUT, "src/handlers.ts"), "utf8");
  expect(source).toMatch(/llm: \(request: SamplingWithToolsRequest\) => Promise<SamplingAnswer>/);
  expect(source).toMatch(/llm: \(request: SamplingRequest\) => Promise<SamplingAnswer>/);
});

describe.each<Era>(["modern", "legacy"])("sampling with tools, %s era, SDK 2.4.0 client", (era) => {
  it("sends tools and toolChoice to a client with sampling.tools; its tool_use answer reaches the handler", async () => {
    const seen: CreateMessageRequest["params"][] = [];
    const peer = await sdkClient(new URL(listening.url), era, { sampling: { tools: {} } }, (client) => {
      client.setRequestHandler("sampling/createMessage", (request) => {
        seen.push(request.params);
        return { role: "assistant", model: "test-model", stopReason: "toolUse", content: [{ type: "tool_use", id: "call-1", name: "get_weather", input: { city: "Paris" } }] };
      });
    });
    try {
      const result = await peer.client.callTool({ name: "plan", arguments: { goal: "Pack for Paris" } });
      expect(result.isError).toBeFalsy();
      expect(textOf(result)).toBe('toolUse:get_weather:{"city":"Paris"}');
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatchObject({ maxTokens: 64, tools: [WEATHER_TOOL], toolChoice: { mode: "required" } });
    } finally {
      await peer.close();
    }
  });

  it("a client with plain sampling still serves a request without tools", async () => {
    const peer = await sdkClient(new URL(listening.url), era, { sampling: {} }, (client) => {
      client.setRequestHandler("sampling/createMessage", (request) => {
        expect(request.params.tools).toBeUndefined();
        return { role: "assistant", model: "m", content: { type: "text", text: `short (${request.params.systemPrompt})` } };
      });
    });
    try {
      expect(textOf(await peer.client.callTool({ name: "summarize", arguments: {} }))).toBe("short (Be brief.)");
    } finally {
      await peer.close();
    }
  });

  it("a client without sampling.tools is refused before anything is sent to it", async () => {
    let asked = 0;
    const peer = await sdkClient(new URL(listening.url), era, { sampling: {} }, (client) => {
      client.setRequestHandler("sampling/createMessage", () => {
        asked++;
        return { role: "assistant", model: "m", content: { type: "text", text: "x" } };
      });
    });
    try {
      const outcome = await peer.client.callTool({ name: "plan", arguments: { goal: "g" } }).then((r) => r, (e: unknown) => e);
      if (era === "modern") {
        expect((outcome as ProtocolError).code).toBe(-32021);
        expect((outcome as ProtocolError).data).toEqual({ requiredCapabilities: { sampling: { tools: {} } } });
      } else {
        expect((outcome as { isError?: boolean }).isError).toBe(true);
        expect(textOf(outcome as { content?: unknown })).toContain("sampling.tools");
      }
      expect(asked).toBe(0);
    } finally {
      await peer.close();
    }
  });
});
