// Interop: the official SDK client (@modelcontextprotocol/client 2.4.0) with its `listChanged`
// option against a generated server whose tools change at run time, over real HTTP on
// 127.0.0.1. On 2026-07-28 the SDK opens subscriptions/listen itself; on 2025-11-25 it hears the
// notification on the session's GET stream. Either way it re-lists (autoRefresh) and hands the
// new list to onChanged; a call to the disabled tool is refused with -32602.
import { rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { Client, StreamableHTTPClientTransport, type Tool } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importGeneratedPackage } from "../support/generated-package.js";
import { listenHttp, type ListeningServer } from "../../packages/runtime/src/http/node.js";
import type { LiveItem, McpServer } from "../../packages/runtime/src/server-entry.js";
import { TMP_DIR } from "../support/tmp.js";
import { ERA_REVISION, eventually, type Era } from "./support/sdk-client.js";

const MANIFEST = resolve(import.meta.dirname, "..", "runtime", "live-lists.yaml");
const OUT = join(TMP_DIR, "interop-live-lists");

type LiveServer = McpServer & { tools: McpServer["tools"] & { echo: LiveItem; shout: LiveItem } };
let createServer: (handlers: unknown) => LiveServer;

const handlers = {
  tools: { echo: (args: { text: string }) => args.text, shout: (args: { text: string }) => args.text.toUpperCase() },
  prompts: { greet: { get: () => ({ messages: [{ role: "user", content: { type: "text", text: "hello" } }] }) } },
};

beforeAll(async () => {
  ({ createServer } = await importGeneratedPackage<{ createServer: typeof createServer }>(MANIFEST, OUT));
});
afterAll(() => rmSync(OUT, { recursive: true, force: true }));

describe.each<Era>(["modern", "legacy"])("SDK client listChanged, %s era", (era) => {
  let server: LiveServer;
  let listening: ListeningServer;
  let client: Client;
  const changes: Array<{ error: Error | null; tools: Tool[] | null }> = [];

  beforeAll(async () => {
    server = createServer(handlers);
    listening = await listenHttp(server, { port: 0 });
    client = new Client(
      { name: "live-lists-interop", version: "1.0.0" },
      {
        capabilities: {},
        ...(era === "modern" ? { versionNegotiation: { mode: { pin: ERA_REVISION.modern } } } : {}),
        listChanged: { tools: { autoRefresh: true, debounceMs: 0, onChanged: (error, tools) => changes.push({ error, tools }) } },
      },
    );
    await client.connect(new StreamableHTTPClientTransport(new URL(listening.url)));
  });
  afterAll(async () => {
    await client?.close();
    await listening?.close();
  });

  it("hears list_changed when a tool is disabled, re-lists without it, and gets -32602 calling it; enabling brings it back", async () => {
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["echo", "shout"]);
    // Give the SDK's own stream (listen or GET) time to open: the first change must reach it.
    await eventually(
      () => {
        server.tools.shout.disable();
        server.tools.shout.enable();
        return changes.length > 0;
      },
      () => "no list_changed reached the SDK client",
    );
    await eventually(() => changes.length >= 2, () => `${changes.length} changes`);
    // On 2026-07-28 the notifications came through the listen the SDK opened for `listChanged`.
    if (era === "modern") expect(client.autoOpenedSubscription).toBeDefined();
    changes.length = 0;

    server.tools.echo.disable();
    await eventually(() => changes.some((c) => c.tools?.length === 1), () => JSON.stringify(changes));
    const refreshed = changes.find((c) => c.tools?.length === 1)!;
    expect(refreshed.error).toBeNull();
    expect(refreshed.tools!.map((t) => t.name)).toEqual(["shout"]);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["shout"]);

    const refused = await client.callTool({ name: "echo", arguments: { text: "hi" } }).then(
      () => undefined,
      (error: unknown) => error as { code?: number },
    );
    expect(refused?.code).toBe(-32602);

    changes.length = 0;
    server.tools.echo.enable();
    await eventually(() => changes.some((c) => c.tools?.length === 2), () => JSON.stringify(changes));
    expect(changes.find((c) => c.tools?.length === 2)!.tools!.map((t) => t.name)).toEqual(["echo", "shout"]);
    const called = await client.callTool({ name: "echo", arguments: { text: "back" } });
    expect((called.content as Array<{ text?: string }>)[0]?.text).toBe("back");
  });
});
