// The same client features against our own generated server (test/parity/client/parity.yaml),
// both eras over HTTP on 127.0.0.1: progress-reset timeouts and the total cap, setLogLevel/onLog,
// capabilities from handlers with sampling-with-tools and URL elicitation, notifyRootsListChanged
// reaching `server.onRootsListChanged` (legacy), and the generated typed client's prompt and
// resource results as the spec's content unions.
import { rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { McpTimeoutError, type LogMessage, type McpClientOptions, type SamplingParams, type UrlElicitationParams } from "../../../packages/runtime/src/client-entry.js";
import type { ContentBlock, PromptResult, ReadResourceResult, ResourceContentsItem } from "../../../packages/runtime/src/core-entry.js";
import { listenHttp, type ListeningServer } from "../../../packages/runtime/src/http/node.js";
import type { McpServer, RootsListChangedEvent } from "../../../packages/runtime/src/server-entry.js";
import { importGeneratedPackage } from "../../support/generated-package.js";
import { TMP_DIR } from "../../support/tmp.js";
import { clientFor, ERAS, eventually, REVISION, textOf, type Era } from "./support.js";
import { createHttpTransport } from "../../../packages/runtime/src/client-entry.js";

const MANIFEST = resolve(import.meta.dirname, "parity.yaml");
const OUT = join(TMP_DIR, "parity-client-generated");
const PNG = "iVBORw0KGgo=";

interface TypedClient {
  prompts: { show: { get(args: { name: string }): Promise<PromptResult> } };
  resources: { logo: { read(): Promise<ReadResourceResult> } };
  close(): Promise<void>;
}
interface Generated {
  createServer(handlers: unknown): McpServer;
  connect(options: McpClientOptions): Promise<TypedClient>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const handlers = {
  tools: {
    slow: async (args: { steps: number; delayMs: number }, ctx: { progress(p: number, t?: number): void }) => {
      for (let i = 1; i <= args.steps; i++) {
        await sleep(args.delayMs);
        ctx.progress(i, args.steps);
      }
      return `done after ${args.steps} steps`;
    },
    chatty: (_args: unknown, ctx: { log(level: string, data: unknown, logger?: string): void }) => {
      for (const level of ["debug", "info", "warning", "error"]) ctx.log(level, { said: level }, "chatty");
      return "logged";
    },
    plan: async (_args: unknown, ctx: { ask: { think(request: unknown): Promise<{ content: unknown }> } }) => {
      const answer = await ctx.ask.think({
        messages: [{ role: "user", content: { type: "text", text: "Weather in Paris?" } }],
        tools: [{ name: "get_weather", inputSchema: { type: "object", properties: { city: { type: "string" } } } }],
        toolChoice: { mode: "auto" },
      });
      return JSON.stringify(answer.content);
    },
    pay: async (_args: unknown, ctx: { ask: { payment(request: { url: string }): Promise<{ action: string }> } }) =>
      (await ctx.ask.payment({ url: "https://example.com/pay/1" })).action,
  },
  prompts: {
    show: {
      get: (args: { name: string }) => ({
        messages: [
          { role: "user", content: { type: "text", text: `Hello ${args.name}` } },
          { role: "assistant", content: { type: "image", data: PNG, mimeType: "image/png" } },
          { role: "user", content: { type: "resource", resource: { uri: "parity://logo", mimeType: "image/png", blob: PNG } } },
        ],
      }),
    },
  },
  resources: { logo: { read: () => [{ uri: "parity://logo", mimeType: "image/png", blob: PNG }] } },
};

let generated: Generated;
let server: McpServer;
let listening: ListeningServer;
const rootsEvents: RootsListChangedEvent[] = [];

beforeAll(async () => {
  generated = await importGeneratedPackage<Generated>(MANIFEST, OUT);
  server = generated.createServer(handlers);
  server.onRootsListChanged((event) => {
    rootsEvents.push(event);
  });
  listening = await listenHttp(server, { port: 0 });
});
afterAll(async () => {
  await listening?.close();
  rmSync(OUT, { recursive: true, force: true });
});

const SLOW = { steps: 10, delayMs: 150 }; // ~1.5 s, far from the 400/600 ms limits below

describe.each(ERAS)("generated server, %s era", (era: Era) => {
  it("progress resets the timeout when asked; the total cap still ends the call", async () => {
    const client = clientFor(listening.url, era);
    try {
      const plain = await client.callTool("slow", SLOW, { timeoutMs: 400 }).catch((e: unknown) => e);
      expect(plain).toBeInstanceOf(McpTimeoutError);
      expect((plain as McpTimeoutError).data).toMatchObject({ limit: "request", timeoutMs: 400, progressResets: 0 });
      expect(textOf(await client.callTool("slow", SLOW, { timeoutMs: 400, resetTimeoutOnProgress: true }))).toBe("done after 10 steps");
      const capped = await client.callTool("slow", SLOW, { timeoutMs: 400, resetTimeoutOnProgress: true, maxTotalTimeoutMs: 600 }).catch((e: unknown) => e);
      expect((capped as McpTimeoutError).data).toMatchObject({ limit: "total", maxTotalTimeoutMs: 600 });
      expect((capped as McpTimeoutError).data.elapsedMs).toBeLessThan(1500);
    } finally {
      await client.close();
    }
  });

  it("setLogLevel('warning') lets warning and error reach onLog", async () => {
    const logs: LogMessage[] = [];
    const client = clientFor(listening.url, era, { onLog: (m) => logs.push(m) });
    try {
      await client.setLogLevel("warning");
      await client.callTool("chatty", {});
      expect(logs).toEqual([
        { level: "warning", logger: "chatty", data: { said: "warning" } },
        { level: "error", logger: "chatty", data: { said: "error" } },
      ]);
    } finally {
      await client.close();
    }
  });

  it("sampling with tools and URL elicitation reach the handlers that declared them", async () => {
    const sampled: SamplingParams[] = [];
    const urls: UrlElicitationParams[] = [];
    const client = clientFor(listening.url, era, {
      handlers: {
        sampling: {
          tools: true,
          handler: (params) => {
            sampled.push(params);
            return { role: "assistant", content: [{ type: "tool_use", id: "c1", name: "get_weather", input: { city: "Paris" } }], model: "m", stopReason: "toolUse" };
          },
        },
        urlElicitation: (params) => {
          urls.push(params);
          return { action: "accept" };
        },
      },
    });
    try {
      expect(JSON.parse(textOf(await client.callTool("plan", {})))).toEqual([{ type: "tool_use", id: "c1", name: "get_weather", input: { city: "Paris" } }]);
      expect(sampled[0]?.tools?.map((t) => t.name)).toEqual(["get_weather"]);
      expect(sampled[0]?.toolChoice).toEqual({ mode: "auto" });
      expect(textOf(await client.callTool("pay", {}))).toBe("accept");
      expect(urls).toMatchObject([{ mode: "url", url: "https://example.com/pay/1", message: "Pay on the payment page." }]);
    } finally {
      await client.close();
    }
  });

  it(era === "legacy" ? "notifyRootsListChanged reaches server.onRootsListChanged" : "notifyRootsListChanged has nothing to send", async () => {
    const client = clientFor(listening.url, era, { handlers: { roots: () => ({ roots: [{ uri: "file:///work" }] }) } });
    try {
      await client.connect();
      const before = rootsEvents.length;
      expect(await client.notifyRootsListChanged()).toBe(era === "legacy");
      if (era === "legacy") {
        await eventually(() => rootsEvents.length === before + 1, () => `${rootsEvents.length - before} events`);
        expect(rootsEvents.at(-1)?.clientCapabilities).toMatchObject({ roots: { listChanged: true } });
        expect(await rootsEvents.at(-1)?.listRoots()).toEqual({ roots: [{ uri: "file:///work" }] });
      } else {
        await client.ping();
        expect(rootsEvents.length).toBe(before);
      }
    } finally {
      await client.close();
    }
  });

  it("the generated typed client returns prompt messages and resource contents as content unions", async () => {
    const typed = await generated.connect({ transport: createHttpTransport({ url: listening.url }), clientInfo: { name: "typed", version: "1" }, protocol: REVISION[era], eraCache: new Map() });
    try {
      const prompt = await typed.prompts.show.get({ name: "Ada" });
      // Typed as ContentBlock: narrowing on `type` reaches each member's own fields.
      const described = prompt.messages.map(({ content }: { content: ContentBlock }) =>
        content.type === "text" ? content.text : content.type === "image" ? content.mimeType : content.type === "resource" ? content.resource.uri : content.type,
      );
      expect(described).toEqual(["Hello Ada", "image/png", "parity://logo"]);
      const read = await typed.resources.logo.read();
      const first: ResourceContentsItem | undefined = read.contents[0];
      expect(first && "blob" in first ? first.blob : undefined).toBe(PNG);
    } finally {
      await typed.close();
    }
  });
});
