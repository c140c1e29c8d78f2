// `npm run bench -- server`: the generated server vs the official SDK server vs a bare
// ceiling, side by side in one run, with generated/SDK and generated/ceiling ratios.
// Options: BENCH_SECONDS (per HTTP row, default 5), `--quick` (1 s rows, fewer round trips,
// starts and requests: for development; its numbers are not the ones to quote).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { closeLegacySession, measureThroughput, openLegacySession, planRow, sendAmount, verifyRow } from "./http-load.js";
import { median, table } from "../report.js";
import { importTimeMs } from "./import-time.js";
import { startHttpServer, stopAll } from "./processes.js";
import { coldStartMs, stdioRoundTrips } from "./stdio-driver.js";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, "..", "..");
const GENERATED_ENTRY = join(HERE, "generated", "dist", "index.js");

/** The three contenders, in the order every row runs them. */
const SERVERS = [
  { key: "generated", label: "generated", script: join(HERE, "start-generated.js"), entry: GENERATED_ENTRY },
  { key: "sdk", label: "SDK 2.4.0", script: join(HERE, "sdk-server.js"), entry: join(ROOT, "node_modules/@modelcontextprotocol/server/dist/index.mjs") },
  { key: "ceiling", label: "ceiling", script: join(HERE, "ceiling-server.js") },
];

export function readOptions(argv = process.argv.slice(2), env = process.env) {
  const quick = argv.includes("--quick");
  const seconds = quick ? 1 : Number(env.BENCH_SECONDS ?? 5);
  if (!(seconds > 0)) throw new Error(`BENCH_SECONDS must be a positive number, got ${env.BENCH_SECONDS}`);
  return {
    quick,
    seconds,
    warmupSeconds: quick ? 0.5 : 1,
    connections: [1, 32],
    stdio: { count: quick ? 2_000 : 20_000, warmup: quick ? 500 : 2_000, maxSeconds: quick ? 15 : 60 },
    coldStarts: quick ? 3 : 10,
    importRuns: quick ? 3 : 10,
    rss: { amount: quick ? 10_000 : 100_000, connections: 32, maxSeconds: quick ? 120 : 300 },
  };
}

/** `list` starting at index `by` (mod its length): each row runs the servers in a different order, so drift in background load does not always hit the same one first. */
const rotated = (list, by) => list.map((_, i) => list[(i + by) % list.length]);

const ratio = (a, b) => (typeof a === "number" && typeof b === "number" && b > 0 ? `${(a / b).toFixed(2)}x` : "-");
const fixed = (value, digits = 0) => (typeof value === "number" ? value.toFixed(digits) : String(value ?? "-"));

/** Runs `measure` and turns a failure into a reported cell instead of aborting the section. */
async function attempt(measure) {
  try {
    return await measure();
  } catch (error) {
    return { failed: String(error?.message ?? error).split("\n")[0] };
  }
}

/** Regenerates the bench packages from mcp.yaml and mcp-one.yaml (skipped in --quick when they already exist). */
function ensureGenerated(quick) {
  for (const [manifest, out] of [["mcp.yaml", "generated"], ["mcp-one.yaml", "generated-one"]]) {
    if (quick && existsSync(join(HERE, out, "dist", "index.js"))) continue;
    const result = spawnSync(process.execPath, [join(ROOT, "bin/mcp-gen.js"), "generate", join(HERE, manifest), "--out", join(HERE, out)], { cwd: ROOT, encoding: "utf8" });
    if (result.status !== 0) throw new Error(`mcp-gen generate bench/server/${manifest} failed:\n${result.stdout}${result.stderr}`);
  }
}

/** One pass over all four HTTP paths, so no row meets code the JIT only knows from another row. */
export async function warmUp(url, seconds) {
  const session = await openLegacySession(url);
  try {
    for (const plan of [planRow("modern", "tools/call"), planRow("modern", "tools/list"), planRow("legacy", "tools/call", [session]), planRow("legacy", "tools/list", [session])]) {
      await measureThroughput(url, plan, { connections: 8, seconds, warmupSeconds: 0 });
    }
  } finally {
    await closeLegacySession(url, session);
  }
}

async function httpRows(options) {
  const rows = [];
  const running = {};
  try {
    for (const server of SERVERS) running[server.key] = await startHttpServer(server.script);
    // A freshly started server answers its first few thousand requests far slower (JIT, lazy
    // set-up), which would penalise whichever row comes first; warm every path once up front.
    for (const server of SERVERS) await attempt(() => warmUp(running[server.key].url, options.warmupSeconds));
    for (const era of ["modern", "legacy"]) {
      for (const operation of ["tools/call", "tools/list"]) {
        for (const connections of options.connections) {
          const row = { era, operation, connections, results: {} };
          for (const server of rotated(SERVERS, rows.length)) {
            const { url, cpuSeconds } = running[server.key];
            row.results[server.key] = await attempt(async () => {
              const sessions = era === "legacy" ? await Promise.all(Array.from({ length: connections }, () => openLegacySession(url))) : [];
              try {
                const plan = planRow(era, operation, sessions);
                await verifyRow(url, plan);
                const measured = await measureThroughput(url, plan, { connections, seconds: options.seconds, warmupSeconds: options.warmupSeconds, serverCpu: cpuSeconds });
                if (measured.non2xx + measured.errors + measured.timeouts > 0) {
                  return { ...measured, failed: `${measured.non2xx} non-2xx, ${measured.errors} errors, ${measured.timeouts} timeouts` };
                }
                return measured;
              } finally {
                await Promise.all(sessions.map((id) => closeLegacySession(url, id)));
              }
            });
          }
          rows.push(row);
          process.stderr.write(`  http ${era} ${operation} c=${connections} done\n`);
        }
      }
    }
  } finally {
    await Promise.all(Object.values(running).map((s) => s.stop()));
  }
  return rows;
}

async function rssRows(options) {
  const results = {};
  for (const server of SERVERS) {
    results[server.key] = await attempt(async () => {
      const running = await startHttpServer(server.script);
      try {
        const plan = planRow("modern", "tools/call");
        await verifyRow(running.url, plan);
        const idle = await running.rss();
        const load = await sendAmount(running.url, plan, { connections: options.rss.connections, amount: options.rss.amount, maxSeconds: options.rss.maxSeconds });
        const after = await running.rss();
        const result = { idleBytes: idle, afterBytes: after, requests: load.total, non2xx: load.non2xx, errors: load.errors };
        const notes = [];
        if (load.total < options.rss.amount) notes.push(`stopped at the ${options.rss.maxSeconds} s bound after ${load.total} requests`);
        // Errors here are client-side timeouts of an overloaded server: the RSS reading stays valid.
        if (load.errors > 0) notes.push(`${load.errors} requests errored or timed out`);
        if (notes.length > 0) result.note = notes.join("; ");
        if (load.non2xx > 0) result.failed = `${load.non2xx} non-2xx answers under load`;
        return result;
      } finally {
        await running.stop();
      }
    });
    process.stderr.write(`  rss ${server.key} done\n`);
  }
  return results;
}

async function stdioRows(options) {
  const rows = [];
  for (const era of ["modern", "legacy"]) {
    const row = { era, results: {} };
    for (const server of rotated(SERVERS, rows.length)) row.results[server.key] = await attempt(() => stdioRoundTrips(server.script, era, options.stdio));
    rows.push(row);
    process.stderr.write(`  stdio ${era} done\n`);
  }
  return rows;
}

/** Cold starts of every server with `extraArgs` (`--one-tool`: the 1-tool variants). */
async function coldStarts(options, extraArgs = []) {
  // Interleaved (one start of each server per round), so background load hits all alike.
  const runs = Object.fromEntries(SERVERS.map((s) => [s.key, []]));
  const failures = {};
  for (let i = 0; i < options.coldStarts; i++) {
    for (const server of SERVERS) {
      if (failures[server.key] !== undefined) continue;
      const outcome = await attempt(async () => ({ ms: await coldStartMs(server.script, extraArgs) }));
      if (outcome.failed !== undefined) failures[server.key] = outcome;
      else runs[server.key].push(outcome.ms);
    }
  }
  process.stderr.write(`  cold start${extraArgs.length > 0 ? ` (${extraArgs.join(" ")})` : ""} done\n`);
  return Object.fromEntries(SERVERS.map((s) => [s.key, failures[s.key] ?? { medianMs: median(runs[s.key]), runsMs: runs[s.key] }]));
}

function importTimes(options) {
  const results = {};
  for (const server of SERVERS) {
    if (server.entry === undefined) continue;
    try {
      results[server.key] = importTimeMs(server.entry, options.importRuns);
    } catch (error) {
      results[server.key] = { failed: String(error?.message ?? error).split("\n")[0] };
    }
  }
  process.stderr.write("  import time done\n");
  return results;
}

/** Value of one contender's cell, or its failure. */
const cell = (result, pick, digits = 0) => (result?.failed !== undefined ? `FAIL` : fixed(pick(result), digits));
const value = (result, pick) => (result?.failed !== undefined || result === undefined ? undefined : pick(result));

function printHttp(rows, options) {
  const rps = (r) => r.requestsPerSecond;
  table(
    `Server: Streamable HTTP throughput, req/s (${options.seconds} s per row after ${options.warmupSeconds} s warm-up; autocannon in the bench process)`,
    ["era", "method", "conns", "generated", "SDK 2.4.0", "ceiling", "gen/SDK", "gen/ceiling", "p99 ms gen/SDK/ceil", "server CPU µs/req gen/SDK/ceil"],
    rows.map(({ era, operation, connections, results: { generated, sdk, ceiling } }) => [
      era === "modern" ? "2026-07-28" : "2025-11-25 session",
      operation === "tools/list" ? "tools/list (100)" : "tools/call echo",
      connections,
      cell(generated, rps),
      cell(sdk, rps),
      cell(ceiling, rps),
      ratio(value(generated, rps), value(sdk, rps)),
      ratio(value(generated, rps), value(ceiling, rps)),
      [generated, sdk, ceiling].map((r) => cell(r, (x) => x.latencyP99Ms)).join("/"),
      [generated, sdk, ceiling].map((r) => (r?.cpuMicrosPerRequest === undefined ? "—" : cell(r, (x) => x.cpuMicrosPerRequest))).join("/"),
    ]),
  );
}

function printStdio(rows, options) {
  const rtps = (r) => r.roundTripsPerSecond;
  table(
    `Server: stdio round trips/s (tools/call echo, sequential, ${options.stdio.count} after ${options.stdio.warmup} warm-up)`,
    ["era", "generated", "SDK 2.4.0", "ceiling", "gen/SDK", "gen/ceiling"],
    rows.map(({ era, results: { generated, sdk, ceiling } }) => [
      era === "modern" ? "2026-07-28" : "2025-11-25 (after initialize)",
      cell(generated, rtps),
      cell(sdk, rtps),
      cell(ceiling, rtps),
      ratio(value(generated, rtps), value(sdk, rtps)),
      ratio(value(generated, rtps), value(ceiling, rtps)),
    ]),
  );
}

function printStartupAndMemory(coldOne, cold, imports, rss, options) {
  const mb = (bytes) => bytes / 1024 / 1024;
  const lines = [
    ["cold start ms, 1-tool server (spawn → first tools/call answer, stdio, median of " + options.coldStarts + ")", coldOne, (r) => r.medianMs, 0],
    ["cold start ms, 100-tool server (same)", cold, (r) => r.medianMs, 0],
    ["import ms (package entry, minus bare node, median of " + options.importRuns + ")", imports, (r) => r.importMs, 0],
    ["RSS MB idle (HTTP server just started)", rss, (r) => mb(r.idleBytes), 1],
    [`RSS MB after ${options.rss.amount} HTTP tools/call (2026-07-28, ${options.rss.connections} conns)`, rss, (r) => mb(r.afterBytes), 1],
  ];
  table(
    "Server: start-up and memory (lower is better)",
    ["measure", "generated", "SDK 2.4.0", "ceiling", "gen/SDK", "gen/ceiling"],
    lines.map(([label, results, pick, digits]) => [
      label,
      cell(results.generated, pick, digits),
      cell(results.sdk, pick, digits),
      results.ceiling === undefined ? "n/a" : cell(results.ceiling, pick, digits),
      ratio(value(results.generated, pick), value(results.sdk, pick)),
      ratio(value(results.generated, pick), value(results.ceiling, pick)),
    ]),
  );
}

function printFailures(report) {
  const failures = [];
  const visit = (path, node) => {
    if (node === null || typeof node !== "object") return;
    if (typeof node.failed === "string") failures.push(`${path}: ${node.failed}`);
    for (const [key, child] of Object.entries(node)) visit(`${path}.${key}`, child);
  };
  visit("server", report);
  if (failures.length > 0) console.log(`\nFailures (cells marked FAIL):\n${failures.map((f) => `- ${f}`).join("\n")}`);
  const notes = Object.entries(report.rss).filter(([, r]) => typeof r?.note === "string").map(([key, r]) => `- RSS ${key}: ${r.note}`);
  if (notes.length > 0) console.log(`\nNotes:\n${notes.join("\n")}`);
}

export async function serverSection(options = readOptions()) {
  ensureGenerated(options.quick);
  process.stderr.write(`server bench${options.quick ? " (--quick)" : ""}: ${options.seconds} s per HTTP row\n`);
  let report;
  try {
    const http = await httpRows(options);
    const stdio = await stdioRows(options);
    const coldOne = await coldStarts(options, ["--one-tool"]);
    const cold = await coldStarts(options);
    const imports = importTimes(options);
    const rss = await rssRows(options);
    report = { node: process.version, cores: cpus().length, options, http, stdio, coldStartOneTool: coldOne, coldStart: cold, importTime: imports, rss };
    printHttp(http, options);
    printStdio(stdio, options);
    printStartupAndMemory(coldOne, cold, imports, rss, options);
    printFailures(report);
  } finally {
    await stopAll();
  }
  const out = join(ROOT, "bench", "results");
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, "server.json"), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\n(results also in bench/results/server.json)`);
  return report;
}
