// Interop with the official TypeScript SDK client 2.4.0 (dev dependency, used only as a peer in
// tests): both eras against the runtime's HTTP endpoint, including input requests answered by
// the SDK's own elicitation/sampling handlers (real requests on legacy, MRTR retries on modern).
import { execFileSync } from "node:child_process";
import { resolve } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenHttp, type ListeningServer } from "../../packages/runtime/src/http/node.js";
import { createMcpServer } from "../../packages/runtime/src/server/server.js";
import { testDefinition } from "./helpers/definition.js";

let listening: ListeningServer;

beforeAll(async () => {
  listening = await listenHttp(createMcpServer(testDefinition()), { port: 0 });
});
afterAll(() => listening.close());

async function connect(mode: "legacy" | { pin: string }): Promise<Client> {
  const client = new Client(
    { name: "sdk-interop", version: "1.0.0" },
    { capabilities: { elicitation: {}, sampling: {} }, versionNegotiation: { mode } } as never,
  );
  client.setRequestHandler("elicitation/create", async () => ({ action: "accept", content: { ok: true } }));
  client.setRequestHandler("sampling/createMessage", async () => ({ role: "assistant", content: { type: "text", text: "sdk" }, model: "m" }));
  await client.connect(new StreamableHTTPClientTransport(new URL(listening.url)));
  return client;
}

describe.each([
  ["legacy (initialize)", "legacy" as const],
  ["modern (2026-07-28)", { pin: "2026-07-28" }],
])("official SDK client, %s", (_label, mode) => {
  it("lists and calls tools, and answers input requests through its handlers", async () => {
    const client = await connect(mode);
    try {
      const listed = await client.listTools();
      expect(listed.tools.map((t) => t.name)).toContain("echo");
      const echoed = await client.callTool({ name: "echo", arguments: { text: "interop" } });
      expect(echoed.content).toEqual([{ type: "text", text: "interop" }]);
      const asked = await client.callTool({ name: "confirm_delete", arguments: { id: "n1" } });
      expect(asked.content).toEqual([{ type: "text", text: 'ok={"ok":true} reason={"type":"text","text":"sdk"}' }]);
      const read = await client.readResource({ uri: "test://a" });
      expect(read.contents[0]).toMatchObject({ uri: "test://a", text: "A" });
      const prompt = await client.getPrompt({ name: "greet", arguments: { who: "sdk" } });
      expect(prompt.messages[0]?.content).toEqual({ type: "text", text: "hi sdk" });
    } finally {
      await client.close();
    }
  });
});

describe.each([
  ["legacy (initialize)", "legacy" as const],
  ["modern (2026-07-28)", { pin: "2026-07-28" }],
])("official SDK client over stdio, %s", (_label, mode) => {
  it("calls tools and answers elicitation through the spawned runtime server", async () => {
    const root = resolve(import.meta.dirname, "../..");
    execFileSync(process.execPath, [resolve(root, "node_modules/typescript/bin/tsc"), "-b", "packages/runtime/tsconfig.json"], { cwd: root });
    const client = new Client({ name: "sdk-interop", version: "1.0.0" }, { capabilities: { elicitation: {} }, versionNegotiation: { mode } } as never);
    client.setRequestHandler("elicitation/create", async () => ({ action: "accept", content: { name: "Grace" } }));
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [resolve(import.meta.dirname, "fixtures/stdio-server.mjs")] }));
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toContain("ask_name");
      expect((await client.callTool({ name: "echo", arguments: { text: "pipe" } })).content).toEqual([{ type: "text", text: "pipe" }]);
      expect((await client.callTool({ name: "ask_name", arguments: {} })).content).toEqual([{ type: "text", text: "hello Grace" }]);
    } finally {
      await client.close();
    }
  });
});

