#!/usr/bin/env node
// Writes bench/server/mcp.yaml from tools.js, so the manifest and the SDK server cannot drift
// apart. The output is committed; rerun this after changing tools.js.
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { stringify } from "yaml";
import { INPUT_SCHEMAS, TOOLS } from "./tools.js";

const manifest = {
  mcpgen: 1,
  server: { name: "bench", version: "1.0.0", title: "Bench", description: "100 small tools for `npm run bench -- server`." },
  protocol: ["2026-07-28", "2025-11-25"],
  tools: Object.fromEntries(TOOLS.map((t) => [t.name, { description: t.description, input: INPUT_SCHEMAS[t.kind] }])),
};
const header = "# yaml-language-server: $schema=../../schema/manifest.schema.json\n# Written by bench/server/write-manifest.js from tools.js: edit those, not this file.\n";
const file = join(dirname(fileURLToPath(import.meta.url)), "mcp.yaml");
writeFileSync(file, header + stringify(manifest, { aliasDuplicateObjects: false, lineWidth: 0 }));
console.log(`wrote ${file}`);
