// The runtime's in-memory transport under createTestClient: closing settles the server side and
// fails what is still in flight with transport-closed (never a hang); a closed transport refuses
// new requests; each transport has its own era-cache key, so one test's verdict never leaks into
// another's; a handler that returns something JSON cannot carry fails as it would when served.
import { resolve } from "node:path";
import { beforeAll, expect, it } from "vitest";
// The package itself, as the generated code imports it (one copy of its classes).
import { createMemoryTransport } from "@mcp-gen/runtime/node";

const NOTES = resolve(import.meta.dirname, "..", "..", "examples", "notes", "generated", "dist", "index.js");

type Handlers = Record<string, unknown>;
interface Generated {
  createServer(handlers: Handlers): Parameters<typeof createMemoryTransport>[0];
  createTestClient(handlers: Handlers, options: { revision?: string }): Promise<{
    tools: { listNotes(args: object): Promise<{ isError?: boolean; structured?: unknown }> };
    close(): Promise<void>;
  }>;
}
let notes: Generated;

beforeAll(async () => {
  notes = (await import(NOTES)) as Generated;
});

function handlers(listNotes: () => unknown): Handlers {
  return {
    tools: { addNote: () => ({ structuredContent: { id: "1" } }), listNotes, deleteNote: () => "kept" },
    prompts: { summarizeNotes: { get: () => ({ messages: [] }), complete: { topic: () => [] } } },
    resources: { index: { read: () => ({ contents: [] }) } },
    templates: { note: { read: () => ({ contents: [] }), complete: { id: () => [] } } },
  };
}

const reasonOf = (error: unknown) => (error as { reason?: unknown }).reason;

it("close() fails a call still in flight instead of leaving it pending, and later calls with transport-closed", async () => {
  let entered!: () => void;
  const inside = new Promise<void>((r) => (entered = r));
  const client = await notes.createTestClient(
    handlers(() => {
      entered();
      return new Promise(() => {}); // never answers
    }),
    { revision: "2026-07-28" },
  );
  const pending = client.tools.listNotes({});
  await inside;
  await client.close();
  const failed = await pending.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(failed).toBeInstanceOf(Error);
  expect(String(failed)).toMatch(/abandoned|closed/);
  const later = await client.tools.listNotes({}).then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(reasonOf(later)).toBe("transport-closed");
});

it("each transport has its own server key", () => {
  const server = notes.createServer(handlers(() => ({ structuredContent: { notes: [] } })));
  expect(createMemoryTransport(server).serverKey).not.toBe(createMemoryTransport(server).serverKey);
});

it.each(["2026-07-28", "2025-11-25"])("on %s, structured output that breaks the output schema is refused as when served", async (revision) => {
  const client = await notes.createTestClient(handlers(() => ({ structuredContent: { notes: "not an array" } })), { revision });
  try {
    // The server checks structuredContent against the tool's output schema before it leaves.
    const result = (await client.tools.listNotes({})) as { isError?: boolean; content?: { text?: string }[] };
    expect(result.isError).toBe(true);
    expect(result.content?.[0]?.text).toBe("Tool 'list_notes' produced output that does not match its output schema");
  } finally {
    await client.close();
  }
});
