// Run by section.js as `node generate.js MANIFEST OUT_DIR RUNS`: generatePackage() in process
// (manifest → IR → emitted, formatted and built package), the first run cold in a fresh process,
// then warm runs; writes the package's files to OUT_DIR. Each run also reports the CPU of its
// stages: loading the manifest, prettier, and the rest (emitting, plus building dist/: without
// TypeScript, or with TypeScript 6 for a module the direct build does not handle, with a checker
// when an export's type needs inference; see `build`). Prints one JSON line.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { formatTypeScript } from "../../dist/generator/generate/format-code.js";
import { generatePackage, loadManifestOrThrow } from "../../dist/generator/generate/generate-package.js";

const [manifest, outDir, runsText = "3"] = process.argv.slice(2);
const cpuMs = (since) => {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1000;
};
const runs = [];
let files;
let build;
for (let i = 0; i < Number(runsText); i++) {
  const cpu = process.cpuUsage();
  const t = performance.now();
  const loaded = await loadManifestOrThrow(manifest);
  const loadCpuMs = cpuMs(cpu);
  let formatCpuMs = 0;
  const format = async (code) => {
    const start = process.cpuUsage();
    const formatted = await formatTypeScript(code);
    formatCpuMs += cpuMs(start);
    return formatted;
  };
  ({ files, build } = await generatePackage(manifest, { outDir, loaded, format }));
  const total = cpuMs(cpu);
  runs.push({ wallMs: performance.now() - t, cpuMs: total, loadCpuMs, formatCpuMs, restCpuMs: total - loadCpuMs - formatCpuMs });
}
for (const [path, text] of files) {
  mkdirSync(dirname(join(outDir, path)), { recursive: true });
  writeFileSync(join(outDir, path), text);
}
const bytes = [...files].filter(([path]) => path.startsWith("src/")).reduce((sum, [, text]) => sum + text.length, 0);
console.log(JSON.stringify({ runs, sourceBytes: bytes, files: files.size, build }));
