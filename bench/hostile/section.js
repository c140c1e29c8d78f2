// `npm run bench -- hostile`: the attack vectors of issue 21 against a server generated from
// bench/hostile/mcp.yaml, each side by side with the number measured before the fix (the
// issue's own figures, same machine) and the goal. One probe process per vector group.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { table } from "../report.js";
import { startHttpProbe, stopAllProbes } from "./probe.js";
import { cpuRows } from "./vectors-cpu.js";
import { abandonedCallsRow, idleSocketsRow, initializeFloodRow, lateWriteRow, slowConsumerRow, slowHeadersRow, smallRows } from "./vectors-http.js";
import { duplicateIdRow, epipeRow, utf8Row } from "./vectors-stdio.js";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, "..", "..");

function generateProbe() {
  const result = spawnSync(process.execPath, [join(ROOT, "bin/mcp-gen.js"), "generate", join(HERE, "mcp.yaml"), "--out", join(HERE, "generated")], { cwd: ROOT, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`generating the hostile probe failed:\n${result.stdout}${result.stderr}`);
}

/** Runs one vector; a vector that throws is a row that says so, never a silent gap. */
async function guarded(label, run) {
  process.stderr.write(`hostile: ${label}…\n`);
  try {
    const rows = await run();
    return Array.isArray(rows[0]) ? rows : [rows];
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).split("\n")[0].slice(0, 160);
    return [["?", label, "", `bench error: ${message}`, "", "NO"]];
  }
}

export async function hostileSection() {
  generateProbe();
  const rows = [];
  try {
    rows.push(...(await guarded("late writes", lateWriteRow)));
    rows.push(
      ...(await guarded("event-loop stalls", async () => {
        const probe = await startHttpProbe();
        try {
          return await cpuRows(probe);
        } finally {
          probe.child.kill();
        }
      })),
    );
    for (const [label, run] of [
      ["slow consumer", slowConsumerRow],
      ["initialize flood", initializeFloodRow],
      ["abandoned calls", abandonedCallsRow],
      ["stdio UTF-8", utf8Row],
      ["stdio EPIPE", epipeRow],
      ["idle sockets", idleSocketsRow],
      ["slow headers", slowHeadersRow],
      ["leaks and parsing", smallRows],
      ["duplicate ids", duplicateIdRow],
    ]) {
      rows.push(...(await guarded(label, run)));
    }
  } finally {
    stopAllProbes();
  }
  table("Hostile input (issue 21): before the fix vs now, one probe server generated from bench/hostile/mcp.yaml", ["item", "vector", "before (issue 21)", "now", "goal", "met"], rows);
  const out = join(ROOT, "bench", "results");
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, "hostile.json"), JSON.stringify(rows.map(([item, vector, before, now, goal, met]) => ({ item, vector, before, now, goal, met })), null, 2));
}
