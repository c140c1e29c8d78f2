// Builds the Worker for workerd: esbuild bundles entries/worker.mjs (workerd resolves no
// node_modules) and a capnp config names the module, the socket and the compatibility flags.
// DECISION: workerd is driven directly (`workerd serve config.capnp`), not through miniflare,
// which declares node >= 22 while the project supports node 20.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { entry } from "./support.js";

/** Bundles an entry as worker.mjs; returns the Node built-ins the bundle still imports (left external). */
export async function bundleWorker(outDir: string, entryName = "worker.mjs"): Promise<string[]> {
  mkdirSync(outDir, { recursive: true });
  const result = await build({
    entryPoints: [entry(entryName)],
    outfile: join(outDir, "worker.mjs"),
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["module", "main"],
    external: ["node:*"],
    metafile: true,
    logLevel: "silent",
  });
  const imports = Object.values(result.metafile.outputs).flatMap((output) => output.imports);
  return [...new Set(imports.filter((i) => i.external).map((i) => i.path))].sort();
}

/** Writes config.capnp beside the bundle: one Worker service on 127.0.0.1:port. */
export function writeWorkerdConfig(outDir: string, port: number, flags: string[]): string {
  const file = join(outDir, "config.capnp");
  writeFileSync(
    file,
    [
      'using Workerd = import "/workerd/workerd.capnp";',
      "const config :Workerd.Config = (",
      '  services = [ (name = "main", worker = .worker) ],',
      `  sockets = [ (name = "http", address = "127.0.0.1:${port}", http = (), service = "main") ],`,
      ");",
      "const worker :Workerd.Worker = (",
      '  modules = [ (name = "worker.mjs", esModule = embed "worker.mjs") ],',
      '  compatibilityDate = "2026-07-01",',
      `  compatibilityFlags = [${flags.map((f) => JSON.stringify(f)).join(", ")}],`,
      ");",
      "",
    ].join("\n"),
  );
  return file;
}
