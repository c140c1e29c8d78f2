// Issue 21 #11: no connection cap, headers trickled at 1 B/s held for 90 s, a body for 330 s,
// and 1,030 idle sockets made normal requests fail. listenHttp now applies header, request and
// keep-alive timeouts and total and per-client connection caps.
import type { Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenHttp } from "../../packages/runtime/src/http/node.js";
import { createMcpServer } from "../../packages/runtime/src/server/server.js";
import { envelope, testDefinition } from "../runtime/helpers/definition.js";
import { modernHeaders, rawRequest } from "../runtime/helpers/http.js";
import { LEGACY_INIT, rawSocket, sleep, startHostileServer, type HostileServer } from "./helpers/http-server.js";

let server: HostileServer;
beforeAll(async () => {
  server = await startHostileServer(testDefinition(), {}, { headersTimeoutMs: 500, requestTimeoutMs: 1000, maxConnectionsPerClient: 20 });
});
afterAll(() => server.close());

/** Resolves with the ms until the server closed the socket (or `giveUpMs` if it never did). */
function closedWithin(socket: Socket, giveUpMs: number): Promise<number> {
  const started = Date.now();
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(giveUpMs), giveUpMs);
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(Date.now() - started);
    });
    socket.resume();
  });
}

/** Writes `text` one byte every `everyMs` until the socket closes. */
function trickle(socket: Socket, text: string, everyMs: number): void {
  let i = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || i >= text.length) return clearInterval(timer);
    socket.write(text[i++] as string);
  }, everyMs);
}

const discover = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "server/discover", params: { _meta: envelope() } });

describe("slow and idle connections (#11)", () => {
  it("closes a connection whose headers trickle in, within the header timeout", async () => {
    const socket = await rawSocket(server.listening.port);
    trickle(socket, `POST /mcp HTTP/1.1\r\nhost: localhost\r\nx-slow: ${"a".repeat(2000)}`, 100);
    expect(await closedWithin(socket, 8000)).toBeLessThan(3000);
  });

  it("closes a connection whose body trickles in, within the request timeout", async () => {
    const socket = await rawSocket(server.listening.port);
    const head = Object.entries(modernHeaders("server/discover")).map(([k, v]) => `${k}: ${v}`).join("\r\n");
    socket.write(`POST /mcp HTTP/1.1\r\nhost: localhost\r\n${head}\r\ncontent-length: ${discover.length}\r\n\r\n`);
    trickle(socket, discover, 100);
    expect(await closedWithin(socket, 8000)).toBeLessThan(3500);
  });

  it("closes idle connections that never send a request", async () => {
    const sockets = await Promise.all(Array.from({ length: 10 }, () => rawSocket(server.listening.port)));
    const times = await Promise.all(sockets.map((s) => closedWithin(s, 8000)));
    expect(Math.max(...times)).toBeLessThan(3000);
  });

  it("at the total cap a new connection displaces the oldest idle one, so normal calls are served", async () => {
    const capped = await startHostileServer(testDefinition(), {}, { maxConnections: 50 });
    try {
      const idle = await Promise.all(Array.from({ length: 60 }, () => rawSocket(capped.listening.port)));
      const closed = await Promise.all(idle.map((s) => closedWithin(s, 300)));
      expect(closed.filter((ms) => ms < 300).length).toBe(10);
      const started = Date.now();
      const ok = await rawRequest(capped.url, { headers: modernHeaders("server/discover"), body: discover });
      expect(ok.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(1000);
      for (const socket of idle) socket.destroy();
    } finally {
      await capped.close();
    }
  });

  it("never displaces a busy connection (an open SSE stream)", async () => {
    const capped = await startHostileServer(testDefinition(), {}, { maxConnectionsPerClient: 5 });
    try {
      const init = await rawRequest(capped.url, { headers: { "content-type": "application/json" }, body: LEGACY_INIT });
      const stream = await rawSocket(capped.listening.port, "127.0.0.6");
      let seen = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => (seen += chunk));
      stream.write(`GET /mcp HTTP/1.1\r\nhost: localhost\r\naccept: text/event-stream\r\nmcp-session-id: ${String(init.headers["mcp-session-id"])}\r\n\r\n`);
      await sleep(100);
      const idle = await Promise.all(Array.from({ length: 8 }, () => rawSocket(capped.listening.port, "127.0.0.6")));
      await sleep(100);
      capped.mcp.notifyToolsListChanged();
      await sleep(100);
      expect(stream.destroyed).toBe(false);
      expect(seen).toContain("notifications/tools/list_changed");
      for (const socket of [stream, ...idle]) socket.destroy();
    } finally {
      await capped.close();
    }
  });

  it("caps connections per client address without refusing other clients", async () => {
    const flood = await Promise.all(Array.from({ length: 30 }, () => rawSocket(server.listening.port, "127.0.0.2")));
    const closed = await Promise.all(flood.map((s) => closedWithin(s, 300)));
    expect(closed.filter((ms) => ms < 300).length).toBe(10);
    const ok = await rawRequest(server.url, { headers: modernHeaders("server/discover"), body: discover });
    expect(ok.status).toBe(200);
    for (const socket of flood) socket.destroy();
  });

  it("does not apply the request timeout to a long-lived SSE response", async () => {
    const init = await rawRequest(server.url, { headers: { "content-type": "application/json" }, body: LEGACY_INIT });
    const session = String(init.headers["mcp-session-id"]);
    const socket = await rawSocket(server.listening.port);
    let seen = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (seen += chunk));
    socket.write(`GET /mcp HTTP/1.1\r\nhost: localhost\r\naccept: text/event-stream\r\nmcp-session-id: ${session}\r\n\r\n`);
    await sleep(2500);
    server.mcp.notifyToolsListChanged();
    await sleep(100);
    socket.destroy();
    expect(seen).toContain("notifications/tools/list_changed");
  });

  it("uses sane timeout defaults, far below node's 60 s / 300 s", async () => {
    const listening = await listenHttp(createMcpServer(testDefinition()), { port: 0 });
    try {
      const s = listening.server;
      expect([s.headersTimeout, s.requestTimeout, s.keepAliveTimeout]).toEqual([10_000, 30_000, 5_000]);
    } finally {
      await listening.close();
    }
  });
});
