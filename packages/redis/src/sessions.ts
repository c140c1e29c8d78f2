// Legacy sessions as Redis hashes with a TTL equal to the idle expiry: every instance loads the
// same record, and an abandoned session disappears by itself (no sweeper across instances).
import type { Redis } from "ioredis";
import type { SessionEvent, SessionRecord, SessionStore } from "@mcp-gen/runtime/server";
import type { Channels } from "./channels.js";
import type { KeySpace } from "./keys.js";

const FIELDS = ["protocolVersion", "clientCapabilities", "clientInfo", "logLevel", "subscriptions", "principal", "standaloneStream"] as const;

// HSET only if the session still exists: a late update must not resurrect an expired or deleted one.
const UPDATE_IF_EXISTS = `if redis.call('exists', KEYS[1]) == 1 then
  redis.call('hset', KEYS[1], unpack(ARGV, 2))
  redis.call('pexpire', KEYS[1], ARGV[1])
  return 1
end
return 0`;

function encode(record: Partial<SessionRecord>): string[] {
  const out: string[] = [];
  for (const field of FIELDS) if (field in record) out.push(field, JSON.stringify(record[field] ?? null));
  return out;
}

function decode(hash: Record<string, string>): SessionRecord | undefined {
  if (hash["protocolVersion"] === undefined) return undefined;
  const record: Record<string, unknown> = {};
  for (const field of FIELDS) {
    const text = hash[field];
    if (text === undefined) continue;
    const value: unknown = JSON.parse(text);
    if (value !== null) record[field] = value;
  }
  if (!Array.isArray(record["subscriptions"])) record["subscriptions"] = [];
  if (typeof record["clientCapabilities"] !== "object" || record["clientCapabilities"] === null) record["clientCapabilities"] = {};
  return record as unknown as SessionRecord;
}

export function redisSessionStore(redis: Redis, channels: Channels, keys: KeySpace): SessionStore {
  return {
    async create(id, record, idleMs) {
      await redis.multi().hset(keys.session(id), ...encode(record)).pexpire(keys.session(id), idleMs).exec();
    },
    async load(id) {
      return decode(await redis.hgetall(keys.session(id)));
    },
    async update(id, patch, idleMs) {
      const fields = encode(patch);
      if (fields.length > 0) await redis.eval(UPDATE_IF_EXISTS, 1, keys.session(id), idleMs, ...fields);
    },
    async touch(id, idleMs) {
      return (await redis.pexpire(keys.session(id), idleMs)) === 1;
    },
    async remove(id) {
      await redis.del(keys.session(id));
    },
    async announce(event) {
      await redis.publish(keys.sessionsChannel, JSON.stringify(event));
    },
    watch(listener) {
      return channels.listen(keys.sessionsChannel, (message) => listener(JSON.parse(message) as SessionEvent)).stop;
    },
  };
}
