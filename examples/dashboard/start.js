#!/usr/bin/env node
// Starts the dashboard server: `node examples/dashboard/start.js --stdio` or `--port N` (HTTP on 127.0.0.1:N/mcp).
import { serveFromArgv } from "@mcp-gen/runtime/node";
import { handlers } from "./handlers.js";

let generated;
try {
  generated = await import("./generated/dist/index.js");
} catch {
  process.stderr.write("examples/dashboard/generated is missing: run `npm install` (or `npm run examples`) first.\n");
  process.exit(1);
}
await serveFromArgv(generated.createServer(handlers));
