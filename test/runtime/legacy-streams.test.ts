// Legacy Streamable HTTP details: the GET stream for unsolicited notifications, resumption of a
// POST stream with Last-Event-ID, 2025-03-26 batches, and the session log level.
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpClientTransport } from "../../packages/runtime/src/client/transport/http.js";
import type { JsonRpcMessage } from "../../packages/runtime/src/core/jsonrpc/message.js";
import { listenHttp, type ListeningServer } from "../../packages/runtime/src/http/node.js";
import { ResumableStream } from "../../packages/runtime/src/http/resumable-stream.js";
import { createMcpServer, type McpServer } from "../../packages/runtime/src/server/server.js";
import { testDefinition } from "./helpers/definition.js";
import { messagesOf, rawRequest } from "./helpers/http.js";

let mcp: McpServer;
let listening: ListeningServer;

beforeAll(async () => {
  const definition = testDefinition();
  definition.tools = [
    ...(definition.tools ?? []),
    {
      name: "drop_and_finish",
      description: "Closes its stream, then finishes",
      inputSchema: { type: "object" },
      async handler(_args, ctx) {
        ctx.log("info", "before drop");
        ctx.closeStream();
        await new Promise((r) => setTimeout(r, 150));
        return { content: [{ type: "text", text: "finished after drop" }] };
      },
    },
  ];
  definition.capabilities = { ...definition.capabilities, extensions: { "io.example/trace": { level: 1 } } };
  mcp = createMcpServer(definition);
  listening = await listenHttp(mcp, { port: 0 });
});
afterAll(() => listening.close());

async function session(protocolVersion = "2025-11-25") {
  const response = await rawRequest(listening.url, {
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion, capabilities: {}, clientInfo: { name: "t", version: "1" } } }),
  });
  const id = String(response.headers["mcp-session-id"]);
  return { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-session-id": id };
}

function openStream(headers: Record<string, string>, onData: (frames: string[]) => void): () => void {
  const req = request(listening.url, { method: "GET", headers }, (res) => {
    res.setEncoding("utf8");
    let buffer = "";
    res.on("data", (chunk: string) => {
      buffer += chunk;
      onData(buffer.split("\n\n").filter(Boolean));
    });
  });
  req.on("error", () => {});
  req.end();
  return () => req.destroy();
}

const settle = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
};

describe("legacy streams", () => {
  it("delivers list_changed and subscribed resource updates on the GET stream", async () => {
    const headers = await session();
    await rawRequest(listening.url, { headers, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "resources/subscribe", params: { uri: "test://a" } }) });
    let frames: string[] = [];
    const stop = openStream(headers, (f) => (frames = f));
    await settle(() => frames.length > 0);
    mcp.notifyToolsListChanged();
    mcp.notifyResourceUpdated("test://a");
    mcp.notifyResourceUpdated("test://not-subscribed");
    await settle(() => frames.length >= 3);
    stop();
    const methods = frames.flatMap((f) => f.split("\n")).filter((l) => l.startsWith("data: {")).map((l) => JSON.parse(l.slice(6)).method);
    expect(methods).toEqual(["notifications/tools/list_changed", "notifications/resources/updated"]);
  });

  it("tags GET-stream events with ids and replays what a reconnecting client missed", async () => {
    const headers = await session();
    let frames: string[] = [];
    let stop = openStream(headers, (f) => (frames = f));
    await settle(() => frames.length > 0);
    mcp.notifyToolsListChanged();
    await settle(() => frames.length >= 2);
    stop();
    const ids = frames.flatMap((f) => f.split("\n")).filter((l) => l.startsWith("id: ")).map((l) => l.slice(4));
    // The priming event and the notification, each with its own id.
    expect(ids.length).toBe(2);
    expect(new Set(ids).size).toBe(2);
    // Missed while disconnected:
    await new Promise((r) => setTimeout(r, 50));
    mcp.notifyPromptsListChanged();
    mcp.notifyResourcesListChanged();
    let resumed: string[] = [];
    stop = openStream({ ...headers, "last-event-id": ids[1] as string }, (f) => (resumed = f));
    await settle(() => resumed.length >= 2);
    mcp.notifyToolsListChanged();
    await settle(() => resumed.length >= 3);
    stop();
    const methods = resumed.flatMap((f) => f.split("\n")).filter((l) => l.startsWith("data: {")).map((l) => JSON.parse(l.slice(6)).method);
    expect(methods).toEqual(["notifications/prompts/list_changed", "notifications/resources/list_changed", "notifications/tools/list_changed"]);
    const unknown = await rawRequest(listening.url, { method: "GET", headers: { ...headers, "last-event-id": "nope.1" } });
    expect(unknown.status).toBe(404);
  });

  it("the runtime client's GET stream survives a dropped connection and receives what it missed", async () => {
    const transport = new HttpClientTransport({ url: listening.url });
    const received: JsonRpcMessage[] = [];
    await transport.start((message) => received.push(message));
    transport.setEra("legacy", "2025-11-25");
    await transport.request({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } } });
    transport.handshakeComplete("2025-11-25");
    await transport.notify({ jsonrpc: "2.0", method: "notifications/initialized" });
    expect(await transport.openServerStream()).toBe(true);
    const methods = () => received.map((m) => ("method" in m ? m.method : undefined));
    // The stream is attached once a notification arrives on it.
    for (let i = 0; i < 50 && received.length === 0; i++) {
      mcp.notifyToolsListChanged();
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(methods()).toContain("notifications/tools/list_changed");
    // The server drops every connection; what is published meanwhile must still arrive.
    listening.server.closeAllConnections();
    mcp.notifyPromptsListChanged();
    await settle(() => methods().includes("notifications/prompts/list_changed"));
    await transport.close();
    expect(methods()).toContain("notifications/prompts/list_changed");
  });

  it("keeps capabilities.extensions in the legacy initialize result", async () => {
    const response = await rawRequest(listening.url, {
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {} } }),
    });
    expect(JSON.parse(response.body).result.capabilities.extensions).toEqual({ "io.example/trace": { level: 1 } });
  });

  it("resumes a dropped POST stream with Last-Event-ID and replays only what was missed", async () => {
    const headers = await session();
    const first = await rawRequest(listening.url, { headers, body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "drop_and_finish", arguments: {} } }) });
    const ids = first.body.split("\n").filter((l) => l.startsWith("id: ")).map((l) => l.slice(4));
    expect(first.body).toContain("retry: ");
    expect(messagesOf(first).some((m) => m.id === 2)).toBe(false);
    const last = ids[ids.length - 1] as string;
    let frames: string[] = [];
    const stop = openStream({ ...headers, "last-event-id": last }, (f) => (frames = f));
    await settle(() => frames.some((f) => f.includes('"id":2')));
    stop();
    const replayed = frames.flatMap((f) => f.split("\n")).filter((l) => l.startsWith("data: {")).map((l) => JSON.parse(l.slice(6)));
    expect(replayed.map((m) => m.id ?? m.method)).toEqual([2]);
    expect(replayed[0].result.content[0].text).toBe("finished after drop");
  });

  it("accepts batches only on 2025-03-26 sessions", async () => {
    const batch = JSON.stringify([{ jsonrpc: "2.0", id: 1, method: "ping" }, { jsonrpc: "2.0", method: "notifications/initialized" }, { jsonrpc: "2.0", id: 2, method: "tools/list" }]);
    const old = await rawRequest(listening.url, { headers: await session("2025-03-26"), body: batch });
    const replies = JSON.parse(old.body);
    expect(replies.map((r: { id: number }) => r.id)).toEqual([1, 2]);
    const modern = await rawRequest(listening.url, { headers: await session("2025-11-25"), body: batch });
    expect([modern.status, JSON.parse(modern.body).error.code]).toEqual([400, -32600]);
    const empty = await rawRequest(listening.url, { headers: await session("2025-03-26"), body: "[]" });
    expect(empty.status).toBe(400);
  });

  it("honours logging/setLevel for the session", async () => {
    const headers = await session();
    const set = await rawRequest(listening.url, { headers, body: JSON.stringify({ jsonrpc: "2.0", id: 3, method: "logging/setLevel", params: { level: "error" } }) });
    expect(JSON.parse(set.body).result).toEqual({});
    const call = await rawRequest(listening.url, { headers, body: JSON.stringify({ jsonrpc: "2.0", id: 4, method: "tools/call", params: { name: "chatty", arguments: {} } }) });
    expect(messagesOf(call).filter((m) => m.method === "notifications/message").map((m) => m.params.level)).toEqual(["error"]);
    const bad = await rawRequest(listening.url, { headers, body: JSON.stringify({ jsonrpc: "2.0", id: 5, method: "logging/setLevel", params: { level: "loud" } }) });
    expect(JSON.parse(bad.body).error.code).toBe(-32602);
  });
});

describe("resumable stream retention", () => {
  function fakeSink() {
    const frames: string[] = [];
    let closed = false;
    const listeners: Array<() => void> = [];
    return {
      frames,
      sink: {
        write: (chunk: string) => void frames.push(chunk),
        end: () => {
          closed = true;
          for (const l of listeners.splice(0)) l();
        },
        get closed() {
          return closed;
        },
        onClose: (l: () => void) => void (closed ? l() : listeners.push(l)),
      },
    };
  }
  const seqs = (frames: string[]) => frames.map((f) => Number(/^id: [^.]+\.(\d+)/.exec(f)?.[1]));

  it("keeps the recent tail while attached, a byte-bounded backlog while detached, nothing once delivered", () => {
    const stream = new ResumableStream("s", 2000);
    const first = fakeSink();
    stream.attach(first.sink, -1, 100);
    for (let i = 0; i < 100; i++) stream.send(`{"n":${i}}`);
    expect(first.frames.length).toBe(101);
    first.sink.end();
    for (let i = 0; i < 1000; i++) stream.send(`{"n":${1000 + i}}`);
    const resumed = fakeSink();
    stream.attach(resumed.sink, 50, undefined);
    const replayed = seqs(resumed.frames);
    // Only the last 32 events sent while attached (51..101 were partly trimmed) plus the byte-bounded backlog.
    expect(replayed[replayed.length - 1]).toBe(1101);
    expect(resumed.frames.join("").length).toBeLessThanOrEqual(2000 + 100);
    expect(replayed.every((n, i) => i === 0 || n === (replayed[i - 1] as number) + 1)).toBe(true);
    stream.finish('{"done":true}');
    const after = fakeSink();
    stream.attach(after.sink, 1102, undefined);
    expect([after.frames, after.sink.closed]).toEqual([[], true]);
  });

  it("trims in constant time per event (no quadratic shifting)", () => {
    const stream = new ResumableStream("t", 4 * 1024 * 1024);
    const started = Date.now();
    for (let i = 0; i < 200_000; i++) stream.send('{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}');
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
