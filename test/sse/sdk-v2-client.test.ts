// Interop: the official SDK 2.4.0 client (@modelcontextprotocol/client) also ships an
// SSEClientTransport; against the generated notes server's HTTP+SSE path it lists tools, calls
// one, and answers delete_note's elicitation/create, which rides the event stream.
import { Client, SSEClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startNotes } from "./support.js";

let notes: Awaited<ReturnType<typeof startNotes>>;

beforeAll(async () => {
  notes = await startNotes();
});
afterAll(async () => {
  await notes?.close();
});

describe("SDK 2.4.0 SSEClientTransport against the generated notes server", () => {
  it("lists, calls and answers an elicitation", async () => {
    const client = new Client({ name: "sdk-v2-sse", version: "1.0.0" }, { capabilities: { elicitation: { form: {} } } });
    const asked: unknown[] = [];
    client.setRequestHandler("elicitation/create", (request) => {
      asked.push(request.params);
      return { action: "accept", content: { confirm: true } };
    });
    await client.connect(new SSEClientTransport(new URL(`${notes.base}/sse`)));
    try {
      const listed = await client.listTools();
      expect(listed.tools.map((t) => t.name).sort()).toEqual(["add_note", "delete_note", "list_notes"]);
      const added = await client.callTool({ name: "add_note", arguments: { title: "v2", body: "b" } });
      const id = (added.structuredContent as { id: string }).id;
      const deleted = await client.callTool({ name: "delete_note", arguments: { id } });
      expect(asked).toHaveLength(1);
      expect(deleted.content).toEqual([{ type: "text", text: `deleted ${id}` }]);
    } finally {
      await client.close();
    }
  });
});
