// Run by section.js as `node --expose-gc measure.js [REDIS_URL]`: task creation and tasks/get
// throughput through the modern pipeline in process (no transport), and what 10,000 retained
// completed tasks hold: the process heap, plus Redis's used_memory with the Redis store (a
// REDIS_URL given). Prints one JSON line.
import { performance } from "node:perf_hooks";
import { Redis } from "ioredis";
import { createRedisTaskStore } from "../../packages/redis/dist/index.js";
import { createMcpServer } from "../../packages/runtime/dist/server/server.js";
import { Cancellation } from "../../packages/runtime/dist/server/cancellation.js";

const redisUrl = process.argv[2];
const store = redisUrl ? await createRedisTaskStore({ url: redisUrl, prefix: "bench" }) : undefined;
const inspect = redisUrl ? new Redis(redisUrl) : undefined;
const redisBytes = async () => (inspect ? Number(/used_memory:(\d+)/.exec(await inspect.info("memory"))?.[1] ?? 0) : 0);

const TASKS = "io.modelcontextprotocol/tasks";
const meta = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": { extensions: { [TASKS]: {} } } };
const RETAINED = 10_000;

const server = createMcpServer(
  {
    serverInfo: { name: "bench-tasks", version: "1.0.0" },
    revisions: ["2026-07-28"],
    tools: [{ name: "job", inputSchema: { type: "object" }, task: { support: "required", ttlMs: 3_600_000 }, handler: () => ({ content: [{ type: "text", text: "done: a short report line" }] }) }],
  },
  { tasks: { maxTasks: RETAINED * 3, maxActiveTasksPerCaller: RETAINED * 3, ...(store ? { store } : {}) } },
);
let id = 0;
const exchange = () => ({ cancellation: new Cancellation(), notify() {} });
const call = async (method, params) => JSON.parse((await server.serveModern({ jsonrpc: "2.0", id: ++id, method, params: { ...params, _meta: meta } }, exchange())).body).result;

const heap = () => {
  globalThis.gc?.();
  globalThis.gc?.();
  return process.memoryUsage().heapUsed;
};

// Warm-up.
for (let i = 0; i < 500; i++) await call("tools/call", { name: "job", arguments: {} });
const before = heap();
const redisBefore = await redisBytes();
const ids = [];
let t = performance.now();
for (let i = 0; i < RETAINED; i++) ids.push((await call("tools/call", { name: "job", arguments: {} })).taskId);
const createMs = performance.now() - t;
await new Promise((resolve) => setTimeout(resolve, 50));
const retainedBytes = heap() - before;
const redisRetained = (await redisBytes()) - redisBefore;
const completed = (await call("tasks/get", { taskId: ids[0] })).status;
const GETS = 20_000;
t = performance.now();
for (let i = 0; i < GETS; i++) await call("tasks/get", { taskId: ids[i % ids.length] });
const getMs = performance.now() - t;
await server.close();
inspect?.disconnect();
console.log(JSON.stringify({ store: redisUrl ? "redis" : "memory", redisBytes: redisRetained, created: RETAINED, createPerSec: RETAINED / (createMs / 1000), gets: GETS, getPerSec: GETS / (getMs / 1000), retainedBytes, bytesPerTask: retainedBytes / RETAINED, completed, gc: typeof globalThis.gc === "function" }));
