// `npm run pack:packages [-- <dir>]`: packs every publishable package of the checkout
// (packages/runtime, then the CLI in packages/cli; each prepack builds what it ships) into one
// folder, default dist/packs, and prints the command that installs mcp-gen from them. Until the
// packages are on the registry this is how mcp-gen is used outside its own checkout.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
/**
 * Every package under packages/ that is not private: the runtime first and the CLI second (its
 * prepack builds the whole checkout, tsconfig.build.json), then the others by name.
 */
export function packageDirs() {
  const first = ["packages/runtime", "packages/cli"];
  const others = readdirSync(join(root, "packages"))
    .map((name) => `packages/${name}`)
    .filter((dir) => !first.includes(dir) && existsSync(join(root, dir, "package.json")))
    .filter((dir) => JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8")).private !== true)
    .sort();
  return [...first, ...others];
}

/** Packs each package into `destination`; returns the tarball paths by package name. */
export function packAll(destination) {
  mkdirSync(destination, { recursive: true });
  const tarballs = {};
  for (const dir of packageDirs()) {
    // npm prints the tarball's file name last on stdout; prepack output goes to stderr/inherit.
    const out = execFileSync("npm", ["pack", "--json", "--pack-destination", destination], {
      cwd: join(root, dir),
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    });
    const [info] = JSON.parse(out.slice(out.indexOf("[")));
    tarballs[info.name] = join(destination, info.filename);
  }
  return tarballs;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const destination = resolve(process.argv[2] ?? join(root, "dist", "packs"));
  const tarballs = packAll(destination);
  process.stdout.write(`packed into ${destination}: ${readdirSync(destination).filter((f) => f.endsWith(".tgz")).join(", ")}\n`);
  process.stdout.write(`install mcp-gen from them (in a project):\n  npm install --save-dev ${tarballs["mcp-gen"]} ${tarballs["@mcp-gen/runtime"]}\n`);
  const others = Object.entries(tarballs).filter(([name]) => name !== "mcp-gen" && name !== "@mcp-gen/runtime");
  if (others.length > 0) process.stdout.write(`optional packages: ${others.map(([name, path]) => `${name} (${path})`).join(", ")}\n`);
}
