// Starts the server: `node start.js --stdio`, or HTTP with `node start.js --port 3000` (127.0.0.1, path /mcp).
import { serveFromArgv } from "@mcp-gen/runtime";
import { createServer } from "./generated/dist/index.js";
import { handlers } from "./handlers.js";

await serveFromArgv(createServer(handlers));
