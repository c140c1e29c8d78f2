// vitest globalSetup: rebuilds the runtime's bundle (what `@mcp-gen/runtime/*` resolves to) when
// a compiled module in packages/runtime/dist is newer than it, so a test run after a bare
// `tsc -b` never exercises stale runtime code. `npm run build` bundles too; this is the net.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { bundleRuntime } from "../../packages/runtime/scripts/bundle.js";

const DIST = join(import.meta.dirname, "../../packages/runtime/dist");

function newestCompiled(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "bundle" || entry.name.startsWith("bundle.")) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestCompiled(path));
    else if (entry.name.endsWith(".js")) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

export default async function setup(): Promise<void> {
  if (!existsSync(DIST)) return; // not built at all: the tests that need it say so
  const metafile = join(DIST, "bundle", "metafile.json");
  if (existsSync(metafile) && statSync(metafile).mtimeMs >= newestCompiled(DIST)) return;
  await bundleRuntime();
}
