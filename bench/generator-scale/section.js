// `npm run bench -- scale-gen`: scale figures of the generator itself (issue 18 #5). For
// synthesised manifests of 10, 100 and 1,000 tools: the whole `mcp-gen generate` process (wall
// and CPU, median of three), generatePackage() in a fresh process (cold, then warm, with its
// stages), the package's type-check with TypeScript 7 (`tsc --noEmit`), and the generated
// server's in-process 2026-07-28 `tools/list` rate (the list is pre-serialized).
// Goals: 1,000 tools generate in < 1 s wall and type-check in < 10 s. CPU is printed next to
// wall time, and the minimum next to the median: on a shared machine wall time also measures
// the other processes.
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { median, table } from "../report.js";
import { scaleManifest } from "./manifest.js";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, "..", "..");
// Under the repository so the packages resolve zod and @mcp-gen/runtime from its node_modules.
const WORK = join(ROOT, "bench", "results", "generator-scale");
const SIZES = [10, 100, 1000];

function child(script, args) {
  const run = spawnSync(process.execPath, [join(HERE, script), ...args], { encoding: "utf8", maxBuffer: 16 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`bench/generator-scale/${script} failed:\n${run.stdout}${run.stderr}`);
  return JSON.parse(run.stdout.trim().split("\n").at(-1));
}

/** User + system CPU of a shell's children, from the second line `times` prints ("0m1.234s 0m0.056s"). */
function childrenCpuMs(stdout) {
  const seconds = (text) => {
    const [, minutes, secs] = /(\d+)m([\d.]+)s/.exec(text);
    return Number(minutes) * 60 + Number(secs);
  };
  const children = stdout.trim().split("\n").at(-1).split(" ");
  return (seconds(children[0]) + seconds(children[1])) * 1000;
}

/**
 * The whole `mcp-gen generate` process, as a user runs it: `runs` fresh processes, wall and CPU
 * (user + system of the process and its threads: V8 compiles and collects garbage on helper
 * threads, so CPU can exceed wall). The machine is shared, so both the minimum and the median
 * are kept.
 */
function cliGenerate(manifest, out, runs) {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const command = `"${process.execPath}" "${join(ROOT, "bin/mcp-gen.js")}" generate "${manifest}" --out "${out}" > /dev/null || exit 1; times`;
    const t = performance.now();
    const run = spawnSync("bash", ["-c", command], { encoding: "utf8" });
    if (run.status !== 0) throw new Error(`mcp-gen generate failed on ${manifest}:\n${run.stdout}${run.stderr}`);
    samples.push({ wallMs: performance.now() - t, cpuMs: childrenCpuMs(run.stdout) });
  }
  const walls = samples.map((s) => s.wallMs);
  const cpus = samples.map((s) => s.cpuMs);
  return { wallMs: median(walls), wallMinMs: Math.min(...walls), cpuMs: median(cpus), cpuMinMs: Math.min(...cpus) };
}

function typecheck(dir) {
  const project = join(dir, "tsconfig.bench.json");
  const compilerOptions = { strict: true, noEmit: true, target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", skipLibCheck: true, types: [] };
  writeFileSync(project, JSON.stringify({ compilerOptions, include: ["src"] }));
  const t = performance.now();
  // tsc 7 is a native binary under a node launcher: the shell's `times` adds up both children.
  const command = `"${process.execPath}" "${join(ROOT, "node_modules/tsc7/bin/tsc")}" --noEmit -p "${project}" || exit 1; times`;
  const run = spawnSync("bash", ["-c", command], { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`tsc 7 failed on ${dir}:\n${run.stdout}${run.stderr}`);
  return { wallMs: performance.now() - t, cpuMs: childrenCpuMs(run.stdout) };
}

export async function generatorScaleSection() {
  const rows = [];
  for (const size of SIZES) {
    const dir = join(WORK, `tools-${size}`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const manifest = join(dir, "mcp.yaml");
    writeFileSync(manifest, scaleManifest(size));
    const out = join(dir, "package");
    // Cold = the first run in a fresh process (module loading, and prettier where it runs, included).
    const generated = child("generate.js", [manifest, out, size >= 1000 ? "2" : "3"]);
    const [cold, ...warm] = generated.runs;
    const warmRun = warm.sort((a, b) => a.cpuMs - b.cpuMs)[Math.floor(warm.length / 2)];
    const cli = cliGenerate(manifest, join(dir, "cli-package"), 5);
    rows.push({ size, generated, cold, warm: warmRun, cli, tsc: typecheck(out), list: child("list-rate.js", [out]) });
  }
  const goal = (size, text) => (size === 1000 ? text : "");
  table(
    "Generator scale: `mcp-gen generate` as a process (5 runs, minimum and median: start, load, emit, prettier, build dist/), `generatePackage()` in a fresh process, and `tsc 7 --noEmit` of the package; goals at 1,000 tools: generate < 1 s wall (on an otherwise quiet machine), type-check < 10 s. dist/ build: direct = without TypeScript, isolated = TypeScript without a checker, checked = a type-checking program",
    ["tools", "source bytes", "dist/ build", "generate wall min ms", "wall median ms", "goal", "CPU min ms", "CPU median ms", "generatePackage cold CPU ms", "warm CPU ms", "tsc 7 --noEmit ms", "tsc 7 CPU ms", "goal"],
    rows.map((r) => [
      r.size,
      r.generated.sourceBytes,
      r.generated.build,
      r.cli.wallMinMs.toFixed(0),
      r.cli.wallMs.toFixed(0),
      goal(r.size, "< 1000"),
      r.cli.cpuMinMs.toFixed(0),
      r.cli.cpuMs.toFixed(0),
      r.cold.cpuMs.toFixed(0),
      r.warm.cpuMs.toFixed(0),
      r.tsc.wallMs.toFixed(0),
      r.tsc.cpuMs.toFixed(0),
      goal(r.size, "< 10000"),
    ]),
  );
  table(
    "Generator scale: where a warm `generatePackage()` spends its CPU (ms): the manifest loader, prettier (skipped for a package over 256 KiB), and the rest (emitters + building dist/, see the build column above)",
    ["tools", "load", "prettier", "emit + build", "total"],
    rows.map((r) => [r.size, r.warm.loadCpuMs.toFixed(0), r.warm.formatCpuMs.toFixed(0), r.warm.restCpuMs.toFixed(0), r.warm.cpuMs.toFixed(0)]),
  );
  const base = rows[0].list.perSec;
  table(
    "Generator scale: `tools/list` (2026-07-28) of the generated server, in process (median of five 200 ms windows; the pre-serialized list is not copied, writing it to a socket is the transport's cost)",
    ["tools", "result bytes", "requests/s", "µs per request", "vs 10 tools"],
    rows.map((r) => [r.list.tools, r.list.bytes, r.list.perSec.toFixed(0), r.list.usPerRequest.toFixed(2), (r.list.perSec / base).toFixed(2)]),
  );
}
