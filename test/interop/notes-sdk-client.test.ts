// Interop: the official SDK client (@modelcontextprotocol/client 2.4.0) against the generated
// notes server (examples/notes), as real processes: stdio and HTTP on 127.0.0.1, the legacy
// handshake (initialize, 2025-11-25) and stateless 2026-07-28. Each case lists tools, adds a
// note (typed structuredContent), and deletes notes through the SDK's elicitation handler —
// on 2026-07-28 that is an `input_required` result the SDK answers and retries, on 2025-11-25 a
// real `elicitation/create` request from the server — once accepted, once declined. The prompt
// drafts through the SDK's sampling handler the same two ways; resources, the note template and
// completions round it off. A last group checks how the SDK's other negotiation modes land.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startHttpExample, type HttpExampleServer } from "./support/example-process.js";
import {
  ERA_REVISION,
  PROTOCOL_VERSION_META,
  connectSdkClient,
  sentRequests,
  sentResponses,
  textOf,
  type ConnectedSdkClient,
  type Era,
  type SdkClientSetup,
  type TransportKind,
} from "./support/sdk-client.js";

let http: HttpExampleServer;
const open: ConnectedSdkClient[] = [];

beforeAll(async () => {
  http = await startHttpExample("notes");
});
afterEach(async () => {
  await Promise.allSettled(open.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await http?.stop();
});

async function connect(kind: TransportKind, era: Era | "auto", extra: Partial<SdkClientSetup> = {}): Promise<ConnectedSdkClient> {
  const target = kind === "stdio" ? ({ kind: "stdio", example: "notes" } as const) : ({ kind: "http", url: http.url } as const);
  const connected = await connectSdkClient({ era, target, ...extra });
  open.push(connected);
  return connected;
}

/** Ask-confirm answers: what a user clicking "Delete" / "Keep" sends back. */
const confirmDelete = (): { action: "accept"; content: { confirm: boolean } } => ({ action: "accept", content: { confirm: true } });

async function addNote(c: ConnectedSdkClient, title: string): Promise<string> {
  const result = await c.client.callTool({ name: "add_note", arguments: { title, body: `body of ${title}` } });
  expect(result.isError).toBeFalsy();
  const structured = result.structuredContent as { id?: unknown };
  expect(typeof structured.id).toBe("string");
  return structured.id as string;
}

async function noteIds(c: ConnectedSdkClient): Promise<string[]> {
  const result = await c.client.callTool({ name: "list_notes", arguments: {} });
  return ((result.structuredContent as { notes: Array<{ id: string }> }).notes ?? []).map((n) => n.id);
}

const cases: Array<[TransportKind, Era]> = [
  ["stdio", "legacy"],
  ["stdio", "modern"],
  ["http", "legacy"],
  ["http", "modern"],
];

describe.each(cases)("SDK client over %s, %s era", (kind, era) => {
  // One connection (and, on stdio, one server process) per transport and era; each test sets
  // how the simulated user answers the next elicitation.
  let c: ConnectedSdkClient;
  let answer: NonNullable<SdkClientSetup["answerElicitation"]> = () => ({ action: "decline" });
  const samplings: unknown[] = [];
  beforeAll(async () => {
    c = await connectSdkClient({
      era,
      target: kind === "stdio" ? { kind: "stdio", example: "notes" } : { kind: "http", url: http.url },
      capabilities: { elicitation: { form: {} }, sampling: {} },
      answerElicitation: (params) => answer(params),
      createMessage: (params) => {
        samplings.push(params);
        return { role: "assistant", model: "test-model", content: { type: "text", text: "DRAFT: two notes about trips" } };
      },
    });
  });
  afterAll(async () => {
    await c?.close();
  });
  beforeEach(() => {
    c.elicitations.length = 0;
  });

  it(`negotiates ${ERA_REVISION[era]} and speaks it on the wire`, async () => {
    expect(c.client.getProtocolEra()).toBe(era);
    expect(c.client.getNegotiatedProtocolVersion()).toBe(ERA_REVISION[era]);
    expect(c.client.getServerVersion()).toMatchObject({ name: "notes", version: "1.0.0" });

    await c.client.listTools();
    const requests = sentRequests(c.sent);
    if (era === "legacy") {
      expect(requests[0]).toMatchObject({ method: "initialize", params: { protocolVersion: "2025-11-25" } });
      for (const request of requests) expect((request.params?.["_meta"] as Record<string, unknown> | undefined)?.[PROTOCOL_VERSION_META]).toBeUndefined();
    } else {
      // Stateless: no handshake on this connection, the version rides on every request.
      expect(requests.map((r) => r.method)).not.toContain("initialize");
      for (const request of requests) {
        expect((request.params?.["_meta"] as Record<string, unknown> | undefined)?.[PROTOCOL_VERSION_META]).toBe("2026-07-28");
      }
    }
    if (kind === "http") {
      // A legacy HTTP connection is a session; 2026-07-28 has none, and mirrors the version in a header.
      if (era === "legacy") expect(c.sessionId()).toMatch(/\S/);
      else expect(c.sessionId()).toBeUndefined();
      const posts = c.httpRequests.filter((r) => r.method === "POST");
      expect(posts.length).toBeGreaterThan(0);
      if (era === "modern") for (const post of posts) expect(post.headers.get("mcp-protocol-version")).toBe("2026-07-28");
    }
  });

  it("lists the three tools with their schemas and annotations", async () => {
    const { tools } = await c.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(["add_note", "delete_note", "list_notes"]);
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect(byName.get("add_note")?.inputSchema).toMatchObject({ type: "object", required: ["title", "body"] });
    expect(byName.get("add_note")?.outputSchema).toMatchObject({ type: "object", properties: { id: { type: "string" } }, required: ["id"] });
    expect(byName.get("delete_note")?.annotations).toMatchObject({ destructiveHint: true });
    expect(byName.get("list_notes")?.annotations).toMatchObject({ readOnlyHint: true });
  });

  it("add_note returns structuredContent {id} that list_notes then shows", async () => {
    const id = await addNote(c, `groceries ${kind} ${era}`);
    const raw = await c.client.callTool({ name: "add_note", arguments: { title: "second", body: "x" } });
    expect(Object.keys(raw.structuredContent as object)).toEqual(["id"]);
    expect((raw.structuredContent as { id: string }).id).not.toBe(id);
    expect(await noteIds(c)).toContain(id);
  });

  it("delete_note: the SDK's elicitation handler accepts {confirm: true} → deleted <id>", async () => {
    answer = confirmDelete;
    const id = await addNote(c, `to delete ${kind} ${era}`);
    const before = c.sent.length;

    const result = await c.client.callTool({ name: "delete_note", arguments: { id } });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toEqual([`deleted ${id}`]);
    expect(c.elicitations).toHaveLength(1);
    expect(c.elicitations[0]).toMatchObject({
      mode: "form",
      message: `Delete "to delete ${kind} ${era}"? This cannot be undone.`,
      requestedSchema: { type: "object", properties: { confirm: { type: "boolean" } }, required: ["confirm"] },
    });

    // How the answer travelled differs by era; the handler code on the server is the same.
    const during = c.sent.slice(before);
    const calls = sentRequests(during).filter((r) => r.method === "tools/call");
    if (era === "modern") {
      expect(calls).toHaveLength(2);
      expect(calls[1]?.id).not.toBe(calls[0]?.id);
      expect(calls[1]?.params).toMatchObject({ name: "delete_note", arguments: { id }, inputResponses: { confirm: { action: "accept", content: { confirm: true } } } });
      expect(typeof calls[1]?.params?.["requestState"]).toBe("string");
      expect(sentResponses(during)).toEqual([]);
    } else {
      expect(calls).toHaveLength(1);
      expect(sentResponses(during)).toEqual([expect.objectContaining({ result: { action: "accept", content: { confirm: true } } })]);
    }
    expect(await noteIds(c)).not.toContain(id);
  });

  it("delete_note: declining keeps the note → kept <id>", async () => {
    answer = () => ({ action: "decline" });
    const id = await addNote(c, `to keep ${kind} ${era}`);
    const result = await c.client.callTool({ name: "delete_note", arguments: { id } });
    expect(textOf(result)).toEqual([`kept ${id}`]);
    expect(c.elicitations).toHaveLength(1);
    expect(await noteIds(c)).toContain(id);

    // Accepting the form but unticking the box is not a confirmation either.
    answer = () => ({ action: "accept", content: { confirm: false } });
    const unticked = await c.client.callTool({ name: "delete_note", arguments: { id } });
    expect(textOf(unticked)).toEqual([`kept ${id}`]);
    expect(c.elicitations).toHaveLength(2);
    expect(await noteIds(c)).toContain(id);
  });

  it("summarize_notes: the SDK's sampling handler drafts the summary (prompts/get with input)", async () => {
    await addNote(c, `trip to Rome ${kind} ${era}`);
    await addNote(c, `trip to Oslo ${kind} ${era}`);
    samplings.length = 0;
    const before = c.sent.length;
    const prompt = await c.client.getPrompt({ name: "summarize_notes", arguments: { topic: "TRIP", style: "short" } });
    expect(samplings).toHaveLength(1);
    expect(samplings[0]).toMatchObject({ maxTokens: 400, systemPrompt: "You write concise summaries." });
    const request = (samplings[0] as { messages: Array<{ content: { text: string } }> }).messages[0]?.content.text ?? "";
    expect(request).toContain(`Summarize these notes (short):`);
    expect(request).toContain(`trip to Rome ${kind} ${era}`);
    expect(prompt.messages).toEqual([
      { role: "user", content: { type: "text", text: request } },
      { role: "assistant", content: { type: "text", text: "DRAFT: two notes about trips" } },
    ]);
    expect(prompt.description).toMatch(/^Summary of \d+ note\(s\) about TRIP$/);
    const gets = sentRequests(c.sent.slice(before)).filter((r) => r.method === "prompts/get");
    expect(gets).toHaveLength(era === "modern" ? 2 : 1);
    if (era === "modern") expect(Object.keys((gets[1]?.params?.["inputResponses"] ?? {}) as object)).toEqual(["draft"]);
  });

  it("resources, the note template and completions", async () => {
    const id = await addNote(c, `readable ${kind} ${era}`);
    const { resources } = await c.client.listResources();
    // The example's skill files (examples/notes/skills) are resources too.
    expect(resources.map((r) => r.uri)).toEqual(["notes://index", "skill://note-taking/SKILL.md", "skill://note-taking/references/STYLE.md", "skill://note-taking/templates/meeting.md"]);
    const index = await c.client.readResource({ uri: "notes://index" }, { cacheMode: "bypass" });
    expect(JSON.parse((index.contents[0] as { text: string }).text)).toContainEqual({ id, title: `readable ${kind} ${era}` });
    const { resourceTemplates } = await c.client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(["notes://{id}"]);
    const note = await c.client.readResource({ uri: `notes://${id}` }, { cacheMode: "bypass" });
    expect(note.contents).toEqual([{ uri: `notes://${id}`, mimeType: "text/markdown", text: `# readable ${kind} ${era}\n\nbody of readable ${kind} ${era}\n` }]);
    const ids = await c.client.complete({ ref: { type: "ref/resource", uri: "notes://{id}" }, argument: { name: "id", value: id } });
    expect(ids.completion.values).toContain(id);
    const topics = await c.client.complete({ ref: { type: "ref/prompt", name: "summarize_notes" }, argument: { name: "topic", value: "read" } });
    expect(topics.completion.values).toEqual(["readable"]);
  });

  it("delete_note of an unknown id is a tool error, not a protocol error, and asks nothing", async () => {
    answer = confirmDelete;
    const result = await c.client.callTool({ name: "delete_note", arguments: { id: "no-such-note" } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toEqual(["no note no-such-note"]);
    expect(c.elicitations).toEqual([]);
  });
});

describe("a client that cannot elicit or sample", () => {
  it("2026-07-28: delete_note fails with -32021 naming the missing elicitation capability", async () => {
    const c = await connect("http", "modern", { capabilities: {} });
    const id = await addNote(c, "needs confirmation");
    const error = await c.client.callTool({ name: "delete_note", arguments: { id } }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: -32021 });
    expect((error as { data?: unknown }).data).toMatchObject({ requiredCapabilities: { elicitation: {} } });
    expect(await noteIds(c)).toContain(id);
  });

  it.each(["legacy", "modern"] as const)("%s: summarize_notes without sampling hands back the request instead of a draft", async (era) => {
    const c = await connect("http", era, { capabilities: {} });
    await addNote(c, "plain trip");
    const prompt = await c.client.getPrompt({ name: "summarize_notes", arguments: { topic: "plain" } });
    expect(prompt.messages).toHaveLength(1);
    expect(prompt.messages[0]).toMatchObject({ role: "user", content: { type: "text" } });
    expect((prompt.messages[0]?.content as { text: string }).text).toMatch(/^Summarize these notes:\n- plain trip: body of plain trip/);
  });
});

describe("other ways the SDK chooses a revision", () => {
  it.each(["stdio", "http"] as const)("mode 'auto' over %s probes server/discover and settles on 2026-07-28", async (kind) => {
    const c = await connect(kind, "auto", { answerElicitation: confirmDelete });
    expect(c.client.getProtocolEra()).toBe("modern");
    expect(c.client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
    expect(c.client.getDiscoverResult()?.supportedVersions).toContain("2026-07-28");
    const id = await addNote(c, `auto ${kind}`);
    expect(textOf(await c.client.callTool({ name: "delete_note", arguments: { id } }))).toEqual([`deleted ${id}`]);
  });

  it.each(["stdio", "http"] as const)("an SDK offering only 2025-06-18 over %s gets 2025-06-18, and a form elicitation without `mode`", async (kind) => {
    const c = await connect(kind, "legacy", { supportedProtocolVersions: ["2025-06-18"], capabilities: { elicitation: {} }, answerElicitation: confirmDelete });
    expect(sentRequests(c.sent)[0]).toMatchObject({ method: "initialize", params: { protocolVersion: "2025-06-18" } });
    expect(c.client.getNegotiatedProtocolVersion()).toBe("2025-06-18");
    const id = await addNote(c, `old ${kind}`);
    expect(textOf(await c.client.callTool({ name: "delete_note", arguments: { id } }))).toEqual([`deleted ${id}`]);
    // `mode` arrived in 2025-11-25; a 2025-06-18 peer must not see it.
    expect(c.elicitations).toHaveLength(1);
    expect(c.elicitations[0]).not.toHaveProperty("mode");
    expect(c.elicitations[0]).toMatchObject({ requestedSchema: { required: ["confirm"] } });
  });

  it("an SDK offering only 2025-03-26 (not served by notes) is answered with a served revision and gives up", async () => {
    const error = await connect("stdio", "legacy", { supportedProtocolVersions: ["2025-03-26"] }).then(
      () => undefined,
      (e: unknown) => e,
    );
    // The server answers initialize with its own preferred legacy revision (2025-11-25 lifecycle
    // § Version Negotiation); the SDK does not support it and disconnects.
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe("Server's protocol version is not supported: 2025-11-25");
  });
});
