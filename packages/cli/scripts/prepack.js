// prepack of the `mcp-gen` CLI package: builds the generator in the checkout, syncs and
// hash-verifies the pinned spec schemas, then stages into this folder exactly what the tarball
// ships (dist/generator, templates, schema with the synced spec copies, docs). The generator
// source stays in /generator; this folder only holds the publishable package.json, the bin
// launcher and this script. Nothing here runs on install: the package has no install scripts.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const root = resolve(here, "..", "..");
const readJson = (path) => JSON.parse(readFileSync(path, "utf8"));

function fail(message) {
  process.stderr.write(`mcp-gen prepack: ${message}\n`);
  process.exit(1);
}

// The package must describe the code it ships: same version and the same pinned dependencies as
// the checkout that builds it (GENERATOR_VERSION is read from the shipped package.json).
const cli = readJson(join(here, "package.json"));
const repo = readJson(join(root, "package.json"));
const runtime = readJson(join(root, "packages", "runtime", "package.json"));
if (cli.version !== repo.version) fail(`version ${cli.version} differs from the repository's ${repo.version}`);
if (cli.dependencies["@mcp-gen/runtime"] !== runtime.version) fail(`depends on @mcp-gen/runtime ${cli.dependencies["@mcp-gen/runtime"]}, but packages/runtime is ${runtime.version}`);
for (const [name, version] of Object.entries(repo.dependencies)) {
  if (cli.dependencies[name] !== version) fail(`dependency ${name} is ${cli.dependencies[name] ?? "missing"}, the repository pins ${version}`);
}

const node = process.execPath;
const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
if (!existsSync(tsc)) fail("run `npm install` at the repository root first (typescript is missing)");
function run(what, args) {
  try {
    execFileSync(node, args, { cwd: root, stdio: "inherit" });
  } catch {
    fail(`${what} failed (its output is above)`);
  }
}
run("the build (tsc -b)", [tsc, "-b", join(root, "tsconfig.build.json")]);
// `spec sync` refuses a file whose sha256 differs from schema/spec.lock.json.
run("mcp-gen spec sync", [join(root, "bin", "mcp-gen.js"), "spec", "sync", "--quiet"]);

for (const staged of ["dist", "templates", "schema", "docs"]) rmSync(join(here, staged), { recursive: true, force: true });
cpSync(join(root, "dist", "generator"), join(here, "dist", "generator"), { recursive: true, filter: (path) => !path.endsWith(".tsbuildinfo") });
cpSync(join(root, "templates"), join(here, "templates"), { recursive: true });
cpSync(join(root, "docs"), join(here, "docs"), { recursive: true });
mkdirSync(join(here, "schema"), { recursive: true });
for (const file of ["manifest.schema.json", "spec.lock.json"]) cpSync(join(root, "schema", file), join(here, "schema", file));

// Copy each locked revision and check its hash once more on the staged bytes: an installed
// mcp-gen cannot reach the spec repository, so what it ships must be exactly the pinned files.
const lock = readJson(join(root, "schema", "spec.lock.json"));
for (const [revision, { sha256 }] of Object.entries(lock.revisions)) {
  const from = join(root, "schema", "spec", revision, "schema.json");
  const to = join(here, "schema", "spec", revision, "schema.json");
  mkdirSync(dirname(to), { recursive: true });
  cpSync(from, to);
  const actual = createHash("sha256").update(readFileSync(to)).digest("hex");
  if (actual !== sha256) fail(`spec ${revision}: staged schema has sha256 ${actual}, the lock pins ${sha256}`);
}
