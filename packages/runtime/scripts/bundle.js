#!/usr/bin/env node
// Bundles the runtime's compiled entries (dist/*-entry.js, dist/validation/index.js) into
// dist/bundle/, one file per subpath plus shared chunks, which is what package.json `exports`
// point at. Why: ESM start-up cost is per module loaded (resolution, a read, a compile each);
// the server path of a generated package loaded ~120 runtime modules, a bundle loads a handful
// with the same code (measured by `npm run bench -- server`, rows "cold start" and "import").
// Shared chunks keep one copy of each module across subpaths (a class imported from ./server and
// ./client is the same class), packages (jose, re2js, zod, OpenTelemetry) stay external, and the
// unbundled dist/ stays as tsc wrote it (types, source maps, tests that walk the module graph).
// Usage: node packages/runtime/scripts/bundle.js [--metafile <path>]
import { build } from "esbuild";
import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { mergeChunks } from "./merge-chunks.js";

const RUNTIME = join(dirname(fileURLToPath(import.meta.url)), "..");
const DIST = join(RUNTIME, "dist");
export const BUNDLE_DIR = join(DIST, "bundle");

/** Each export of package.json: its subpath and the compiled module tsc wrote for it. */
export function runtimeEntries() {
  const pkg = JSON.parse(readFileSync(join(RUNTIME, "package.json"), "utf8"));
  return Object.entries(pkg.exports).map(([subpath, target]) => {
    const bundled = target.default;
    if (!bundled.startsWith("./dist/bundle/")) throw new Error(`package.json exports["${subpath}"].default must point into ./dist/bundle/ (is ${bundled})`);
    return { subpath, source: join(DIST, bundled.slice("./dist/bundle/".length)), output: join(RUNTIME, bundled) };
  });
}

export async function bundleRuntime() {
  const entries = runtimeEntries();
  // Built next to the live bundle and swapped in: processes importing the runtime while a
  // rebuild runs (tests, a dev server) never see a half-written or missing bundle.
  const staging = `${BUNDLE_DIR}.${process.pid}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  const options = {
    entryPoints: [...new Set(entries.map((e) => e.source))].map((source) => ({ in: source, out: relative(DIST, source).replace(/\.js$/, "") })),
    absWorkingDir: RUNTIME,
    outdir: staging,
    bundle: true,
    splitting: true,
    format: "esm",
    // Neutral, not node: the root, ./core, ./server and ./client run on workerd, Deno and in
    // browsers; node: built-ins (used behind ./node only) stay imports.
    platform: "neutral",
    external: ["node:*"],
    packages: "external",
    target: "es2022",
    sourcemap: true,
    // No keepNames: it wraps every function expression in a __name() defineProperty call, per
    // closure created — ~4 µs per tools/call (bench/server profile). Error classes set `name`
    // themselves; a renamed helper only shows in a stack trace, which the source map resolves.
    metafile: true,
    logLevel: "warning",
    chunkNames: "chunks/[name]-[hash]",
  };
  let metafile;
  try {
    const result = await build(options);
    // esbuild's chunks (one per set of entries sharing code) merged into a few per subpath family.
    metafile = await mergeChunks(result.metafile, RUNTIME, options);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true }); // a failed build leaves no staging folder behind
    throw error;
  }
  writeFileSync(join(staging, "metafile.json"), JSON.stringify(metafile));
  const retired = `${BUNDLE_DIR}.${process.pid}.old`;
  try {
    renameSync(BUNDLE_DIR, retired);
  } catch (error) {
    if (error.code !== "ENOENT") throw error;
  }
  renameSync(staging, BUNDLE_DIR);
  rmSync(retired, { recursive: true, force: true });
  return metafile;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const metafile = await bundleRuntime();
  const at = process.argv.indexOf("--metafile");
  if (at > 0) writeFileSync(process.argv[at + 1], JSON.stringify(metafile));
}
