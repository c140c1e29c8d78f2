// `@mcp-gen/redis`: Redis coordination for mcp-gen servers (docs/deployment.md).
export { createRedisCoordination } from "./coordination.js";
export type { RedisCoordination, RedisCoordinationOptions } from "./coordination.js";
export { coordinationFromEnv, coordinationFromEnvOrExit, ENV_REDIS_PREFIX, ENV_REDIS_URL } from "./from-env.js";
export type { FromEnvOptions, RedisCoordinationWithTasks } from "./from-env.js";
export { createRedisTaskStore, INSTANCE_LOST } from "./tasks.js";
export type { RedisTaskStore, RedisTaskStoreOptions } from "./tasks.js";
export { describeUrl } from "./connection.js";
export type { RedisConnectOptions } from "./connection.js";
