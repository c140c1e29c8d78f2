// `npm run pack:packages [-- <dir>]`: packs every publishable package of the checkout
// (packages/runtime, then the CLI in packages/cli; each prepack builds what it ships) into one
// folder, default dist/packs, and prints the command that installs mcp-gen from them. Until the
// packages are on the registry this is how mcp-gen is used outside its own checkout.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
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

const LOCK = join(root, "dist", ".pack-lock");

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

/**
 * One pack at a time per checkout: the CLI's prepack stages into packages/cli and npm reads the
 * staged files after it, so two concurrent runs (two test runs) would mix their files.
 */
function withLock(work) {
  mkdirSync(dirname(LOCK), { recursive: true });
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let waited = 0; ; waited += 200) {
    try {
      mkdirSync(LOCK);
      writeFileSync(join(LOCK, "pid"), String(process.pid));
      break;
    } catch {
      let holder = NaN;
      try {
        holder = Number(readFileSync(join(LOCK, "pid"), "utf8"));
      } catch {
        // Being created or removed right now.
      }
      // A holder that died, or one that never wrote its pid (killed in between), frees the lock.
      let orphan = false;
      try {
        orphan = !Number.isInteger(holder) && Date.now() - statSync(LOCK).mtimeMs > 10_000;
      } catch {
        // Released meanwhile: try again.
      }
      if ((Number.isInteger(holder) && !alive(holder)) || orphan) rmSync(LOCK, { recursive: true, force: true });
      if (waited > 600_000) throw new Error(`another pack holds ${LOCK} for over 10 minutes`);
      Atomics.wait(pause, 0, 0, 200);
    }
  }
  try {
    return work();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

/** Packs each package into `destination`; returns the tarball paths by package name. */
export function packAll(destination) {
  return withLock(() => packEach(destination));
}

function packEach(destination) {
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
