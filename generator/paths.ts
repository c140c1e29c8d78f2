import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

// The package root is the nearest folder above this module that holds schema/spec.lock.json:
// the checkout's root when we run from source (vitest) or from its dist/, and the installed
// `mcp-gen` package (node_modules/mcp-gen, where packages/cli's prepack staged schema/, templates/
// and dist/) after an install from a tarball or the registry. Node resolves a linked package to
// its real path, so a checkout linked into a project is still found as the checkout.
function findPackageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, "schema", "spec.lock.json"))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error("mcp-gen: cannot find schema/spec.lock.json above " + fileURLToPath(import.meta.url));
    dir = parent;
  }
}

export const PACKAGE_ROOT = findPackageRoot();
export const SCHEMA_DIR = join(PACKAGE_ROOT, "schema");
export const SPEC_LOCK_PATH = join(SCHEMA_DIR, "spec.lock.json");
/** Where synced spec schemas live (git-ignored). */
export const SYNCED_SPEC_DIR = join(SCHEMA_DIR, "spec");
/** The shared spec checkout laid beside the repository, if any (an installed package has none: it ships its synced copies). */
export const SHARED_SPEC_DIR = resolve(PACKAGE_ROOT, "..", "shared", "spec", "schema");
