#!/usr/bin/env node
// Launcher of the packed CLI. Installed from a tarball or the registry, the compiled generator
// sits in ../dist (staged by scripts/prepack.js). Linked from a git checkout (`mcp-gen init` run
// from a checkout writes `file:<checkout>/packages/cli`), the checkout's own build is used, never
// a staged copy left over from an earlier `npm pack`.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const exists = (path) => existsSync(fileURLToPath(new URL(path, import.meta.url)));
// Installed, this file is node_modules/mcp-gen/bin/mcp-gen.js; only in a checkout is it packages/cli/bin.
const inCheckout = /[\\/]packages[\\/]cli[\\/]bin[\\/]mcp-gen\.js$/.test(fileURLToPath(import.meta.url)) && exists("../../../generator/cli.ts");
const cli = inCheckout ? "../../../dist/generator/cli.js" : "../dist/generator/cli.js";
if (!exists(cli)) {
  process.stderr.write(`mcp-gen: the compiled CLI is missing; ${inCheckout ? "run `npm install` (or `npm run build`) at the checkout's root" : "reinstall mcp-gen"}\n`);
  process.exit(2);
}
const { main } = await import(new URL(cli, import.meta.url).href);
await main(process.argv);
