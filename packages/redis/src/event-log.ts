// Stream event logs as Redis streams (XADD), bounded by count (MAXLEN) and by age (MINID, in the
// entry id's millisecond clock, plus a key TTL), so a resume with Last-Event-ID works on any
// instance (2025-11-25 basic/transports § Resumability and Redelivery). Live appends also go out
// on the stream's own channel, which only the instances following that stream subscribe to.
import type { Redis } from "ioredis";
import type { LoggedEvent, StreamEventLog, StreamLog } from "@mcp-gen/runtime/server";
import type { Channels } from "./channels.js";
import type { KeySpace } from "./keys.js";

export interface EventLogLimits {
  maxEvents: number;
  maxAgeMs: number;
}

export function redisEventLog(redis: Redis, channels: Channels, keys: KeySpace, limits: EventLogLimits, report: (error: unknown) => void): StreamEventLog {
  const settle = (work: Promise<unknown>) => void work.catch(report);
  return {
    append(streamId, sessionId, event) {
      const stream = keys.stream(streamId);
      const meta = keys.streamMeta(streamId);
      const oldest = Math.max(0, Date.now() - limits.maxAgeMs);
      settle(
        redis
          .pipeline()
          .xadd(stream, "MAXLEN", limits.maxEvents, "*", "seq", String(event.seq), "frame", event.frame)
          .xtrim(stream, "MINID", `${oldest}-0`)
          .pexpire(stream, limits.maxAgeMs)
          .hset(meta, "session", sessionId, "last", String(event.seq))
          .pexpire(meta, limits.maxAgeMs)
          .publish(keys.streamChannel(streamId), JSON.stringify(event))
          .exec(),
      );
    },
    end(streamId) {
      const meta = keys.streamMeta(streamId);
      settle(redis.pipeline().hset(meta, "ended", "1").publish(keys.streamChannel(streamId), '"end"').exec());
    },
    async read(streamId, afterSeq): Promise<StreamLog | undefined> {
      const [meta, entries] = await Promise.all([redis.hgetall(keys.streamMeta(streamId)), redis.xrange(keys.stream(streamId), "-", "+")]);
      if (meta["session"] === undefined) return undefined;
      const events: LoggedEvent[] = [];
      for (const [, fields] of entries) {
        const seq = Number(fields[fields.indexOf("seq") + 1]);
        const frame = fields[fields.indexOf("frame") + 1];
        if (seq > afterSeq && frame !== undefined) events.push({ seq, frame });
      }
      return { sessionId: meta["session"], events, lastSeq: Number(meta["last"] ?? 0), ended: meta["ended"] === "1" };
    },
    async follow(streamId, listener) {
      const { ready, stop } = channels.listen(keys.streamChannel(streamId), (message) => listener(JSON.parse(message) as LoggedEvent | "end"));
      await ready;
      return stop;
    },
  };
}
