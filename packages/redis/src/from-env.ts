// Configuration from the environment, the contract of every example's start.js and of
// test/conformance/serve.sh: MCP_GEN_REDIS_URL turns coordination on, and then the requestState
// and handle keys are required (the runtime's requireSharedKeys says which are missing).
import { requireSharedKeys } from "@mcp-gen/runtime/server";
import { createRedisCoordination, type RedisCoordination, type RedisCoordinationOptions } from "./coordination.js";
import { createRedisTaskStore, type RedisTaskStore, type RedisTaskStoreOptions } from "./tasks.js";

export const ENV_REDIS_URL = "MCP_GEN_REDIS_URL";
export const ENV_REDIS_PREFIX = "MCP_GEN_REDIS_PREFIX";

export type FromEnvOptions = Partial<RedisCoordinationOptions> & {
  stateKey?: unknown;
  handleKey?: unknown;
  /** The task store's own options (docs/tasks.md); it shares the coordination's prefix and command connection. */
  tasks?: Pick<RedisTaskStoreOptions, "maxRecordBytes" | "maxTasksPerOwner" | "maxTtlMs" | "livenessMs">;
};

/** Coordination plus the task store of the same Redis: pass it as `tasks: { store: coordination.tasks }`. */
export type RedisCoordinationWithTasks = RedisCoordination & { readonly tasks: RedisTaskStore };

/**
 * Redis coordination when MCP_GEN_REDIS_URL (or options.url) is set, else undefined. Refuses to
 * start (throws) when a key is missing or Redis cannot be reached.
 */
export async function coordinationFromEnv(
  env: Record<string, string | undefined> = process.env,
  options: FromEnvOptions = {},
): Promise<RedisCoordinationWithTasks | undefined> {
  const url = options.url ?? env[ENV_REDIS_URL];
  if (!url) return undefined;
  requireSharedKeys(options, env, `${ENV_REDIS_URL} is set, so instances share state`);
  const { stateKey: _stateKey, handleKey: _handleKey, tasks: taskOptions, ...rest } = options;
  const prefix = options.prefix ?? env[ENV_REDIS_PREFIX];
  const connect = { ...rest, url, ...(prefix ? { prefix } : {}) };
  const coordination = await createRedisCoordination(connect);
  let tasks: RedisTaskStore;
  try {
    tasks = await createRedisTaskStore({ ...connect, ...taskOptions, redis: coordination.redis, instanceId: coordination.instanceId });
  } catch (error) {
    await coordination.close();
    throw error;
  }
  // Closing the coordination closes the store too (a server without task tools never closes it).
  const close = coordination.close.bind(coordination);
  return Object.assign(coordination, {
    tasks,
    async close() {
      tasks.close();
      await close();
    },
  });
}

/**
 * coordinationFromEnv for a start-up script: connection errors after start are written to stderr
 * (unless options.onError says otherwise), and a refusal to start (a missing key, Redis out of
 * reach) is written to stderr and ends the process with exit code 1, with no stack trace.
 */
export async function coordinationFromEnvOrExit(
  env: Record<string, string | undefined> = process.env,
  options: FromEnvOptions = {},
): Promise<RedisCoordinationWithTasks | undefined> {
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
