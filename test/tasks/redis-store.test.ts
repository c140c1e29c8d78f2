// The Redis TaskStore on its own (packages/redis/src/tasks.ts), on a real redis-server: records
// expire with their TTL, a terminal record is never overwritten, an oversized result is stored as
// a failure, one owner's list index stays trimmed, principals never share an index, and changes
// reach the other stores' watchers but not the writer's own.
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRedisTaskStore, type RedisTaskStore } from "../../packages/redis/src/index.js";
import type { TaskRecord } from "../../packages/runtime/src/tasks/types.js";
import { freePort, RedisServer } from "../scale/helpers/cluster.js";

let redis: RedisServer;
let inspect: Redis;
let one: RedisTaskStore;
let two: RedisTaskStore;
let n = 0;

function record(overrides: Partial<TaskRecord> = {}): TaskRecord {
  const now = Date.now();
  return { taskId: `t${++n}-${now}`, owner: "alice", era: "modern", status: "working", createdAt: now, lastUpdatedAt: now, ttlMs: 60_000, pollIntervalMs: 100, ...overrides };
}

beforeAll(async () => {
  redis = new RedisServer(await freePort());
  await redis.start();
  inspect = new Redis(redis.url);
  one = await createRedisTaskStore({ url: redis.url, prefix: "s", maxRecordBytes: 2000, maxTasksPerOwner: 5 });
  two = await createRedisTaskStore({ url: redis.url, prefix: "s", maxRecordBytes: 2000, maxTasksPerOwner: 5 });
}, 30_000);

afterAll(async () => {
  one?.close();
  two?.close();
  inspect?.disconnect();
  await redis?.stop();
});

describe("Redis task store", () => {
  it("create then get on another store; the key's TTL is the task's", async () => {
    const r = record({ ttlMs: 5000 });
    await one.create(r);
    expect(await two.get(r.taskId)).toEqual(r);
    const ttl = await inspect.pttl(`s:task:{${r.taskId}}`);
    expect(ttl).toBeGreaterThan(4000);
    expect(ttl).toBeLessThanOrEqual(5000);
    expect(await two.get("no-such-task")).toBeUndefined();
  });

  it("an unlimited TTL is still bounded in Redis (maxTtlMs)", async () => {
    const r = record({ ttlMs: null });
    await one.create(r);
    const ttl = await inspect.pttl(`s:task:{${r.taskId}}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(7 * 24 * 60 * 60_000);
  });

  it("a terminal record is never overwritten: the update answers with the kept record", async () => {
    const r = record();
    await one.create(r);
    expect(await two.update({ ...r, status: "cancelled", statusMessage: "Cancelled by the client" })).toBeUndefined();
    const late = await one.update({ ...r, status: "completed", result: { content: [] } });
    expect(late).toMatchObject({ taskId: r.taskId, status: "cancelled" });
    expect((await two.get(r.taskId))?.status).toBe("cancelled");
  });

  it("an update never resurrects an expired or unknown record", async () => {
    const r = record();
    expect(await one.update(r)).toBeUndefined();
    expect(await one.get(r.taskId)).toBeUndefined();
  });

  it("a result over maxRecordBytes is stored as a failure (and answered as the kept record)", async () => {
    const r = record();
    await one.create(r);
    const kept = await one.update({ ...r, status: "completed", result: { content: [{ type: "text", text: "x".repeat(5000) }] } });
    expect(kept).toMatchObject({ status: "failed", error: { code: -32603, message: "Task result too large to store (over 2000 bytes)" } });
    const stored = await two.get(r.taskId);
    expect(stored?.status).toBe("failed");
    expect(stored?.result).toBeUndefined();
  });

  it("one owner's list is newest first and trimmed to maxTasksPerOwner; owners never mix", async () => {
    const owner = `dave:${n}`;
    const made: TaskRecord[] = [];
    for (let i = 0; i < 8; i++) {
      const r = record({ owner, createdAt: Date.now() + i });
      made.push(r);
      await one.create(r);
    }
    const listed = await two.listByOwner(owner, 100);
    expect(listed.map((t) => t.taskId)).toEqual(made.slice(-5).reverse().map((t) => t.taskId));
    expect(await inspect.zcard(`s:tasks:owner:=${encodeURIComponent(owner)}`)).toBe(5);
    // A principal that looks like another's key suffix gets its own index.
    expect(await two.listByOwner(`${owner}:`, 100)).toEqual([]);
    expect(await two.listByOwner(undefined, 100)).toEqual([]);
  });

  it("size() counts what every store created, minus what expired", async () => {
    const before = await two.size();
    const r = record({ ttlMs: 300 });
    await one.create(r);
    expect(await two.size()).toBe(before + 1);
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(await two.size()).toBe(before);
    expect(await two.get(r.taskId)).toBeUndefined();
  });

  it("a stored change reaches the other store's watchers, not the writer's", async () => {
    const seenByTwo: TaskRecord[] = [];
    const seenByOne: TaskRecord[] = [];
    const stopTwo = two.watch!((changed) => seenByTwo.push(changed));
    const stopOne = one.watch!((changed) => seenByOne.push(changed));
    try {
      const r = record();
      await one.create(r);
      await one.update({ ...r, status: "input_required" });
      const until = Date.now() + 2000;
      while (!seenByTwo.some((t) => t.taskId === r.taskId) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(seenByTwo.find((t) => t.taskId === r.taskId)?.status).toBe("input_required");
      expect(seenByOne.some((t) => t.taskId === r.taskId)).toBe(false);
    } finally {
      stopTwo();
      stopOne();
    }
  });
});
