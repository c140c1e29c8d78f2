#!/usr/bin/env node
// Thin launcher: the CLI is compiled from generator/cli.ts by `npm run build`.
import("../dist/generator/cli.js").then((m) => m.main(process.argv)).catch((err) => {
  if (err && err.code === "ERR_MODULE_NOT_FOUND" && String(err.message).includes("dist/generator")) {
    process.stderr.write("mcp-gen: not built yet; run `npm install` (or `npm run build`) first\n");
    process.exit(2);
  }
  throw err;
});
