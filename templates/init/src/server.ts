// Starts the server: `npm start` serves HTTP on 127.0.0.1 (port $PORT, default 3000, path /mcp);
// `npm run start:stdio` serves stdin/stdout. `npm run dev` runs this file with tsx, restarting on edits.
import { serveFromArgv } from "@mcp-gen/runtime/node";
import { createServer } from "../generated/dist/index.js";
import { handlers } from "./handlers.js";

await serveFromArgv(createServer(handlers));
