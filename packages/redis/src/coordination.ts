// One instance's Redis coordination: the change bus and the reply router over pub/sub, sessions
// as hashes with TTL, stream event logs as Redis streams. Only ChangeBus.publish can be reached
// from a modern request, and it is fire-and-forget: with Redis down, modern requests go on and
// the lost notifications are reported to onError.
import { randomBytes } from "node:crypto";
import type { JsonRpcMessage } from "@mcp-gen/runtime/core";
import { LocalChangeBus, parseChangeEvent, type ChangeBus, type Coordination, type ReplyRouter } from "@mcp-gen/runtime/server";
import type { Redis } from "ioredis";
import { Channels } from "./channels.js";
import { openConnection, type RedisConnectOptions } from "./connection.js";
import { redisEventLog } from "./event-log.js";
import { keySpace } from "./keys.js";
import { redisSessionStore } from "./sessions.js";

export interface RedisCoordinationOptions extends RedisConnectOptions {
  /** Prefix of every key and channel (several deployments may share one Redis). Default "mcp-gen". */
  prefix?: string;
  /** Events kept per legacy stream log. Default 1000. */
  maxStreamEvents?: number;
  /** Age past which logged events are trimmed and idle logs expire, in ms. Default 10 minutes. */
  maxStreamAgeMs?: number;
}

export interface RedisCoordination extends Coordination {
  /** The command connection (for health checks); do not use it in subscriber mode. */
  readonly redis: Redis;
}

export async function createRedisCoordination(options: RedisCoordinationOptions): Promise<RedisCoordination> {
  const report = (error: unknown) => options.onError?.(error);
  const keys = keySpace(options.prefix ?? "mcp-gen");
  const redis = await openConnection(options, "command");
  let subscriber;
  try {
    subscriber = await openConnection(options, "subscriber");
  } catch (error) {
    redis.disconnect();
    throw error;
  }
  const channels = new Channels(subscriber, report);
  const instanceId = randomBytes(6).toString("hex");
  const settle = (work: Promise<unknown>) => void work.catch(report);

  const local = new LocalChangeBus();
  const busListen = channels.listen(keys.busChannel, (message) => {
    const { o, e } = JSON.parse(message) as { o: string; e: unknown };
    const event = o === instanceId ? undefined : parseChangeEvent(e);
    if (event) local.publish(event);
  });
  const bus: ChangeBus = {
    subscribe: (listener) => local.subscribe(listener),
    publish(event) {
      local.publish(event);
      settle(redis.publish(keys.busChannel, JSON.stringify({ o: instanceId, e: event })));
    },
  };

  const replyListeners = new Set<(sessionId: string, message: JsonRpcMessage) => void>();
  const repliesListen = channels.listen(keys.repliesChannel, (text) => {
    const { o, s, m } = JSON.parse(text) as { o: string; s: string; m: JsonRpcMessage };
    if (o !== instanceId) for (const listener of [...replyListeners]) listener(s, m);
  });
  const replies: ReplyRouter = {
    forward(sessionId, message) {
      settle(redis.publish(keys.repliesChannel, JSON.stringify({ o: instanceId, s: sessionId, m: message })));
    },
    onForwarded(listener) {
      replyListeners.add(listener);
      return () => replyListeners.delete(listener);
    },
  };
  const sessions = redisSessionStore(redis, channels, keys);
  // The session channel is live before the first request, so no "ended" is missed.
  const sessionsListen = channels.listen(keys.sessionsChannel, () => {});
  await Promise.all([busListen.ready, repliesListen.ready, sessionsListen.ready]);

  let closed = false;
  return {
    instanceId,
    redis,
    bus,
    sessions,
    events: redisEventLog(redis, channels, keys, { maxEvents: options.maxStreamEvents ?? 1000, maxAgeMs: options.maxStreamAgeMs ?? 10 * 60_000 }, report),
    replies,
    ready: () => !closed && redis.status === "ready" && subscriber.status === "ready",
    async close() {
      if (closed) return;
      closed = true;
      busListen.stop();
      repliesListen.stop();
      sessionsListen.stop();
      await Promise.allSettled([redis.quit(), subscriber.quit()]);
    },
  };
}
