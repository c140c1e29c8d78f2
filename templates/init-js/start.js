// Starts the server: `node start.js --stdio`, or HTTP on 127.0.0.1 (`--port N`, else $PORT, else 3000; path /mcp).
import { serveFromArgv } from "@mcp-gen/runtime/node";
import { createServer } from "./generated/dist/index.js";
import { handlers } from "./handlers.js";

await serveFromArgv(createServer(handlers));
