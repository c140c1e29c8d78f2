#!/usr/bin/env node
// Writes bench/server/mcp.yaml (the 100 tools) and mcp-one.yaml (`echo` alone, the cold-start row
// of a 1-tool server) from tools.js, so the manifests and the SDK server cannot drift apart. The
// output is committed; rerun this after changing tools.js.
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { stringify } from "yaml";
import { INPUT_SCHEMAS, TOOLS } from "./tools.js";

const HERE = dirname(fileURLToPath(import.meta.url));
const header = "# yaml-language-server: $schema=../../schema/manifest.schema.json\n# Written by bench/server/write-manifest.js from tools.js: edit those, not this file.\n";

for (const [fileName, tools, description] of [
  ["mcp.yaml", TOOLS, "100 small tools for `npm run bench -- server`."],
  ["mcp-one.yaml", TOOLS.slice(0, 1), "The echo tool alone, for the 1-tool cold-start row of `npm run bench -- server`."],
]) {
  const manifest = {
    mcpgen: 1,
    server: { name: "bench", version: "1.0.0", title: "Bench", description },
    protocol: ["2026-07-28", "2025-11-25"],
    tools: Object.fromEntries(tools.map((t) => [t.name, { description: t.description, input: INPUT_SCHEMAS[t.kind] }])),
  };
  const file = join(HERE, fileName);
  writeFileSync(file, header + stringify(manifest, { aliasDuplicateObjects: false, lineWidth: 0 }));
  console.log(`wrote ${file}`);
}
