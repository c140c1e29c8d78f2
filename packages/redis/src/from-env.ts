// Configuration from the environment, the contract of every example's start.js and of
// test/conformance/serve.sh: MCP_GEN_REDIS_URL turns coordination on, and then the requestState
// and handle keys are required (the runtime's requireSharedKeys says which are missing).
import { requireSharedKeys } from "@mcp-gen/runtime/server";
import { createRedisCoordination, type RedisCoordination, type RedisCoordinationOptions } from "./coordination.js";

export const ENV_REDIS_URL = "MCP_GEN_REDIS_URL";
export const ENV_REDIS_PREFIX = "MCP_GEN_REDIS_PREFIX";

export type FromEnvOptions = Partial<RedisCoordinationOptions> & { stateKey?: unknown; handleKey?: unknown };

/**
 * Redis coordination when MCP_GEN_REDIS_URL (or options.url) is set, else undefined. Refuses to
 * start (throws) when a key is missing or Redis cannot be reached.
 */
export async function coordinationFromEnv(
  env: Record<string, string | undefined> = process.env,
  options: FromEnvOptions = {},
): Promise<RedisCoordination | undefined> {
  const url = options.url ?? env[ENV_REDIS_URL];
  if (!url) return undefined;
  requireSharedKeys(options, env, `${ENV_REDIS_URL} is set, so instances share state`);
  const { stateKey: _stateKey, handleKey: _handleKey, ...rest } = options;
  const prefix = options.prefix ?? env[ENV_REDIS_PREFIX];
  return createRedisCoordination({ ...rest, url, ...(prefix ? { prefix } : {}) });
}

/**
 * coordinationFromEnv for a start-up script: connection errors after start are written to stderr
 * (unless options.onError says otherwise), and a refusal to start (a missing key, Redis out of
 * reach) is written to stderr and ends the process with exit code 1, with no stack trace.
 */
export async function coordinationFromEnvOrExit(
  env: Record<string, string | undefined> = process.env,
  options: FromEnvOptions = {},
): Promise<RedisCoordination | undefined> {
  try {
    return await coordinationFromEnv(env, { onError: writeMessage, ...options });
  } catch (error) {
    writeMessage(error);
    process.exit(1);
  }
}

function writeMessage(error: unknown): void {
  process.stderr.write(`${(error as Error).message}\n`);
}
