// Tasks in Redis (docs/tasks.md § Across instances): a task created through one instance is
// polled, updated and cancelled through any other. Each record is a hash (status, record JSON,
// running instance) that expires with the task's TTL; a sorted set per owner lists them; every
// stored change is published so listens and tasks/result elsewhere see it, and the instance
// running the task sees a cancel stored elsewhere. An instance that dies mid-task is noticed by
// its liveness key expiring: the task then reads as `failed`.
import { randomBytes } from "node:crypto";
import type { JsonObject } from "@mcp-gen/runtime/core";
import { TERMINAL_STATUSES, type TaskRecord, type TaskStore } from "@mcp-gen/runtime/server";
import type { Redis } from "ioredis";
import { Channels } from "./channels.js";
import { openConnection, type RedisConnectOptions } from "./connection.js";
import { taskKeySpace, type TaskKeySpace } from "./tasks-keys.js";

export interface RedisTaskStoreOptions extends RedisConnectOptions {
  /** Prefix of every key and channel. Default "mcp-gen". */
  prefix?: string;
  /** A command connection to share (the coordination's); the store then never closes it. */
  redis?: Redis;
  /** Largest stored record (JSON bytes); a bigger result ends the task as failed. Default 1 MiB. */
  maxRecordBytes?: number;
  /** Ids kept in one owner's tasks/list index (oldest trimmed). Default 1000. */
  maxTasksPerOwner?: number;
  /** Retention of a task whose TTL is unlimited (null): Redis still needs a bound. Default 7 days. */
  maxTtlMs?: number;
  /** An instance not heard from for this long is dead and its unfinished tasks fail. Default 15 s. */
  livenessMs?: number;
  /** Unique per instance (default: random); use the coordination's. */
  instanceId?: string;
}

export interface RedisTaskStore extends TaskStore {
  readonly instanceId: string;
}

/** What a task of a vanished instance says (crash, kill, lost network). */
export const INSTANCE_LOST = "Task lost: the server instance running it stopped responding";

// Never overwrites a terminal record (a cancel and a finish race: the first stored wins) and never
// resurrects an expired one. Returns 1 (stored and published), 0 (gone) or the kept record's JSON.
const UPDATE = `local s = redis.call('hget', KEYS[1], 's')
if not s then return 0 end
if s == 'completed' or s == 'failed' or s == 'cancelled' then return redis.call('hget', KEYS[1], 'j') end
redis.call('hset', KEYS[1], 's', ARGV[1], 'j', ARGV[2])
redis.call('publish', ARGV[3], '{"o":"' .. ARGV[4] .. '","r":' .. ARGV[2] .. '}')
return 1`;

const DAY_MS = 24 * 60 * 60_000;
const LIST_SCAN = 4;

export async function createRedisTaskStore(options: RedisTaskStoreOptions): Promise<RedisTaskStore> {
  const report = (error: unknown) => options.onError?.(error);
  const keys = taskKeySpace(options.prefix ?? "mcp-gen");
  const redis = options.redis ?? (await openConnection(options, "task command"));
  let subscriber: Redis;
  try {
    subscriber = await openConnection(options, "task subscriber");
  } catch (error) {
    if (!options.redis) redis.disconnect();
    throw error;
  }
  const store = new RedisTasks(redis, subscriber, keys, options, report, !options.redis);
  await store.start();
  return store;
}

class RedisTasks implements RedisTaskStore {
  readonly instanceId: string;
  private readonly channels: Channels;
  private readonly maxRecordBytes: number;
  private readonly maxPerOwner: number;
  private readonly maxTtlMs: number;
  private readonly livenessMs: number;
  private readonly changeListeners = new Set<(record: TaskRecord) => void>();
  private readonly inputListeners = new Set<(taskId: string, responses: JsonObject) => void>();
  private readonly stops: Array<() => void> = [];
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private closed = false;

  constructor(
    private readonly redis: Redis,
    private readonly subscriber: Redis,
    private readonly keys: TaskKeySpace,
    options: RedisTaskStoreOptions,
    private readonly report: (error: unknown) => void,
    private readonly ownsCommand: boolean,
  ) {
    this.instanceId = options.instanceId ?? randomBytes(6).toString("hex");
    this.channels = new Channels(subscriber, report);
    this.maxRecordBytes = options.maxRecordBytes ?? 1024 * 1024;
    this.maxPerOwner = options.maxTasksPerOwner ?? 1000;
    this.maxTtlMs = options.maxTtlMs ?? 7 * DAY_MS;
    this.livenessMs = options.livenessMs ?? 15_000;
  }

  async start(): Promise<void> {
    const changes = this.channels.listen(this.keys.changes, (text) => {
      const { o, r } = JSON.parse(text) as { o: string; r: TaskRecord };
      if (o !== this.instanceId) for (const listener of [...this.changeListeners]) listener(r);
    });
    const inbox = this.channels.listen(this.keys.inbox(this.instanceId), (text) => {
      const { t, x } = JSON.parse(text) as { t: string; x: JsonObject };
      for (const listener of [...this.inputListeners]) listener(t, x);
    });
    this.stops.push(changes.stop, inbox.stop);
    await Promise.all([changes.ready, inbox.ready, this.beat()]);
    // A failed beat is an outage the connection already reported once; not reported again each time.
    this.heartbeat = setInterval(() => void this.beat().catch(() => {}), Math.max(100, Math.floor(this.livenessMs / 3)));
    this.heartbeat.unref?.();
  }

  private beat(): Promise<unknown> {
    return this.redis.set(this.keys.instance(this.instanceId), "1", "PX", this.livenessMs);
  }

  /** Milliseconds the record still has to live (at least 1: Redis refuses 0). */
  private remaining(record: TaskRecord): number {
    const ttl = record.ttlMs === null ? this.maxTtlMs : Math.min(record.ttlMs, this.maxTtlMs);
    return Math.max(1, record.createdAt + ttl - Date.now());
  }

  /** The JSON to store: a record too large for the store is replaced by its failure. */
  private encode(record: TaskRecord): { json: string; substitute?: TaskRecord } {
    const json = JSON.stringify(record);
    if (Buffer.byteLength(json) <= this.maxRecordBytes) return { json };
    const { result: _result, inputRequests: _requests, ...rest } = record;
    const message = `Task result too large to store (over ${this.maxRecordBytes} bytes)`;
    const substitute: TaskRecord = { ...rest, status: "failed", statusMessage: message, error: { code: -32603, message } };
    return { json: JSON.stringify(substitute), substitute };
  }

  async create(record: TaskRecord): Promise<void> {
    const { json } = this.encode(record);
    const ttl = this.remaining(record);
    const ownerKey = this.keys.owner(record.owner);
    await this.redis
      .pipeline()
      .hset(this.keys.record(record.taskId), "s", record.status, "j", json, "i", this.instanceId)
      .pexpire(this.keys.record(record.taskId), ttl)
      .zadd(this.keys.all, record.createdAt + ttl, record.taskId)
      .zadd(ownerKey, record.createdAt, record.taskId)
      .zremrangebyrank(ownerKey, 0, -(this.maxPerOwner + 1))
      .pexpire(ownerKey, this.maxTtlMs)
      .exec()
      .then((results) => {
        const failed = results?.find(([error]) => error);
        if (failed) throw failed[0];
      });
  }

  async get(taskId: string): Promise<TaskRecord | undefined> {
    const [status, json, instance] = await this.redis.hmget(this.keys.record(taskId), "s", "j", "i");
    if (status == null || json == null) return undefined;
    const record = JSON.parse(json) as TaskRecord;
    if (TERMINAL_STATUSES.has(record.status) || instance == null || instance === this.instanceId) return record;
    if ((await this.redis.exists(this.keys.instance(instance))) === 1) return record;
    const lost: TaskRecord = { ...record, status: "failed", statusMessage: INSTANCE_LOST, error: { code: -32603, message: INSTANCE_LOST }, lastUpdatedAt: Date.now() };
    delete lost.inputRequests;
    return (await this.update(lost)) ?? lost;
  }

  update(record: TaskRecord): Promise<TaskRecord | void> {
    // The command is queued before this returns (a close right after still flushes it).
    const { json, substitute } = this.encode(record);
    const stored = substitute ?? record;
    const reply = this.redis.eval(UPDATE, 1, this.keys.record(record.taskId), stored.status, json, this.keys.changes, this.instanceId);
    return reply.then((answer) => {
      if (typeof answer === "string") return JSON.parse(answer) as TaskRecord;
      return substitute;
    });
  }

  async listByOwner(owner: string | undefined, limit: number): Promise<TaskRecord[]> {
    const ownerKey = this.keys.owner(owner);
    const ids = await this.redis.zrevrange(ownerKey, 0, limit * LIST_SCAN - 1);
    if (ids.length === 0) return [];
    const pipeline = this.redis.pipeline();
    for (const id of ids) pipeline.hget(this.keys.record(id), "j");
    const replies = (await pipeline.exec()) ?? [];
    const out: TaskRecord[] = [];
    const gone: string[] = [];
    replies.forEach(([, json], i) => {
      if (typeof json === "string") {
        const record = JSON.parse(json) as TaskRecord;
        if (out.length < limit && record.owner === owner) out.push(record);
      } else gone.push(ids[i] as string);
    });
    // Expired records leave their ids behind: dropped as they are found.
    if (gone.length > 0) this.redis.zrem(ownerKey, ...gone).catch(this.report);
    return out;
  }

  async size(): Promise<number> {
    const results = await this.redis.pipeline().zremrangebyscore(this.keys.all, "-inf", Date.now()).zcard(this.keys.all).exec();
    return Number(results?.[1]?.[1] ?? 0);
  }

  watch(listener: (record: TaskRecord) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  async forwardInput(taskId: string, responses: JsonObject): Promise<void> {
    const instance = await this.redis.hget(this.keys.record(taskId), "i");
    if (instance === null) return;
    await this.redis.publish(this.keys.inbox(instance), JSON.stringify({ t: taskId, x: responses }));
  }

  onForwardedInput(listener: (taskId: string, responses: JsonObject) => void): () => void {
    this.inputListeners.add(listener);
    return () => this.inputListeners.delete(listener);
  }

  /** Stops listening; a graceful stop also drops the liveness key, so nobody waits for it. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.heartbeat !== undefined) clearInterval(this.heartbeat);
    for (const stop of this.stops.splice(0)) stop();
    this.redis.del(this.keys.instance(this.instanceId)).catch(this.report);
    this.subscriber.quit().catch(this.report);
    if (this.ownsCommand) this.redis.quit().catch(this.report);
  }
}
