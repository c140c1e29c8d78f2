#!/usr/bin/env node
// `node bench/server/compare.js <other checkout> [--rounds N] [--seconds S]`: this version's
// generated server against another checkout's (an older commit in a git worktree, built and with
// its bench/server/generated present) and the bare ceiling, row by row of `npm run bench --
// server`, INTERLEAVED: every round measures the three once each, in rotating order, so load
// from anything else on the machine hits all of them alike. A same-hour pair of separate bench
// runs cannot show a few percent: the ceiling alone moved up to 28% between two such runs.
// Prints medians with ratios; writes bench/results/compare.json.
import { writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { median, table } from "../report.js";
import { closeLegacySession, measureThroughput, openLegacySession, planRow, verifyRow } from "./http-load.js";
import { importTimeMs } from "./import-time.js";
import { startHttpServer, stopAll } from "./processes.js";
import { warmUp } from "./section.js";
import { coldStartMs, stdioRoundTrips } from "./stdio-driver.js";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, "..", "..");

function options(argv) {
  const other = argv.find((a) => !a.startsWith("--"));
  if (other === undefined) throw new Error("usage: node bench/server/compare.js <other checkout> [--rounds N] [--seconds S]");
  const flag = (name, fallback) => {
    const i = argv.indexOf(name);
    return i >= 0 ? Number(argv[i + 1]) : fallback;
  };
  return { other: resolve(other), rounds: flag("--rounds", 4), seconds: flag("--seconds", 3), connections: 32 };
}

const contenders = (other) => [
  { key: "this", label: "this version", script: join(HERE, "start-generated.js"), entry: join(HERE, "generated/dist/index.js") },
  { key: "other", label: `other (${other})`, script: join(other, "bench/server/start-generated.js"), entry: join(other, "bench/server/generated/dist/index.js") },
  { key: "ceiling", label: "ceiling", script: join(HERE, "ceiling-server.js") },
];

const ROWS = [
  ["modern", "tools/call"],
  ["modern", "tools/list"],
  ["legacy", "tools/call"],
  ["legacy", "tools/list"],
];

/** One measured HTTP cell: fresh sessions for legacy (one per connection, deleted after). */
async function httpCell(server, era, operation, opts) {
  const sessions = era === "legacy" ? await Promise.all(Array.from({ length: opts.connections }, () => openLegacySession(server.url))) : [];
  try {
    const plan = planRow(era, operation, sessions);
    await verifyRow(server.url, plan);
    const result = await measureThroughput(server.url, plan, { connections: opts.connections, seconds: opts.seconds, warmupSeconds: 1, serverCpu: server.cpuSeconds });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${era} ${operation}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return result;
  } finally {
    await Promise.all(sessions.map((id) => closeLegacySession(server.url, id)));
  }
}

const rotate = (list, by) => list.map((_, i) => list[(i + by) % list.length]);

async function main() {
  const opts = options(process.argv.slice(2));
  const servers = contenders(opts.other);
  const started = new Map();
  for (const s of servers) started.set(s.key, await startHttpServer(s.script));
  // As the bench does: a fresh process is several times slower for its first thousands of
  // requests, and a path the JIT has not seen deoptimizes code that another row optimized.
  for (const s of servers) await warmUp(started.get(s.key).url, 1);
  const http = ROWS.map(([era, operation]) => ({ era, operation, runs: Object.fromEntries(servers.map((s) => [s.key, []])) }));
  for (let round = 0; round < opts.rounds; round++) {
    for (const row of http) {
      for (const s of rotate(servers, round)) row.runs[s.key].push(await httpCell(started.get(s.key), row.era, row.operation, opts));
    }
    process.stderr.write(`  http round ${round + 1}/${opts.rounds} done\n`);
  }
  await stopAll();
  const stdio = [];
  for (const era of ["modern", "legacy"]) {
    const runs = Object.fromEntries(servers.map((s) => [s.key, []]));
    for (let round = 0; round < opts.rounds; round++) {
      for (const s of rotate(servers, round)) runs[s.key].push((await stdioRoundTrips(s.script, era, { count: 20_000, warmup: 2_000, maxSeconds: 30 })).roundTripsPerSecond);
    }
    stdio.push({ era, runs });
  }
  process.stderr.write("  stdio done\n");
  const cold = Object.fromEntries(servers.map((s) => [s.key, []]));
  for (let round = 0; round < 5 * opts.rounds; round++) for (const s of rotate(servers, round)) cold[s.key].push(await coldStartMs(s.script));
  const imports = Object.fromEntries(servers.filter((s) => s.entry).map((s) => [s.key, importTimeMs(s.entry, 3 * opts.rounds).importMs]));
  process.stderr.write("  cold start and import done\n");

  const ratio = (a, b) => (b > 0 ? (a / b).toFixed(2) : "—");
  const rows = [];
  for (const row of http) {
    const rps = Object.fromEntries(servers.map((s) => [s.key, median(row.runs[s.key].map((r) => r.requestsPerSecond))]));
    const cpu = Object.fromEntries(servers.map((s) => [s.key, median(row.runs[s.key].map((r) => r.cpuMicrosPerRequest ?? NaN))]));
    rows.push([
      `${row.era === "modern" ? "2026-07-28" : "2025-11-25 session"} ${row.operation}, ${opts.connections} conns (req/s)`,
      rps.this.toFixed(0),
      rps.other.toFixed(0),
      rps.ceiling.toFixed(0),
      ratio(rps.this, rps.other),
      ratio(rps.this, rps.ceiling),
      ratio(rps.other, rps.ceiling),
      `${cpu.this.toFixed(1)} / ${cpu.other.toFixed(1)} / ${cpu.ceiling.toFixed(1)}`,
    ]);
  }
  for (const row of stdio) {
    const m = Object.fromEntries(servers.map((s) => [s.key, median(row.runs[s.key])]));
    rows.push([`stdio round trips/s, ${row.era === "modern" ? "2026-07-28" : "2025-11-25 after initialize"}`, m.this.toFixed(0), m.other.toFixed(0), m.ceiling.toFixed(0), ratio(m.this, m.other), ratio(m.this, m.ceiling), ratio(m.other, m.ceiling), ""]);
  }
  const c = Object.fromEntries(servers.map((s) => [s.key, median(cold[s.key])]));
  // Lower is better for times: the ratios still read "this over other" and "over the ceiling".
  rows.push(["cold start, spawn → first tools/call over stdio (ms)", c.this.toFixed(0), c.other.toFixed(0), c.ceiling.toFixed(0), ratio(c.this, c.other), ratio(c.this, c.ceiling), ratio(c.other, c.ceiling), ""]);
  rows.push(["import of the generated package (ms)", imports.this.toFixed(0), imports.other.toFixed(0), "—", ratio(imports.this, imports.other), "—", "—", ""]);
  table(
    `Interleaved comparison with ${opts.other} (${opts.rounds} rounds, ${opts.seconds} s HTTP cells after 1 s warm-up; medians)`,
    ["row", "this", "other", "ceiling", "this/other", "this/ceiling", "other/ceiling", "server CPU µs/req this / other / ceiling"],
    rows,
  );
  writeFileSync(join(ROOT, "bench/results/compare.json"), JSON.stringify({ node: process.version, options: opts, http, stdio, cold, imports }, null, 2));
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => stopAll());
