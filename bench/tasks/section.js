// `npm run bench -- tasks`: tasks (issue 14) — creation and tasks/get throughput through the
// modern pipeline in process, and what 10,000 retained completed tasks hold, with the in-memory
// store and with the Redis store (@mcp-gen/redis) on a redis-server this section starts on a free
// port and stops (skipped with a note when redis-server is not on PATH).
import { spawn, spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { table } from "../report.js";
import { freePort } from "../server/processes.js";

const HERE = dirname(fileURLToPath(import.meta.url));

function measure(args) {
  const run = spawnSync(process.execPath, ["--expose-gc", join(HERE, "measure.js"), ...args], { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`bench/tasks/measure.js failed:\n${run.stdout}${run.stderr}`);
  return JSON.parse(run.stdout.trim().split("\n").at(-1));
}

async function withRedis(work) {
  if (spawnSync("redis-server", ["--version"]).status !== 0) return undefined;
  const port = await freePort();
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: ["ignore", "pipe", "ignore"] });
  try {
    await new Promise((resolve, reject) => {
      let seen = "";
      child.stdout.on("data", (chunk) => {
        seen += chunk;
        if (seen.includes("Ready to accept connections")) resolve();
      });
      child.once("exit", (code) => reject(new Error(`redis-server exited with ${code}`)));
    });
    return work(`redis://127.0.0.1:${port}`);
  } finally {
    child.kill("SIGKILL");
  }
}

const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

export async function tasksSection() {
  const rows = [measure([])];
  const redis = await withRedis((url) => measure([url]));
  if (redis) rows.push(redis);
  table(
    "Tasks: in-process, one task tool that completes at once (2026-07-28 extension); memory store vs Redis store on a local redis-server",
    ["store", "tasks created", "creations/s", "tasks/get calls", "tasks/get/s", "heap for retained tasks", "Redis memory for them", "bytes per task (heap + Redis)", "status seen"],
    rows.map((r) => [r.store, r.created, r.createPerSec.toFixed(0), r.gets, r.getPerSec.toFixed(0), mib(r.retainedBytes), r.store === "redis" ? mib(r.redisBytes) : "-", ((r.retainedBytes + r.redisBytes) / r.created).toFixed(0), r.completed]),
  );
  if (!redis) console.log("(redis-server not on PATH: the Redis row is missing)");
}
