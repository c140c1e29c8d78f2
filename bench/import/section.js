// `npm run bench -- import`: `mcp-gen import openapi` (issue 20) on the checked-in fixtures — the
// Petstore 3.0/3.1 and the Gitea API (346 operations). Stages, in process, median of warm runs:
// document → manifest data (parse, $refs, schema conversion), data → YAML text, and the manifest
// loader's check of that text (the same check `import --out` runs before writing).
import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { median, table } from "../report.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const FIXTURES = join(ROOT, "test", "fixtures", "openapi");

function time(work, runs) {
  const samples = [];
  let value;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    value = work();
    samples.push(performance.now() - t);
  }
  return { value, ms: median(samples) };
}

async function timeAsync(work, runs) {
  const samples = [];
  let value;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    value = await work();
    samples.push(performance.now() - t);
  }
  return { value, ms: median(samples) };
}

export async function importSection() {
  const { importOpenApi } = await import("../../dist/generator/import/to-manifest.js");
  const { importedYaml } = await import("../../dist/generator/import/write.js");
  const { loadManifestText } = await import("../../dist/generator/manifest/load.js");
  const rows = [];
  for (const [file, runs] of [["petstore-3.0.yaml", 9], ["petstore-3.1.yaml", 9], ["gitea.json", 5]]) {
    const options = { documentLabel: `./${file}`, include: [], exclude: [] };
    const converted = await timeAsync(() => importOpenApi(join(FIXTURES, file), options), runs);
    const yaml = time(() => importedYaml(converted.value.data), runs);
    const loaded = time(() => loadManifestText(yaml.value, join(FIXTURES, "bench-import.yaml")), Math.min(runs, 3));
    if (!loaded.value.manifest) throw new Error(`${file}: the imported manifest does not load`);
    rows.push([file, converted.value.tools, Object.keys(converted.value.data.definitions ?? {}).length, yaml.value.length, converted.ms.toFixed(1), yaml.ms.toFixed(1), (converted.ms + yaml.ms).toFixed(1), loaded.ms.toFixed(0)]);
  }
  table(
    "import openapi: document → manifest (in-process; median of warm runs)",
    ["document", "tools", "definitions", "manifest bytes", "convert ms", "YAML ms", "import total ms", "loader check ms"],
    rows,
  );
  // The command as a user runs it: a fresh process (module loading included) that imports,
  // checks and writes the manifest. Goal (issue 20): the Gitea document in under 2 s.
  const out = join(ROOT, "bench", "results", "import");
  mkdirSync(out, { recursive: true });
  const cli = [];
  for (const file of ["petstore-3.1.yaml", "gitea.json"]) {
    const runs = [];
    for (let i = 0; i < 3; i++) runs.push(commandRun(join(FIXTURES, file), join(out, `${file}.mcp.yaml`)));
    const byCpu = runs.sort((a, b) => a.cpuMs - b.cpuMs)[1];
    cli.push([file, byCpu.wallMs.toFixed(0), byCpu.cpuMs.toFixed(0), file === "gitea.json" ? "< 2000" : ""]);
  }
  table("import openapi: `mcp-gen import openapi DOC --out FILE` in a fresh process (median CPU of 3 runs; wall time counts the machine's other load)", ["document", "wall ms", "CPU ms", "goal"], cli);
}

/** Wall and CPU time of one CLI run; a preloaded hook prints the process's CPU at exit. */
function commandRun(document, outFile) {
  const hook = 'data:text/javascript,process.on("exit",()=>{const u=process.cpuUsage();process.stderr.write("\\nbench-cpu-us "+(u.user+u.system)+"\\n")})';
  const t = performance.now();
  const run = spawnSync(process.execPath, ["--import", hook, join(ROOT, "bin", "mcp-gen.js"), "import", "openapi", document, "--out", outFile], { encoding: "utf8" });
  const wallMs = performance.now() - t;
  const cpu = /bench-cpu-us (\d+)/.exec(run.stderr);
  if (run.status !== 0 || !cpu) throw new Error(`mcp-gen import openapi ${document} failed:\n${run.stdout}${run.stderr}`);
  return { wallMs, cpuMs: Number(cpu[1]) / 1000 };
}
