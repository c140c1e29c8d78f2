// The HTTP+SSE transport's edges, on the wire: the endpoint event, 202 answers with the response
// on the stream, the Host/Origin guards (403), unknown and missing sessions (404/400), bad
// bodies (415/413/400), keep-alive comments, the session cap, and cleanup when the client
// disconnects (the session's URL 404s and its slot is free again).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INITIALIZE, openStream, postJson, raw, startNotes, type OpenStream } from "./support.js";

let notes: Awaited<ReturnType<typeof startNotes>>;
const streams: OpenStream[] = [];

beforeAll(async () => {
  notes = await startNotes({ limits: { keepAliveMs: 100, maxSessionsPerClient: 3, maxBodyBytes: 4096 } });
});
afterAll(async () => {
  for (const stream of streams.splice(0)) stream.destroy();
  await notes?.close();
});

async function open(headers: Record<string, string> = {}): Promise<OpenStream> {
  const stream = await openStream(`${notes.base}/sse`, headers);
  streams.push(stream);
  return stream;
}

async function initialized(): Promise<{ stream: OpenStream; endpoint: string }> {
  const stream = await open();
  const endpoint = await stream.endpoint();
  expect((await postJson(endpoint, INITIALIZE)).status).toBe(202);
  await stream.waitFor(/"id":1,"result":\{"protocolVersion"/);
  expect((await postJson(endpoint, { jsonrpc: "2.0", method: "notifications/initialized" })).status).toBe(202);
  return { stream, endpoint };
}

/** Polls until `check` passes (cleanup happens when the server sees the socket close). */
async function eventually(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("condition not reached in time");
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("HTTP+SSE transport on the wire", () => {
  it("opens with an endpoint event naming the message path and a session id; answers ride the stream", async () => {
    const stream = await open();
    expect(stream.status).toBe(200);
    expect(stream.headers["content-type"]).toBe("text/event-stream");
    const endpoint = await stream.endpoint();
    expect(endpoint).toMatch(new RegExp(`^${notes.base}/messages\\?sessionId=[0-9a-f]{32}$`));
    const accepted = await postJson(endpoint, INITIALIZE);
    expect(accepted.status).toBe(202);
    expect(accepted.body).toBe("");
    const [frame] = await stream.waitFor(/event: message\ndata: (\{"jsonrpc":"2\.0","id":1,.*\})\n\n/);
    const reply = JSON.parse(frame.split("data: ")[1] as string) as { result: { protocolVersion: string; serverInfo: { name: string } } };
    expect(reply.result.serverInfo.name).toBe("notes");
    expect(reply.result.protocolVersion).toBe("2025-11-25"); // 2024-11-05 is not among notes' revisions: the preferred one
    await postJson(endpoint, { jsonrpc: "2.0", method: "notifications/initialized" });
    expect((await postJson(endpoint, { jsonrpc: "2.0", id: 2, method: "tools/list" })).status).toBe(202);
    await stream.waitFor(/"id":2,"result":\{"tools":\[/);
    stream.destroy();
  });

  it("sends keep-alive comments while idle", async () => {
    const stream = await open();
    await stream.endpoint();
    await stream.waitFor(/: keepalive\n\n[\s\S]*: keepalive\n\n/, 3000);
    stream.destroy();
  });

  it("refuses a foreign Host or Origin with 403 on both paths", async () => {
    const badHost = await raw(`${notes.base}/sse`, { headers: { host: "evil.example:80", accept: "text/event-stream" } });
    expect(badHost.status).toBe(403);
    expect(JSON.parse(badHost.body)).toMatchObject({ error: { code: -32600, message: expect.stringContaining("Host or Origin") } });
    const badOrigin = await raw(`${notes.base}/sse`, { headers: { origin: "https://evil.example", accept: "text/event-stream" } });
    expect(badOrigin.status).toBe(403);
    const { endpoint, stream } = await initialized();
    const post = await postJson(endpoint, { jsonrpc: "2.0", id: 3, method: "tools/list" }, { host: "evil.example" });
    expect(post.status).toBe(403);
    const postOrigin = await postJson(endpoint, { jsonrpc: "2.0", id: 3, method: "tools/list" }, { origin: "http://evil.example" });
    expect(postOrigin.status).toBe(403);
    // Nothing reached the session: no answer with id 3 on its stream.
    await new Promise((r) => setTimeout(r, 100));
    expect(stream.text).not.toContain('"id":3');
    stream.destroy();
  });

  it("answers an unknown session 404 and a missing one 400, with JSON-RPC error bodies", async () => {
    const unknown = await postJson(`${notes.base}/messages?sessionId=${"0".repeat(32)}`, INITIALIZE);
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body)).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32600, message: "Session not found" } });
    const missing = await postJson(`${notes.base}/messages`, INITIALIZE);
    expect(missing.status).toBe(400);
    expect(JSON.parse(missing.body).error.message).toContain("sessionId");
  });

  it("refuses bad bodies on the POST: 415, 413, 400 (parse error and invalid message), 405 for other methods", async () => {
    const { endpoint, stream } = await initialized();
    const text = await raw(endpoint, { method: "POST", headers: { "content-type": "text/plain" }, body: "{}" });
    expect(text.status).toBe(415);
    const big = await postJson(endpoint, { jsonrpc: "2.0", id: 9, method: "tools/call", params: { name: "add_note", arguments: { title: "x", body: "y".repeat(8000) } } });
    expect(big.status).toBe(413);
    const broken = await postJson(endpoint, "{not json");
    expect(broken.status).toBe(400);
    expect(JSON.parse(broken.body).error.code).toBe(-32700);
    const invalid = await postJson(endpoint, { jsonrpc: "1.0", id: 10, method: 5 });
    expect(invalid.status).toBe(400);
    expect(JSON.parse(invalid.body).error.code).toBe(-32600);
    const batch = await postJson(endpoint, [{ jsonrpc: "2.0", id: 11, method: "tools/list" }]);
    expect(batch.status).toBe(400); // 2025-11-25 has no batches
    expect((await raw(endpoint, { method: "GET" })).status).toBe(405);
    expect((await raw(`${notes.base}/sse`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).status).toBe(405);
    stream.destroy();
  });

  it("cleans a session up when its client disconnects: its URL 404s and its slot is free again", async () => {
    // maxSessionsPerClient is 3: three sessions in use fill it (unused ones would be evicted instead).
    const held = [await initialized(), await initialized(), await initialized()];
    const refused = await raw(`${notes.base}/sse`, { headers: { accept: "text/event-stream" } });
    expect(refused.status).toBe(503);
    const [first, ...rest] = held;
    first!.stream.destroy();
    await eventually(async () => (await postJson(first!.endpoint, { jsonrpc: "2.0", id: 5, method: "tools/list" })).status === 404);
    const again = await initialized();
    for (const { stream } of [...rest, again]) stream.destroy();
    // Every one of them goes: 404 on each URL, and three new sessions fit again.
    for (const { endpoint } of [...rest, again]) {
      await eventually(async () => (await postJson(endpoint, { jsonrpc: "2.0", id: 6, method: "tools/list" })).status === 404);
    }
    const fresh = [await initialized(), await initialized(), await initialized()];
    for (const { stream } of fresh) stream.destroy();
  });

  it("closing the server ends open streams and their sessions", async () => {
    const other = await startNotes();
    const stream = await openStream(`${other.base}/sse`);
    await stream.endpoint();
    await other.close();
    await stream.closed;
  });
});

describe("sse option", () => {
  it("refuses paths that clash or are not plain absolute paths, at start-up", async () => {
    await expect(startNotes({}, { sse: { path: "/mcp" } })).rejects.toThrow(/differ from the MCP path/);
    await expect(startNotes({}, { sse: { path: "/same", messagesPath: "/same" } })).rejects.toThrow(/must differ/);
    await expect(startNotes({}, { sse: { messagesPath: "messages?x=1" } })).rejects.toThrow(/absolute paths/);
  });
});
