#!/usr/bin/env node
// Starts the reports server: `node examples/reports/start.js --stdio` or `--port N` (HTTP on 127.0.0.1:N/mcp).
import { serveFromArgv } from "@mcp-gen/runtime/node";
import { coordinationFromEnvOrExit } from "@mcp-gen/redis";
import { handlers } from "./handlers.js";

let generated;
try {
  generated = await import("./generated/dist/index.js");
} catch {
  process.stderr.write("examples/reports/generated is missing: run `npm install` (or `npm run examples`) first.\n");
  process.exit(1);
}
// MCP_GEN_REDIS_URL (with MCP_GEN_STATE_KEY and MCP_GEN_HANDLE_KEY) shares sessions and tasks between
// instances: a report started through one is polled, answered and cancelled through any (docs/tasks.md).
const coordination = await coordinationFromEnvOrExit();
await serveFromArgv(generated.createServer(handlers, coordination ? { coordination, tasks: { store: coordination.tasks } } : {}));
