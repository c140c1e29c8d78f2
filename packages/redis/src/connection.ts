// Connections to Redis. DECISION (docs/deployment.md § Choice of client): ioredis, for its
// automatic reconnect with a retry strategy, automatic re-subscription of pub/sub channels after a
// reconnect (`autoResubscribe`, on by default) and built-in Sentinel and Cluster support in the
// same client. Two connections per instance: one for commands, one in subscriber mode (a
// subscribed connection cannot send other commands).
import { Redis, type RedisOptions } from "ioredis";

export interface RedisConnectOptions {
  /** redis://[user:password@]host:port[/db] or rediss:// (TLS). */
  url: string;
  /** Extra ioredis options (sentinels, TLS, …); the url still names the first endpoint. */
  redisOptions?: RedisOptions;
  /** Milliseconds to wait for the first connection before refusing to start. Default 5000. */
  connectTimeoutMs?: number;
  /** Milliseconds one command may take before it fails (the request path never waits longer). Default 2000. */
  commandTimeoutMs?: number;
  /** Receives connection errors while running (reconnects continue by themselves). */
  onError?: (error: unknown) => void;
}

/** The url with any password masked, for messages. */
export function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparsable url)";
  }
}

function clientOptions(options: RedisConnectOptions): RedisOptions {
  return {
    lazyConnect: true,
    connectTimeout: options.connectTimeoutMs ?? 5000,
    commandTimeout: options.commandTimeoutMs ?? 2000,
    // A command issued while disconnected waits in the offline queue for a reconnect, but fails
    // after two retries rather than piling up while Redis is down.
    maxRetriesPerRequest: 2,
    retryStrategy: (attempt) => Math.min(50 * 2 ** attempt, 2000),
    autoResubscribe: true,
    ...options.redisOptions,
  };
}

/** Opens a connection and proves it with PING; a clear error (and no lingering retries) otherwise. */
export async function openConnection(options: RedisConnectOptions, role: string): Promise<Redis> {
  const redis = new Redis(options.url, clientOptions(options));
  let firstError: unknown;
  const early = (error: unknown) => (firstError ??= error);
  redis.on("error", early);
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    const cause = (firstError ?? error) as { message?: string };
    throw new Error(`MCP_GEN_REDIS_URL: cannot reach Redis at ${describeUrl(options.url)} (${role} connection): ${cause?.message ?? String(cause)}`);
  }
  redis.off("error", early);
  // Reported once per outage, not on every retry.
  let down = false;
  redis.on("error", (error: unknown) => {
    if (down) return;
    down = true;
    options.onError?.(new Error(`Redis ${role} connection lost (${describeUrl(options.url)}): ${(error as Error).message}; reconnecting`));
  });
  redis.on("ready", () => {
    down = false;
  });
  return redis;
}
