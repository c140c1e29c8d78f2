// Interop: the v1 SDK's SSEClientTransport (@modelcontextprotocol/sdk 1.32.2, the 2024-11-05
// HTTP+SSE transport) against the generated notes server with `sse` on: tools/list, tools/call
// with typed structuredContent, and delete_note's confirmation, which is a real
// elicitation/create request from the server riding the event stream, answered by a POST.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startNotes } from "./support.js";

let notes: Awaited<ReturnType<typeof startNotes>>;

beforeAll(async () => {
  notes = await startNotes();
});
afterAll(async () => {
  await notes?.close();
});

async function connectSdk(answer: () => { action: "accept" | "decline"; content?: Record<string, unknown> }, version?: string) {
  const client = new Client({ name: "sdk-v1-sse", version: "1.0.0" }, { capabilities: { elicitation: {} } });
  const asked: unknown[] = [];
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    asked.push(request.params);
    return answer();
  });
  const transport = new SSEClientTransport(new URL(`${notes.base}/sse`));
  if (version !== undefined) {
    // What a 2024-11-05 client offers: the server must negotiate it down, not refuse it.
    const original = transport.send.bind(transport);
    transport.send = (message) => {
      if ("method" in message && message.method === "initialize") (message.params as { protocolVersion: string }).protocolVersion = version;
      return original(message);
    };
  }
  await client.connect(transport);
  return { client, transport, asked };
}

describe("v1 SDK SSEClientTransport against the generated notes server", () => {
  it("lists tools, calls one and answers an elicitation over the event stream", async () => {
    const { client, asked } = await connectSdk(() => ({ action: "accept", content: { confirm: true } }));
    try {
      expect(client.getServerVersion()).toMatchObject({ name: "notes" });
      const listed = await client.listTools();
      expect(listed.tools.map((t) => t.name).sort()).toEqual(["add_note", "delete_note", "list_notes"]);
      const added = await client.callTool({ name: "add_note", arguments: { title: "sse", body: "over the old transport" } });
      const id = (added.structuredContent as { id: string }).id;
      expect(typeof id).toBe("string");
      const listedNotes = await client.callTool({ name: "list_notes", arguments: {} });
      expect((listedNotes.structuredContent as { notes: Array<{ id: string; title: string }> }).notes).toContainEqual({ id, title: "sse", body: "over the old transport" });
      const deleted = await client.callTool({ name: "delete_note", arguments: { id } });
      expect(asked).toHaveLength(1);
      expect(asked[0]).toMatchObject({ message: expect.stringContaining('Delete "sse"') });
      expect(deleted.content).toEqual([{ type: "text", text: `deleted ${id}` }]);
      const after = await client.callTool({ name: "list_notes", arguments: {} });
      expect((after.structuredContent as { notes: Array<{ id: string }> }).notes.map((n) => n.id)).not.toContain(id);
    } finally {
      await client.close();
    }
  });

  it("a declined elicitation keeps the note", async () => {
    const { client, asked } = await connectSdk(() => ({ action: "decline" }));
    try {
      const added = await client.callTool({ name: "add_note", arguments: { title: "keep me", body: "b" } });
      const id = (added.structuredContent as { id: string }).id;
      const kept = await client.callTool({ name: "delete_note", arguments: { id } });
      expect(asked).toHaveLength(1);
      expect(kept.content).toEqual([{ type: "text", text: `kept ${id}` }]);
    } finally {
      await client.close();
    }
  });

  it("a client offering 2024-11-05 is served on the revision the server prefers (notes declares 2025-11-25 and 2025-06-18)", async () => {
    const { client, transport } = await connectSdk(() => ({ action: "decline" }), "2024-11-05");
    try {
      // The SDK accepts any revision it knows; the server answered with its own preferred one.
      expect(["2025-11-25", "2025-06-18"]).toContain((transport as unknown as { _protocolVersion?: string })._protocolVersion);
      const listed = await client.listTools();
      expect(listed.tools.length).toBe(3);
    } finally {
      await client.close();
    }
  });

  it("two clients at once keep their own sessions and answers", async () => {
    const [a, b] = await Promise.all([connectSdk(() => ({ action: "decline" })), connectSdk(() => ({ action: "decline" }))]);
    try {
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? a : b).client.callTool({ name: "add_note", arguments: { title: `n${i}`, body: "x" } })),
      );
      const ids = results.map((r) => (r.structuredContent as { id: string }).id);
      expect(new Set(ids).size).toBe(10);
    } finally {
      await Promise.all([a.client.close(), b.client.close()]);
    }
  });
});
