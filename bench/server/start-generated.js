#!/usr/bin/env node
// Starts the server generated from bench/server/mcp.yaml:
// `node bench/server/start-generated.js --stdio` or `--port N` (HTTP on 127.0.0.1:N/mcp),
// plus `--report-rss` (see report-rss.js).
import { serveFromArgv } from "@mcp-gen/runtime/node";
import { handlers } from "./handlers.js";
import { reportRssOnSignal } from "./report-rss.js";

let generated;
try {
  generated = await import("./generated/dist/index.js");
} catch {
  process.stderr.write("bench/server/generated is missing: run `node bin/mcp-gen.js generate bench/server/mcp.yaml --out bench/server/generated`.\n");
  process.exit(1);
}
reportRssOnSignal();
await serveFromArgv(generated.createServer(handlers));
