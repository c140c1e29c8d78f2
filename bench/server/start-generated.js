#!/usr/bin/env node
// Starts the server generated from bench/server/mcp.yaml (with `--one-tool`: from mcp-one.yaml):
// `node bench/server/start-generated.js --stdio` or `--port N` (HTTP on 127.0.0.1:N/mcp),
// plus `--report-rss` (see report-rss.js).
import { serveFromArgv } from "@mcp-gen/runtime/node";
import { handlers } from "./handlers.js";
import { reportRssOnSignal } from "./report-rss.js";
import { ONE_TOOL } from "./tools.js";

let generated;
try {
  generated = await (ONE_TOOL ? import("./generated-one/dist/index.js") : import("./generated/dist/index.js"));
} catch {
  const [manifest, out] = ONE_TOOL ? ["mcp-one.yaml", "generated-one"] : ["mcp.yaml", "generated"];
  process.stderr.write(`bench/server/${out} is missing: run \`node bin/mcp-gen.js generate bench/server/${manifest} --out bench/server/${out}\`.\n`);
  process.exit(1);
}
reportRssOnSignal();
await serveFromArgv(generated.createServer(handlers));
