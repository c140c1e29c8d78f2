// Configuration from the environment, the contract of every example's start.js and of
// test/conformance/serve.sh: MCP_GEN_REDIS_URL turns coordination on, and then the requestState
// and handle keys are required (the runtime's requireSharedKeys says which are missing).
import { requireSharedKeys } from "@mcp-gen/runtime/server";
import { createRedisCoordination, type RedisCoordination, type RedisCoordinationOptions } from "./coordination.js";

export const ENV_REDIS_URL = "MCP_GEN_REDIS_URL";
export const ENV_REDIS_PREFIX = "MCP_GEN_REDIS_PREFIX";

/**
 * Redis coordination when MCP_GEN_REDIS_URL (or options.url) is set, else undefined. Refuses to
 * start (throws) when a key is missing or Redis cannot be reached.
 */
export async function coordinationFromEnv(
  env: Record<string, string | undefined> = process.env,
  options: Partial<RedisCoordinationOptions> & { stateKey?: unknown; handleKey?: unknown } = {},
): Promise<RedisCoordination | undefined> {
  const url = options.url ?? env[ENV_REDIS_URL];
  if (!url) return undefined;
  requireSharedKeys(options, env, `${ENV_REDIS_URL} is set, so instances share state`);
  const { stateKey: _stateKey, handleKey: _handleKey, ...rest } = options;
  const prefix = options.prefix ?? env[ENV_REDIS_PREFIX];
  return createRedisCoordination({ ...rest, url, ...(prefix ? { prefix } : {}) });
}
