// Legacy-session behaviour over the HTTP+SSE transport, with the runtime's test definition: a
// 2025-03-26 session's batch (one array event), batches refused on 2025-11-25, cancellation by
// notifications/cancelled (the handler aborts, no response follows), a disconnect aborting the
// in-flight handler, and a modern-only server offering no HTTP+SSE transport.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenHttp, type ListeningServer } from "../../packages/runtime/src/http/node.js";
import { createMcpServer } from "../../packages/runtime/src/server/server.js";
import { MODERN, testDefinition } from "../runtime/helpers/definition.js";
import { INITIALIZE, openStream, postJson, raw, type OpenStream } from "./support.js";

const probe = { aborted: 0, started: 0 };
let listening: ListeningServer;
let base = "";
const streams: OpenStream[] = [];

beforeAll(async () => {
  listening = await listenHttp(createMcpServer(testDefinition(probe)), { port: 0, sse: true });
  base = `http://127.0.0.1:${listening.port}`;
});
afterAll(async () => {
  for (const stream of streams.splice(0)) stream.destroy();
  await listening?.close();
});

async function session(protocolVersion: string): Promise<{ stream: OpenStream; endpoint: string }> {
  const stream = await openStream(`${base}/sse`);
  streams.push(stream);
  const endpoint = await stream.endpoint();
  await postJson(endpoint, { ...INITIALIZE, params: { ...INITIALIZE.params, protocolVersion } });
  await stream.waitFor(new RegExp(`"id":1,"result":\\{"protocolVersion":"${protocolVersion}"`));
  await postJson(endpoint, { jsonrpc: "2.0", method: "notifications/initialized" });
  return { stream, endpoint };
}

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not reached in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("legacy sessions over HTTP+SSE", () => {
  it("answers a 2025-03-26 batch with one array event, and refuses batches on 2025-11-25", async () => {
    const old = await session("2025-03-26");
    const batch = [
      { jsonrpc: "2.0", id: 2, method: "ping" },
      { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "echo", arguments: { text: "in a batch" } } },
    ];
    expect((await postJson(old.endpoint, batch)).status).toBe(202);
    const [, array] = await old.stream.waitFor(/event: message\ndata: (\[.*\])\n\n/);
    const replies = JSON.parse(array as string) as Array<{ id: number; result: Record<string, unknown> }>;
    expect(replies.map((r) => r.id)).toEqual([2, 3]);
    expect(replies[1]?.result).toMatchObject({ content: [{ type: "text", text: "in a batch" }] });
    const current = await session("2025-11-25");
    const refused = await postJson(current.endpoint, batch);
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body).error.message).toContain("batches");
  });

  it("cancels a running call on notifications/cancelled and sends no response for it", async () => {
    const { stream, endpoint } = await session("2025-11-25");
    const before = probe.aborted;
    expect((await postJson(endpoint, { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "wait_for_cancel", arguments: {} } })).status).toBe(202);
    await until(() => probe.started > 0);
    expect((await postJson(endpoint, { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 7, reason: "user" } })).status).toBe(202);
    await until(() => probe.aborted === before + 1);
    // Something after it does arrive, so the absence of id 7 is not just slowness.
    await postJson(endpoint, { jsonrpc: "2.0", id: 8, method: "ping" });
    await stream.waitFor(/"id":8,"result":\{\}/);
    expect(stream.text).not.toContain('"id":7');
  });

  it("aborts the in-flight handler when the client disconnects", async () => {
    const { stream, endpoint } = await session("2025-11-25");
    const started = probe.started;
    const before = probe.aborted;
    await postJson(endpoint, { jsonrpc: "2.0", id: 9, method: "tools/call", params: { name: "wait_for_cancel", arguments: {} } });
    await until(() => probe.started === started + 1);
    stream.destroy();
    await until(() => probe.aborted === before + 1);
  });

  it("is not offered by a modern-only server (404, JSON-RPC body)", async () => {
    const modern = await listenHttp(createMcpServer({ ...testDefinition(), revisions: [MODERN] }), { port: 0, sse: true });
    try {
      const answer = await raw(`http://127.0.0.1:${modern.port}/sse`, { headers: { accept: "text/event-stream" } });
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.body).error.message).toContain("no legacy-era revision");
    } finally {
      await modern.close();
    }
  });
});
