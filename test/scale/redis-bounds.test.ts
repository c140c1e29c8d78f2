// Nothing leaks in Redis (issue 13): a legacy session is a hash whose TTL is the idle expiry, and
// each stream's event log is trimmed by count (MAXLEN) and age (MINID) and expires with its age.
// In-process servers on a real redis-server, with small limits so the bounds show in seconds.
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRedisCoordination, type RedisCoordination } from "../../packages/redis/src/index.js";
import { listenHttp, type ListeningServer } from "../../packages/runtime/src/http/node.js";
import { createMcpServer, type McpServer } from "../../packages/runtime/src/server/server.js";
import { testDefinition } from "../runtime/helpers/definition.js";
import { freePort, RedisServer } from "./helpers/cluster.js";
import { legacySession, stream, waitFor } from "./helpers/wire.js";

const KEYS = { stateKey: "s".repeat(32), handleKey: "h".repeat(32) };
let redis: RedisServer;
let probe: Redis;
let coordination: RedisCoordination;
let server: McpServer;
let listening: ListeningServer;

beforeAll(async () => {
  redis = new RedisServer(await freePort());
  await redis.start();
  probe = new Redis(redis.url);
  coordination = await createRedisCoordination({ url: redis.url, prefix: "bounds", maxStreamEvents: 20, maxStreamAgeMs: 1500 });
  server = createMcpServer(testDefinition(), { ...KEYS, coordination, limits: { sessionIdleMs: 800 } });
  listening = await listenHttp(server, { port: 0 });
}, 30_000);
afterAll(async () => {
  await listening?.close();
  probe?.disconnect();
  await redis?.stop();
});

describe("Redis state stays bounded", () => {
  it("an idle session's hash expires (and the session 404s); activity pushes the expiry out", async () => {
    const client = await legacySession(listening.url);
    const key = `bounds:session:{${client.session}}`;
    expect(await probe.exists(key)).toBe(1);
    const ttl = await probe.pttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(800);
    for (let i = 0; i < 4; i++) {
      await new Promise((r) => setTimeout(r, 400));
      expect((await client.call({ method: "ping" })).result).toEqual({});
    }
    await new Promise((r) => setTimeout(r, 1200));
    expect(await probe.exists(key)).toBe(0);
    const after = stream(listening.url, { headers: client.headers, body: JSON.stringify({ jsonrpc: "2.0", id: 9, method: "ping" }) });
    expect(await after.status).toBe(404);
  });

  it("a stream's event log keeps at most maxStreamEvents entries and expires after maxStreamAgeMs", async () => {
    const client = await legacySession(listening.url);
    await client.call({ method: "resources/subscribe", params: { uri: "test://a" } });
    const get = stream(listening.url, { method: "GET", headers: client.headers });
    await waitFor(() => get.events.length > 0, 5000, "priming event");
    for (let i = 0; i < 100; i++) server.notifyResourceUpdated("test://a");
    await waitFor(() => get.events.length >= 101, 5000, "all delivered");
    const streamId = String(get.events[0]?.id).split(".")[0] as string;
    const key = `bounds:stream:{${streamId}}`;
    await new Promise((r) => setTimeout(r, 100));
    expect(await probe.xlen(key)).toBe(20);
    expect(await probe.hget(`${key}:meta`, "last")).toBe("101");
    get.close();
    await new Promise((r) => setTimeout(r, 1800));
    expect(await probe.exists(key, `${key}:meta`)).toBe(0);
  });
});
