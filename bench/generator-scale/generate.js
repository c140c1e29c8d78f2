// Run by section.js as `node generate.js MANIFEST OUT_DIR RUNS`: generatePackage() in process
// (manifest → IR → emitted, formatted, type-checked and compiled package), the first run cold in
// a fresh process, then warm runs; writes the package's files to OUT_DIR. Prints one JSON line.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { generatePackage } from "../../dist/generator/generate/generate-package.js";

const [manifest, outDir, runsText = "3"] = process.argv.slice(2);
const runs = [];
let files;
for (let i = 0; i < Number(runsText); i++) {
  const cpu = process.cpuUsage();
  const t = performance.now();
  ({ files } = await generatePackage(manifest, { outDir }));
  const { user, system } = process.cpuUsage(cpu);
  runs.push({ wallMs: performance.now() - t, cpuMs: (user + system) / 1000 });
}
for (const [path, text] of files) {
  mkdirSync(dirname(join(outDir, path)), { recursive: true });
  writeFileSync(join(outDir, path), text);
}
const bytes = [...files].filter(([path]) => path.startsWith("src/")).reduce((sum, [, text]) => sum + text.length, 0);
console.log(JSON.stringify({ runs, sourceBytes: bytes, files: files.size }));
