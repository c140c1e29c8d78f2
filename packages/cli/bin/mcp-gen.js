#!/usr/bin/env node
// Launcher of the packed CLI. Installed from a tarball or the registry, the compiled generator
// sits in ../dist (staged by scripts/prepack.js). Linked from a git checkout (`mcp-gen init` run
// from a checkout writes `file:<checkout>/packages/cli`), the checkout's own build is used.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const candidates = ["../dist/generator/cli.js", "../../../dist/generator/cli.js"].map((p) => new URL(p, import.meta.url));
const cli = candidates.find((url) => existsSync(fileURLToPath(url)));
if (cli === undefined) {
  process.stderr.write("mcp-gen: the compiled CLI is missing; in a checkout run `npm install` (or `npm run build`) at its root\n");
  process.exit(2);
}
const { main } = await import(cli.href);
await main(process.argv);
