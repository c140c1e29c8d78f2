// Issue 21 #5: a client that stops reading its SSE stream (modern subscriptions/listen or the
// legacy GET stream) made the server buffer everything (60 → 1,189 MiB after 1 GB). Each stream
// now holds at most maxStreamBufferBytes unsent; past it the stream is cut and onError told why.
import type { Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFetchHandler } from "../../packages/runtime/src/http/fetch.js";
import { createMcpServer } from "../../packages/runtime/src/server/server.js";
import { envelope, testDefinition } from "../runtime/helpers/definition.js";
import { modernHeaders, rawRequest } from "../runtime/helpers/http.js";
import { eventually, LEGACY_INIT, rawSocket, sleep, startHostileServer, type HostileServer } from "./helpers/http-server.js";

const PADDING = "x".repeat(8 * 1024);
const URI = `test://a/${PADDING}`;
const TOTAL_BYTES = 160 * 1024 * 1024;
const LIMIT = 1024 * 1024;

let server: HostileServer;
beforeAll(async () => {
  server = await startHostileServer(testDefinition(), { limits: { maxStreamBufferBytes: LIMIT } });
});
afterAll(() => server.close());

/** Sends a raw request and never reads the response (the socket is paused at once). */
async function stalledRequest(head: string, body = ""): Promise<Socket> {
  const socket = await rawSocket(server.listening.port);
  socket.pause();
  socket.on("error", () => {});
  socket.write(`${head}\r\nhost: localhost\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  return socket;
}

/** Publishes ~TOTAL_BYTES of resource updates, yielding so sockets can flush; returns peak RSS growth. */
async function flood(): Promise<number> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const count = Math.ceil(TOTAL_BYTES / URI.length);
  for (let i = 0; i < count; i++) {
    server.mcp.notifyResourceUpdated(URI);
    if (i % 256 === 0) {
      await new Promise((resolve) => setImmediate(resolve));
      peak = Math.max(peak, process.memoryUsage().rss);
    }
  }
  await sleep(50);
  return Math.max(peak, process.memoryUsage().rss) - before;
}

const slowConsumerReports = () => server.errors.filter((e) => e instanceof Error && e.name === "SlowConsumerError").length;

/** Floods the stalled stream on `socket`: the server must report a slow consumer and not buffer the flood. */
async function expectCutUnderFlood(socket: Socket): Promise<void> {
  await sleep(100);
  const reportsBefore = slowConsumerReports();
  const growth = await flood();
  socket.destroy();
  expect(await eventually(() => slowConsumerReports() > reportsBefore)).toBe(true);
  // 160 MiB were sent at a client that read nothing; unbounded buffering grew RSS past that.
  expect(growth).toBeLessThan(64 * 1024 * 1024);
}

describe("non-reading SSE clients (#5)", () => {
  it("cuts a legacy GET stream whose client stopped reading, with a reported reason", async () => {
    const init = await rawRequest(server.url, { headers: { "content-type": "application/json" }, body: LEGACY_INIT });
    const session = String(init.headers["mcp-session-id"]);
    const headers = { "content-type": "application/json", "mcp-session-id": session };
    await rawRequest(server.url, { headers, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "resources/subscribe", params: { uri: URI } }) });
    const socket = await stalledRequest(`GET /mcp HTTP/1.1\r\naccept: text/event-stream\r\nmcp-session-id: ${session}`);
    await expectCutUnderFlood(socket);
  });

  it("cuts a modern subscriptions/listen stream whose client stopped reading", async () => {
    const body = JSON.stringify({ jsonrpc: "2.0", id: 7, method: "subscriptions/listen", params: { notifications: { resourceSubscriptions: ["test://a"] }, _meta: envelope() } });
    const head = Object.entries(modernHeaders("subscriptions/listen")).map(([k, v]) => `${k}: ${v}`).join("\r\n");
    const socket = await stalledRequest(`POST /mcp HTTP/1.1\r\n${head}`, body);
    await expectCutUnderFlood(socket);
  });

  it("cuts a fetch-handler listen stream whose body is never read", async () => {
    const errors: unknown[] = [];
    const mcp = createMcpServer(testDefinition(), { limits: { maxStreamBufferBytes: LIMIT }, onError: (e) => errors.push(e) });
    const handler = createFetchHandler(mcp);
    const body = JSON.stringify({ jsonrpc: "2.0", id: 8, method: "subscriptions/listen", params: { notifications: { resourceSubscriptions: ["test://a"] }, _meta: envelope() } });
    const response = await handler(new Request("http://localhost/mcp", { method: "POST", headers: modernHeaders("subscriptions/listen"), body }));
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    for (let i = 0; i < (4 * LIMIT) / URI.length; i++) mcp.notifyResourceUpdated(URI);
    expect(errors.filter((e) => e instanceof Error && e.name === "SlowConsumerError").length).toBe(1);
    mcp.close();
  });

  it("keeps serving a client that reads while a stalled one is cut", async () => {
    const ping = await rawRequest(server.url, { headers: modernHeaders("server/discover"), body: JSON.stringify({ jsonrpc: "2.0", id: 9, method: "server/discover", params: { _meta: envelope() } }) });
    expect(ping.status).toBe(200);
  });
});
