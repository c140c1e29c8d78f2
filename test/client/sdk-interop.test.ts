// Interop with the official TypeScript SDK server 2.4.0 (test/client/fixtures/sdk-server.mjs):
// both transports, both eras, and an elicitation answered by the client's handler —
// as an `input_required` retry on the modern era and as a real `elicitation/create`
// request on the legacy era (the SDK's legacy shim).

import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { McpClient, createHttpTransport, type ClientTransport, type InputHandlerContext } from "../../packages/runtime/src/client-entry.js";
import { createStdioTransport } from "../../packages/runtime/src/node-entry.js";
// @ts-expect-error - plain ESM fixture without type declarations
import { startSdkHttpServer } from "./fixtures/sdk-server.mjs";

const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures/sdk-server.mjs");
let http: { url: string; close(): Promise<void> };

beforeAll(async () => {
  http = (await startSdkHttpServer()) as typeof http;
});
afterAll(async () => {
  await http.close();
});

const cases: Array<[transport: "http" | "stdio", protocol: string, era: "modern" | "legacy"]> = [
  ["http", "auto", "modern"],
  ["http", "2026-07-28", "modern"],
  ["http", "2025-11-25", "legacy"],
  ["stdio", "auto", "modern"],
  ["stdio", "2026-07-28", "modern"],
  ["stdio", "2025-11-25", "legacy"],
];

function transportFor(kind: "http" | "stdio"): ClientTransport {
  return kind === "http" ? createHttpTransport({ url: http.url }) : createStdioTransport({ command: process.execPath, args: [fixture, "--stdio"], stderr: "pipe" });
}

describe.each(cases)("official SDK server over %s, protocol %s", (kind, protocol, era) => {
  it(`speaks the ${era} era end to end, elicitation included`, async () => {
    const elicitations: Array<{ message: unknown; era: string }> = [];
    const client = new McpClient({
      transport: transportFor(kind),
      clientInfo: { name: "mcp-gen-interop", version: "0.1.0" },
      protocol,
      eraCache: new Map(),
      handlers: {
        elicitation: (params, context: InputHandlerContext) => {
          elicitations.push({ message: params.message, era: context.era });
          return { action: "accept", content: { confirm: true } };
        },
      },
    });
    await client.connect();
    try {
      expect(client.era).toBe(era);
      expect(client.serverInfo).toMatchObject({ name: "sdk-interop", version: "1.0.0" });

      const tools = await client.listAllTools();
      expect(tools.map((t) => t.name).sort()).toEqual(["add", "confirm_delete"]);

      const sum = await client.callTool("add", { a: 2, b: 40 }, {
        parseStructured: (value) => {
          const s = (value as { sum?: unknown }).sum;
          if (typeof s !== "number") throw new Error("sum missing");
          return s;
        },
      });
      expect(sum.structured).toBe(42);

      const deleted = await client.callTool("confirm_delete", { id: "note-7" });
      expect(deleted.content).toEqual([{ type: "text", text: "deleted note-7" }]);
      expect(elicitations).toEqual([{ message: "Delete note-7?", era }]);

      const prompt = await client.getPrompt("greet", { name: "Ada" });
      expect(prompt.messages).toEqual([{ role: "user", content: { type: "text", text: "Hello Ada" } }]);

      const completion = await client.complete({ type: "ref/prompt", name: "greet" }, { name: "name", value: "A" });
      expect((completion.completion as { values: string[] }).values).toEqual(["Ada", "Alan"]);

      const resources = await client.listAllResources();
      expect(resources.map((r) => r.uri)).toEqual(["config://app"]);
      const read = await client.readResource("config://app");
      expect(read.contents).toEqual([{ uri: "config://app", mimeType: "application/json", text: '{"debug":true}' }]);

      const subscription = await client.subscribe({ toolsListChanged: true, promptsListChanged: true });
      expect(await subscription.acknowledged).toMatchObject({ toolsListChanged: true, promptsListChanged: true });
      await subscription.close();

      await client.ping();
    } finally {
      await client.close();
    }
  });
});
