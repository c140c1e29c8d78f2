// /healthz and /readyz (issue 17 #2): answered beside the MCP path on both adapters, outside the
// Host guard; readiness follows the drain, the operator's check and — with a real redis-server
// as the shared state — the Redis connection: stopped Redis means not ready, yet alive.
import { request } from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { createRedisCoordination } from "../../packages/redis/src/index.js";
import { createFetchHandler } from "../../packages/runtime/src/http/fetch.js";
import { listenHttp, type ListeningServer } from "../../packages/runtime/src/http/node.js";
import { createMcpServer } from "../../packages/runtime/src/server/server.js";
import { freePort, RedisServer, SHARED_KEYS } from "../scale/helpers/cluster.js";
import { operationsDefinition } from "./helpers.js";

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function statusWithHost(port: number, path: string, method: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, method, headers: { host: "10.1.2.3:8080", "content-type": "application/json" } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
    req.end(method === "POST" ? "{}" : undefined);
  });
}

async function probe(url: string, init: RequestInit = {}) {
  const response = await fetch(url, init);
  const text = await response.text();
  return { status: response.status, body: text === "" ? undefined : JSON.parse(text), headers: response.headers };
}

describe("health and readiness", () => {
  it("answers on the node adapter, for any Host, with GET and HEAD only", async () => {
    let ok = true;
    const listening = await listenHttp(createMcpServer(operationsDefinition(), { health: { ready: () => ok } }), { port: 0 });
    cleanups.push(() => listening.close());
    const base = `http://127.0.0.1:${listening.port}`;
    expect(await probe(`${base}/healthz`)).toMatchObject({ status: 200, body: { status: "ok" } });
    expect(await probe(`${base}/readyz`)).toMatchObject({ status: 200, body: { status: "ready" } });
    // A pod-address Host that the MCP path's guard refuses: probes still answer.
    // (fetch may not set Host, so node:http does.)
    expect(await statusWithHost(listening.port, "/healthz", "GET")).toBe(200);
    expect(await statusWithHost(listening.port, "/mcp", "POST")).toBe(403);
    const head = await fetch(`${base}/readyz`, { method: "HEAD" });
    expect([head.status, await head.text()]).toEqual([200, ""]);
    expect((await fetch(`${base}/readyz`, { method: "POST" })).status).toBe(405);
    ok = false;
    expect(await probe(`${base}/readyz`)).toMatchObject({ status: 503, body: { status: "unavailable", reason: "readiness check failed" } });
    expect((await probe(`${base}/healthz`)).status).toBe(200);
  });

  it("can be switched off or moved", async () => {
    const off = await listenHttp(createMcpServer(operationsDefinition(), { health: { enabled: false } }), { port: 0 });
    cleanups.push(() => off.close());
    expect((await fetch(`http://127.0.0.1:${off.port}/healthz`)).status).toBe(404);
    const moved = await listenHttp(createMcpServer(operationsDefinition(), { health: { healthPath: "/live", readyPath: "/ready" } }), { port: 0 });
    cleanups.push(() => moved.close());
    expect((await fetch(`http://127.0.0.1:${moved.port}/live`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${moved.port}/ready`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${moved.port}/healthz`)).status).toBe(404);
  });

  it("answers on the fetch adapter too, and readiness turns false once a drain began", async () => {
    const mcp = createMcpServer(operationsDefinition());
    const handler = createFetchHandler(mcp);
    expect((await handler(new Request("http://127.0.0.1/readyz"))).status).toBe(200);
    await mcp.close();
    const ready = await handler(new Request("http://127.0.0.1/readyz"));
    expect([ready.status, await ready.json()]).toEqual([503, { status: "unavailable", reason: "draining" }]);
    expect((await handler(new Request("http://127.0.0.1/healthz"))).status).toBe(200);
  });

  it("with Redis as the shared state: ready while connected, not ready (but alive) when Redis stops", async () => {
    const redis = new RedisServer(await freePort());
    await redis.start();
    cleanups.push(() => redis.stop());
    const coordination = await createRedisCoordination({ url: redis.url, onError: () => {} });
    const listening = await listenHttp(createMcpServer(operationsDefinition(), { coordination, stateKey: SHARED_KEYS.MCP_GEN_STATE_KEY, handleKey: SHARED_KEYS.MCP_GEN_HANDLE_KEY }), { port: 0 });
    cleanups.push(() => listening.close());
    const base = `http://127.0.0.1:${listening.port}`;
    expect((await probe(`${base}/readyz`)).status).toBe(200);
    await redis.stop();
    // ioredis notices the closed socket within a moment; poll for it rather than guess a delay.
    let ready = await probe(`${base}/readyz`);
    for (let i = 0; i < 50 && ready.status === 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      ready = await probe(`${base}/readyz`);
    }
    expect(ready).toMatchObject({ status: 503, body: { reason: "coordination unavailable" } });
    expect((await probe(`${base}/healthz`)).status).toBe(200);
    // Back up: ready again once ioredis reconnected.
    await redis.start();
    for (let i = 0; i < 60 && ready.status !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      ready = await probe(`${base}/readyz`);
    }
    expect(ready.status).toBe(200);
  });
});
