// `npm run bench -- tasks`: tasks (issue 14) — creation and tasks/get throughput through the
// modern pipeline in process, and the heap 10,000 retained completed tasks hold (in-memory store).
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { table } from "../report.js";

const HERE = dirname(fileURLToPath(import.meta.url));

export async function tasksSection() {
  const run = spawnSync(process.execPath, ["--expose-gc", join(HERE, "measure.js")], { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`bench/tasks/measure.js failed:\n${run.stdout}${run.stderr}`);
  const r = JSON.parse(run.stdout.trim().split("\n").at(-1));
  table(
    "Tasks: in-process, one task tool that completes at once (2026-07-28 extension, in-memory store)",
    ["tasks created", "creations/s", "tasks/get calls", "tasks/get/s", "heap for retained tasks", "bytes per task", "status seen"],
    [[r.created, r.createPerSec.toFixed(0), r.gets, r.getPerSec.toFixed(0), `${(r.retainedBytes / 1024 / 1024).toFixed(1)} MiB`, r.bytesPerTask.toFixed(0), r.completed]],
  );
}
