// Where the scaffold written by `mcp-gen init` gets mcp-gen and @mcp-gen/runtime from: the same
// place the running mcp-gen came from, so the scaffold's `npm install` never asks the registry
// for a package that is not published there (issue 19 #0).
//
// DECISION RECORD — INSTALL SOURCE DETECTION. npm records where it took each installed package
// in the lockfile of the tree it installed into: the hidden `node_modules/.package-lock.json`
// (npm ≥ 7, also written for global and npx trees) or the project's `package-lock.json`, under
// the package's folder path, as `resolved`. So:
// - mcp-gen runs from a git checkout (the generator source is beside it): both packages are
//   written as paths into the checkout (`file:<checkout>/packages/cli`, `.../packages/runtime`);
// - a package resolved from a `file:` tarball or folder: that path, made absolute, so the
//   scaffold may live anywhere;
// - resolved from a registry URL, or no lockfile entry at all: `^<version>` from the registry.
// The runtime is looked up as mcp-gen itself resolves it (Node's resolution from mcp-gen's folder).
// A global install (`npm install -g <tarball>`) keeps no lockfile, so it reads as a registry install:
// `--packages <dir>` names the tarballs' folder explicitly.
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, isAbsolute, join, resolve, sep } from "node:path";
import { UserError } from "../errors.js";
import { PACKAGE_ROOT } from "../paths.js";
import { GENERATOR_VERSION } from "../version.js";

export const RUNTIME_PACKAGE = "@mcp-gen/runtime";
export const CLI_PACKAGE = "mcp-gen";

export type InstallKind = "checkout" | "local" | "registry";

export interface ScaffoldDependencies {
  readonly kind: InstallKind;
  /** npm specifiers for package.json, by package name. */
  readonly cli: string;
  readonly runtime: string;
  /** What the editor schema line of mcp.yaml points at, relative to the project or absolute. */
  readonly schemaPath: string;
}

/** The editor schema of an installed mcp-gen, relative to the manifest (it ships in the package). */
export const INSTALLED_SCHEMA_PATH = "node_modules/mcp-gen/schema/manifest.schema.json";

interface LockEntry {
  readonly resolved?: string;
  readonly version?: string;
}

/** True when `root` is a source checkout of mcp-gen (not an installed package). */
export function isCheckout(root: string): boolean {
  return existsSync(join(root, "generator", "cli.ts")) && existsSync(join(root, "packages", "runtime", "package.json"));
}

/** The folder whose node_modules holds `packageDir`, and the package's key in that tree's lockfile. */
function treeOf(packageDir: string): { tree: string; key: string } | undefined {
  const parts = packageDir.split(sep);
  // The outermost node_modules is the tree's root; nested ones are part of the key.
  const first = parts.indexOf("node_modules");
  if (first <= 0) return undefined;
  const tree = parts.slice(0, first).join(sep) || sep;
  return { tree, key: parts.slice(first).join("/") };
}

function lockEntry(packageDir: string): { entry: LockEntry; tree: string } | undefined {
  const where = treeOf(packageDir);
  if (where === undefined) return undefined;
  for (const lock of [join(where.tree, "node_modules", ".package-lock.json"), join(where.tree, "package-lock.json")]) {
    if (!existsSync(lock)) continue;
    try {
      const packages = (JSON.parse(readFileSync(lock, "utf8")) as { packages?: Record<string, LockEntry> }).packages ?? {};
      const entry = packages[where.key];
      if (entry !== undefined) return { entry, tree: where.tree };
    } catch {
      // An unreadable lockfile says nothing; fall through to the next or to the registry.
    }
  }
  return undefined;
}

/** The specifier a scaffold should use for the package installed at `packageDir`. */
export function specifierFor(packageDir: string, version: string): string {
  const found = lockEntry(packageDir);
  const resolved = found?.entry.resolved;
  if (found !== undefined && resolved !== undefined && resolved.startsWith("file:")) {
    const path = resolved.slice("file:".length);
    return `file:${isAbsolute(path) ? path : resolve(found.tree, path)}`;
  }
  return `^${version}`;
}

function runtimeDirOf(cliRoot: string): string | undefined {
  try {
    const require = createRequire(join(cliRoot, "package.json"));
    // The package.json export is not offered; resolve the entry and walk up to the package root.
    let dir = dirname(require.resolve(RUNTIME_PACKAGE));
    while (!existsSync(join(dir, "package.json")) && dirname(dir) !== dir) dir = dirname(dir);
    return dir;
  } catch {
    return undefined;
  }
}

/**
 * Detects how the running mcp-gen was installed. `cliRoot` is the folder holding its package.json
 * (PACKAGE_ROOT), `installedAs` the folder npm put it in when that differs (a symlink's own path).
 */
export function scaffoldDependencies(cliRoot: string = PACKAGE_ROOT, installedAs: string = cliRoot): ScaffoldDependencies {
  if (isCheckout(cliRoot)) {
    const root = realpathSync(cliRoot);
    return {
      kind: "checkout",
      cli: `file:${join(root, "packages", "cli")}`,
      runtime: `file:${join(root, "packages", "runtime")}`,
      // The staged schema exists only in a packed CLI; the checkout's own copy is the same file.
      schemaPath: join(root, "schema", "manifest.schema.json"),
    };
  }
  const runtimeDir = runtimeDirOf(cliRoot);
  const runtimeVersion = runtimeDir === undefined ? GENERATOR_VERSION : ((JSON.parse(readFileSync(join(runtimeDir, "package.json"), "utf8")) as { version?: string }).version ?? GENERATOR_VERSION);
  const cli = specifierFor(installedAs, GENERATOR_VERSION);
  const runtime = runtimeDir === undefined ? `^${runtimeVersion}` : specifierFor(runtimeDir, runtimeVersion);
  return { kind: cli.startsWith("file:") || runtime.startsWith("file:") ? "local" : "registry", cli, runtime, schemaPath: INSTALLED_SCHEMA_PATH };
}

/**
 * `mcp-gen init --packages <dir>`: a folder of packed tarballs (what `npm run pack:packages`
 * writes). For installs npm keeps no lockfile of (`npm install -g <tarball>`), or to choose.
 */
export function dependenciesFromPacks(dir: string, version: string = GENERATOR_VERSION): ScaffoldDependencies {
  const folder = resolve(dir);
  const tarball = (file: string) => {
    const path = join(folder, file);
    if (!existsSync(path)) throw new UserError("MCPGEN0803", `no ${file} in ${folder}`, "pack the packages first (`npm run pack:packages` in an mcp-gen checkout) and pass the folder it printed");
    return `file:${path}`;
  };
  return { kind: "local", cli: tarball(`mcp-gen-${version}.tgz`), runtime: tarball(`mcp-gen-runtime-${version}.tgz`), schemaPath: INSTALLED_SCHEMA_PATH };
}
