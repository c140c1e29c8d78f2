// Import time of a package: `node -e "import(<url>)"` minus a bare `node -e ""`, medians of
// interleaved runs so background load hits both alike.
import { spawnSync } from "node:child_process";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { median } from "../report.js";

function timeNode(code) {
  const start = performance.now();
  const result = spawnSync(process.execPath, ["-e", code], { encoding: "utf8", timeout: 30_000 });
  const elapsed = performance.now() - start;
  if (result.status !== 0) throw new Error(`node -e ${code} failed: ${result.stderr}`);
  return elapsed;
}

/** Median import cost in ms of the ES module at `file` (bare node start subtracted). */
export function importTimeMs(file, runs) {
  const code = `import(${JSON.stringify(pathToFileURL(file).href)}).catch((e) => { console.error(e); process.exit(1); })`;
  const bare = [];
  const loaded = [];
  for (let i = 0; i < runs; i++) {
    bare.push(timeNode(""));
    loaded.push(timeNode(code));
  }
  return { importMs: median(loaded) - median(bare), withNodeMs: median(loaded), bareNodeMs: median(bare) };
}
