// Issue 19 #3: handler unit tests of the notes example through the generated createTestClient,
// in memory. Asserted: no socket is ever listened on and no child process started (net.Server
// listen and child_process.spawn are wrapped to count calls, and Node's active resources hold no
// server or process handle), in both eras, including delete_note's confirmation (form
// elicitation: input_required + retry on 2026-07-28, a real elicitation/create on 2025-11-25).
import childProcess from "node:child_process";
import net from "node:net";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const NOTES = resolve(import.meta.dirname, "..", "..", "examples", "notes");

interface ToolResult {
  isError?: boolean;
  structured?: unknown;
  content?: { type: string; text?: string }[];
}
interface NotesClient {
  tools: {
    addNote(args: { title: string; body: string }): Promise<ToolResult>;
    listNotes(args: Record<string, never>): Promise<ToolResult>;
    deleteNote(args: { id: string }): Promise<ToolResult>;
  };
  raw: { era: string; protocolVersion: string };
  close(): Promise<void>;
}
type ElicitationHandler = (params: Record<string, unknown>, context: { era: string }) => Record<string, unknown>;
type CreateTestClient = (handlers: unknown, options: { revision?: string; handlers?: { elicitation?: ElicitationHandler } }) => Promise<NotesClient>;

let createTestClient: CreateTestClient;
let handlers: unknown;
const listens: unknown[] = [];
const spawns: unknown[] = [];
const restore: (() => void)[] = [];

/** Node's own names for resources that would mean a port or a process. */
const FORBIDDEN_RESOURCES = ["TCPServerWrap", "TCPWRAP", "PipeServerWrap", "ProcessWrap", "UDPWRAP"];
function openForbidden(): string[] {
  return process.getActiveResourcesInfo().filter((name) => FORBIDDEN_RESOURCES.some((f) => name.includes(f)));
}

beforeAll(async () => {
  const listen = net.Server.prototype.listen;
  net.Server.prototype.listen = function (this: net.Server, ...args: unknown[]) {
    listens.push(args);
    return (listen as (...a: unknown[]) => net.Server).apply(this, args);
  } as typeof listen;
  restore.push(() => (net.Server.prototype.listen = listen));
  const spawn = childProcess.spawn;
  (childProcess as { spawn: unknown }).spawn = (...args: unknown[]) => {
    spawns.push(args);
    return (spawn as (...a: unknown[]) => unknown)(...args);
  };
  restore.push(() => ((childProcess as { spawn: unknown }).spawn = spawn));
  ({ createTestClient } = (await import(`${NOTES}/generated/dist/index.js`)) as { createTestClient: CreateTestClient });
  ({ handlers } = (await import(`${NOTES}/handlers.js`)) as { handlers: unknown });
});

afterAll(() => {
  for (const undo of restore) undo();
});

describe.each([
  ["2026-07-28", "modern"],
  ["2025-11-25", "legacy"],
] as const)("createTestClient on %s", (revision, era) => {
  it("adds and lists notes through the typed client, validated structured output, no port", async () => {
    const before = openForbidden();
    const client = await createTestClient(handlers, { revision });
    try {
      expect(client.raw.era).toBe(era);
      expect(client.raw.protocolVersion).toBe(revision);
      const added = await client.tools.addNote({ title: `harness ${era}`, body: "in memory" });
      expect(added.isError).not.toBe(true);
      const id = (added.structured as { id: string }).id;
      expect(id).toMatch(/^\d+$/);
      const listed = await client.tools.listNotes({});
      expect((listed.structured as { notes: { id: string; title: string }[] }).notes).toContainEqual({ id, title: `harness ${era}`, body: "in memory" });
      expect(openForbidden()).toEqual(before);
    } finally {
      await client.close();
    }
    expect(listens).toEqual([]);
    expect(spawns).toEqual([]);
  });

  it("rejects invalid arguments with the tool's input schema, as a served tool would", async () => {
    const client = await createTestClient(handlers, { revision });
    try {
      // A tool execution error the model can read (both eras report input validation in-band).
      const result = await client.tools.addNote({ title: "", body: "x" });
      expect(result.isError).toBe(true);
      expect(result.content?.[0]?.text).toMatch(/Invalid arguments for tool 'add_note'.*title/s);
    } finally {
      await client.close();
    }
  });

  it("delete_note asks for confirmation through the elicitation handler; declining keeps the note", async () => {
    const asked: { message: unknown; era: string }[] = [];
    let confirm = false;
    const client = await createTestClient(handlers, {
      revision,
      handlers: {
        elicitation: (params, context) => {
          asked.push({ message: params["message"], era: context.era });
          return { action: "accept", content: { confirm } };
        },
      },
    });
    try {
      const added = await client.tools.addNote({ title: `doomed ${era}`, body: "b" });
      const id = (added.structured as { id: string }).id;
      const kept = await client.tools.deleteNote({ id });
      expect(kept.content?.[0]?.text).toBe(`kept ${id}`);
      confirm = true;
      const deleted = await client.tools.deleteNote({ id });
      expect(deleted.content?.[0]?.text).toBe(`deleted ${id}`);
      expect(asked).toEqual([
        { message: `Delete "doomed ${era}"? This cannot be undone.`, era },
        { message: `Delete "doomed ${era}"? This cannot be undone.`, era },
      ]);
      const listed = await client.tools.listNotes({});
      expect((listed.structured as { notes: { id: string }[] }).notes.map((n) => n.id)).not.toContain(id);
    } finally {
      await client.close();
    }
    expect(listens).toEqual([]);
    expect(spawns).toEqual([]);
  });
});

it("without a revision the client probes in memory and settles on the modern era", async () => {
  const client = await createTestClient(handlers, {});
  try {
    expect(client.raw.era).toBe("modern");
    expect((await client.tools.listNotes({})).isError).not.toBe(true);
  } finally {
    await client.close();
  }
  expect(listens).toEqual([]);
});
