// Two servers in one process sharing a createMemoryHub(): every cross-instance path of the
// coordination seams (change bus, session store, stream event log, reply router) without a
// network. The Redis + nginx tests (redis-balancer.test.ts) hold the same paths to real components.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryHub, type MemoryHub } from "../../packages/runtime/src/coordination/memory.js";
import { listenHttp, type ListeningServer } from "../../packages/runtime/src/http/node.js";
import { createMcpServer, type McpServer } from "../../packages/runtime/src/server/server.js";
import { testDefinition } from "../runtime/helpers/definition.js";
import { legacySession, modernCall, modernListen, stream, waitFor } from "./helpers/wire.js";

const KEYS = { stateKey: "s".repeat(32), handleKey: "h".repeat(32) };
let hub: MemoryHub;
const servers: McpServer[] = [];
const listening: ListeningServer[] = [];
let a: string;
let b: string;

beforeAll(async () => {
  hub = createMemoryHub({ maxEvents: 50 });
  for (let i = 0; i < 2; i++) {
    const definition = testDefinition();
    definition.tools = [
      ...(definition.tools ?? []),
      {
        name: "drop_and_finish",
        description: "Closes its stream (polling), then finishes",
        inputSchema: { type: "object" },
        async handler(_args, ctx) {
          ctx.log("info", "before drop");
          ctx.closeStream();
          await new Promise((r) => setTimeout(r, 200));
          return { content: [{ type: "text", text: "finished after drop" }] };
        },
      },
    ];
    const server = createMcpServer(definition, { ...KEYS, coordination: hub.instance() });
    servers.push(server);
    listening.push(await listenHttp(server, { port: 0 }));
  }
  [a, b] = listening.map((l) => l.url) as [string, string];
});
afterAll(async () => {
  for (const l of listening) await l.close();
});

const methodsOf = (events: { data: any }[]) => events.map((e) => e.data?.method).filter(Boolean);

describe("coordination through an in-memory hub", () => {
  it("refuses coordination without shared signing keys (a clear start-up error)", () => {
    const saved = { state: process.env.MCP_GEN_STATE_KEY, handle: process.env.MCP_GEN_HANDLE_KEY };
    delete process.env.MCP_GEN_STATE_KEY;
    delete process.env.MCP_GEN_HANDLE_KEY;
    try {
      expect(() => createMcpServer(testDefinition(), { coordination: hub.instance(), stateKey: KEYS.stateKey })).toThrow(/MCP_GEN_HANDLE_KEY/);
      expect(() => createMcpServer(testDefinition(), { coordination: hub.instance() })).toThrow(/MCP_GEN_STATE_KEY and MCP_GEN_HANDLE_KEY/);
    } finally {
      if (saved.state !== undefined) process.env.MCP_GEN_STATE_KEY = saved.state;
      if (saved.handle !== undefined) process.env.MCP_GEN_HANDLE_KEY = saved.handle;
    }
  });

  it("serves a session made on A from B, with its subscriptions, and DELETE on B ends it on A", async () => {
    const client = await legacySession(a);
    const onB = await legacySession(a); // a second session, used to check A still serves others
    expect(await stream(b, { headers: client.headers, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }) }).status).toBe(200);
    const list = await stream(b, { headers: client.headers, body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }) });
    await list.ended;
    expect(list.events[0]?.data.result.tools.length).toBeGreaterThan(0);
    const del = stream(b, { method: "DELETE", headers: client.headers });
    expect(await del.status).toBe(200);
    const afterA = stream(a, { headers: client.headers, body: JSON.stringify({ jsonrpc: "2.0", id: 3, method: "ping" }) });
    expect(await afterA.status).toBe(404);
    expect(await stream(a, { headers: onB.headers, body: JSON.stringify({ jsonrpc: "2.0", id: 4, method: "ping" }) }).status).toBe(200);
  });

  it("a change published on A reaches a legacy GET stream and a modern listen stream held by B", async () => {
    const client = await legacySession(a);
    await client.call({ method: "resources/subscribe", params: { uri: "test://a" } }); // on A
    const get = stream(b, { method: "GET", headers: client.headers });
    const listen = modernListen(b, { toolsListChanged: true, resourceSubscriptions: ["test://a"] });
    await waitFor(() => get.events.length > 0 && listen.events.length > 0, 5000, "streams open");
    (servers[0] as McpServer).notifyResourceUpdated("test://a");
    (servers[0] as McpServer).notifyToolsListChanged();
    await waitFor(() => methodsOf(get.events).length >= 2 && methodsOf(listen.events).length >= 3, 5000, "notifications on B");
    get.close();
    listen.close();
    expect(methodsOf(get.events)).toEqual(["notifications/resources/updated", "notifications/tools/list_changed"]);
    expect(methodsOf(listen.events)).toEqual(["notifications/subscriptions/acknowledged", "notifications/resources/updated", "notifications/tools/list_changed"]);
  });

  it("a server→client request asked on A is answered by POSTs that land on B", async () => {
    const client = await legacySession(a, { elicitation: {}, sampling: {} });
    const call = client.post({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "confirm_delete", arguments: { id: "x" } } });
    const answer = async (method: string, result: object) => {
      await waitFor(() => call.events.some((e) => e.data?.method === method), 5000, method);
      const asked = call.events.find((e) => e.data?.method === method)?.data;
      const reply = stream(b, { headers: client.headers, body: JSON.stringify({ jsonrpc: "2.0", id: asked.id, result }) });
      expect(await reply.status).toBe(202);
    };
    await answer("elicitation/create", { action: "accept", content: { ok: true } });
    await answer("sampling/createMessage", { role: "assistant", content: { type: "text", text: "because" }, model: "m" });
    await call.ended;
    expect(call.events.at(-1)?.data.result.content[0].text).toBe('ok={"ok":true} reason={"type":"text","text":"because"}');
  });

  it("resumes A's GET stream on B after A stopped delivering, and B then delivers new notifications", async () => {
    const client = await legacySession(a);
    await client.call({ method: "resources/subscribe", params: { uri: "test://a" } });
    const first = stream(a, { method: "GET", headers: client.headers });
    await waitFor(() => first.events.length > 0, 5000, "priming event");
    (servers[1] as McpServer).notifyResourceUpdated("test://a"); // published on B, delivered by A
    await waitFor(() => methodsOf(first.events).length === 1, 5000, "first notification");
    first.close();
    (servers[0] as McpServer).notifyToolsListChanged(); // while nobody is attached
    await new Promise((r) => setTimeout(r, 30));
    const lastSeen = first.events.at(-1)?.id as string;
    const resumed = stream(b, { method: "GET", headers: { ...client.headers, "last-event-id": lastSeen } });
    expect(await resumed.status).toBe(200);
    await waitFor(() => methodsOf(resumed.events).length === 1, 5000, "missed event replayed");
    (servers[0] as McpServer).notifyResourceUpdated("test://a"); // now B holds the stream
    await waitFor(() => methodsOf(resumed.events).length === 2, 5000, "live event after takeover");
    resumed.close();
    expect(methodsOf(resumed.events)).toEqual(["notifications/tools/list_changed", "notifications/resources/updated"]);
    const seqs = [lastSeen, ...resumed.events.map((e) => e.id as string)].map((id) => Number(id.split(".").pop()));
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
    expect(new Set(seqs).size).toBe(seqs.length);
  });

  it("a handle minted on A opens on B, and MRTR state sealed on A is accepted on B (shared keys)", async () => {
    const opened = await modernCall(a, "tools/call", { name: "open_cart", arguments: {} });
    const handle = opened.result.content[0].text as string;
    const added = await modernCall(b, "tools/call", { name: "add_item", arguments: { cart: handle, sku: "mug" } });
    expect(added.result.content[0].text).toBe("added mug to 7");
    const caps = { elicitation: {}, sampling: {} };
    const round1 = await modernCall(a, "tools/call", { name: "confirm_delete", arguments: { id: "x" } }, caps);
    expect(round1.result.resultType).toBe("input_required");
    const round2 = await modernCall(b, "tools/call", { name: "confirm_delete", arguments: { id: "x" }, requestState: round1.result.requestState, inputResponses: { confirm: { action: "accept", content: { ok: true } } } }, caps);
    expect(round2.result.resultType).toBe("input_required");
    expect(Object.keys(round2.result.inputRequests)).toEqual(["reason"]);
    const round3 = await modernCall(a, "tools/call", { name: "confirm_delete", arguments: { id: "x" }, requestState: round2.result.requestState, inputResponses: { reason: { role: "assistant", content: { type: "text", text: "r" }, model: "m" } } }, caps);
    expect(round3.result.content[0].text).toBe('ok={"ok":true} reason={"type":"text","text":"r"}');
  });

  it("a POST stream A dropped for polling resumes on B, which follows it until A sends the result", async () => {
    const client = await legacySession(a);
    const call = client.post({ jsonrpc: "2.0", id: 11, method: "tools/call", params: { name: "drop_and_finish", arguments: {} } });
    await call.ended; // the server closed the stream (2025-11-25 basic/transports § Resumability)
    expect(call.events.at(-1)?.data?.method).toBe("notifications/message");
    const resumed = stream(b, { method: "GET", headers: { ...client.headers, "last-event-id": call.events.at(-1)?.id as string } });
    expect(await resumed.status).toBe(200);
    await resumed.ended;
    expect(resumed.events.map((e) => e.data?.result?.content?.[0]?.text)).toEqual(["finished after drop"]);
  });

  it("404s a Last-Event-ID of another session's stream", async () => {
    const owner = await legacySession(a);
    const other = await legacySession(a);
    const get = stream(a, { method: "GET", headers: owner.headers });
    await waitFor(() => get.events.length > 0, 5000, "priming event");
    get.close();
    const stolen = stream(b, { method: "GET", headers: { ...other.headers, "last-event-id": get.events[0]?.id as string } });
    expect(await stolen.status).toBe(404);
  });

  it("keeps each stream's log bounded by count", async () => {
    const client = await legacySession(a);
    await client.call({ method: "resources/subscribe", params: { uri: "test://a" } });
    const get = stream(a, { method: "GET", headers: client.headers });
    await waitFor(() => get.events.length > 0, 5000, "priming event");
    for (let i = 0; i < 120; i++) (servers[0] as McpServer).notifyResourceUpdated("test://a");
    await waitFor(() => get.events.length >= 121, 5000, "all delivered");
    get.close();
    const events = hub.instance().events;
    const log = await events.read(String(get.events[0]?.id).split(".")[0] as string, 0);
    expect(log?.lastSeq).toBe(121);
    expect(log?.events.length).toBe(50);
    expect(log?.events[0]?.seq).toBe(72);
  });
});
