// `npm run bench -- scale-gen`: scale figures of the generator itself (issue 18 #5). For
// synthesised manifests of 10, 100 and 1,000 tools: generatePackage() time in a fresh process
// (cold, then warm), the package's type-check with TypeScript 7 (`tsc --noEmit`), and the
// generated server's in-process 2026-07-28 `tools/list` rate (the list is pre-serialized).
// Goals: 1,000 tools generate in < 1 s and type-check in < 10 s.
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

function typecheck(dir) {
  const project = join(dir, "tsconfig.bench.json");
  const compilerOptions = { strict: true, noEmit: true, target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", skipLibCheck: true, types: [] };
  writeFileSync(project, JSON.stringify({ compilerOptions, include: ["src"] }));
  const t = performance.now();
  const run = spawnSync(process.execPath, [join(ROOT, "node_modules/tsc7/bin/tsc"), "--noEmit", "-p", project], { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`tsc 7 failed on ${dir}:\n${run.stdout}${run.stderr}`);
  return performance.now() - t;
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
    // Cold = the first run in a fresh process (loading TypeScript and prettier included).
    const generated = child("generate.js", [manifest, out, size >= 1000 ? "2" : "3"]);
    const [cold, ...warm] = generated.runs;
    rows.push({ size, generated, cold, warmMs: median(warm.map((r) => r.wallMs)), tscMs: typecheck(out), list: child("list-rate.js", [out]) });
  }
  table(
    "Generator scale: `generatePackage()` in a fresh process (emit, prettier, type-check and compile with TypeScript 6) and `tsc 7 --noEmit` of the package; goal at 1,000 tools: < 1 s and < 10 s",
    ["tools", "source bytes", "generate cold ms", "cold CPU ms", "generate warm ms", "tsc 7 --noEmit ms"],
    rows.map((r) => [r.size, r.generated.sourceBytes, r.cold.wallMs.toFixed(0), r.cold.cpuMs.toFixed(0), r.warmMs.toFixed(0), r.tscMs.toFixed(0)]),
  );
  const base = rows[0].list.perSec;
  table(
    "Generator scale: `tools/list` (2026-07-28) of the generated server, in process (median of five 200 ms windows; the pre-serialized list is not copied, writing it to a socket is the transport's cost)",
    ["tools", "result bytes", "requests/s", "µs per request", "vs 10 tools"],
    rows.map((r) => [r.list.tools, r.list.bytes, r.list.perSec.toFixed(0), r.list.usPerRequest.toFixed(2), (r.list.perSec / base).toFixed(2)]),
  );
}
