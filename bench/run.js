#!/usr/bin/env node
// `npm run bench`: measured numbers, printed as tables. Sections run in order; pass section
// names to run only some (e.g. `npm run bench -- emitter`). Uses the built generator (dist/).
import { spawnSync } from "node:child_process";
import { performance } from "node:perf_hooks";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { writeChart } from "./chart.js";
import { median, printedTables, table } from "./report.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const OUT = join(ROOT, "bench", "results");

/** Emitter time per revision (median of warm runs, plus the first cold run) and tsc time on its output. */
async function emitterSection() {
  const { generateTypesModule } = await import("../dist/generator/emit/types/types-module.js");
  const { revisionNames } = await import("../dist/generator/spec-schema/lock.js");
  mkdirSync(join(OUT, "types"), { recursive: true });
  const rows = [];
  for (const revision of revisionNames()) {
    let t = performance.now();
    const first = generateTypesModule(revision);
    const cold = performance.now() - t;
    const runs = [];
    for (let i = 0; i < 15; i++) {
      t = performance.now();
      generateTypesModule(revision);
      runs.push(performance.now() - t);
    }
    const file = join(OUT, "types", `${revision}.ts`);
    writeFileSync(file, first.code);
    rows.push({ revision, cold, warm: median(runs), bytes: first.code.length, definitions: first.exported.length, file });
  }
  const tscOne = (bin, file) => {
    const project = `${file}.tsconfig.json`;
    writeFileSync(
      project,
      JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", skipLibCheck: true, types: [] }, files: [file] }),
    );
    const t = performance.now();
    const r = spawnSync(process.execPath, [bin, "-p", project], { encoding: "utf8" });
    if (r.status !== 0) throw new Error(`tsc failed on ${file}:\n${r.stdout}${r.stderr}`);
    return performance.now() - t;
  };
  table(
    "Emitter: `mcp-gen types` per revision (in-process; median of 15 warm runs)",
    ["revision", "definitions", "output bytes", "cold ms", "warm ms", "tsc 6 --noEmit ms", "tsc 7 --noEmit ms"],
    rows.map((r) => [
      r.revision,
      r.definitions,
      r.bytes,
      r.cold.toFixed(1),
      r.warm.toFixed(1),
      tscOne(join(ROOT, "node_modules/typescript/bin/tsc"), r.file).toFixed(0),
      tscOne(join(ROOT, "node_modules/tsc7/bin/tsc"), r.file).toFixed(0),
    ]),
  );
}

const SECTIONS = {
  emitter: emitterSection,
  server: async () => (await import("./server/section.js")).serverSection(),
  client: async () => (await import("./client/section.js")).clientSection(),
  hostile: async () => (await import("./hostile/section.js")).hostileSection(),
  scale: async () => (await import("./scale/section.js")).scaleSection(),
  auth: async () => (await import("./auth/section.js")).authSection(),
  tasks: async () => (await import("./tasks/section.js")).tasksSection(),
  operations: async () => (await import("./operations/section.js")).operationsSection(),
  "scale-gen": async () => (await import("./generator-scale/section.js")).generatorScaleSection(),
  import: async () => (await import("./import/section.js")).importSection(),
};

const wanted = process.argv.slice(2).filter((a) => !a.startsWith("-"));
const names = wanted.length > 0 ? wanted : Object.keys(SECTIONS);
const machine = `node ${process.version}, ${(await import("node:os")).cpus().length} cores`;
console.log(`# mcp-gen bench — ${machine}`);
for (const name of names) {
  const section = SECTIONS[name];
  if (!section) {
    console.error(`unknown section ${name}; known: ${Object.keys(SECTIONS).join(", ")}`);
    process.exit(1);
  }
  await section();
}
// The same tables as a chart: bench/results/bench.svg for a full run, bench-<sections>.svg for some.
const all = names.length === Object.keys(SECTIONS).length;
const chart = writeChart(printedTables(), join(OUT, all ? "bench.svg" : `bench-${names.join("-")}.svg`), `mcp-gen bench — ${machine}; sections: ${names.join(", ")}`);
console.log(`\nchart: ${chart.slice(ROOT.length + 1)}`);
