// stdio entry: the generated conformance fixture on stdin/stdout (newline-delimited JSON-RPC),
// the same file for every runtime (`bun entries/stdio.mjs`, `deno run --allow-read --allow-env
// entries/stdio.mjs`, `node entries/stdio.mjs`). serveStdio reads `process.stdin`, which Bun and
// Deno both provide.
import { serveStdio } from "@mcp-gen/runtime/node";
import { handlers } from "../../conformance/handlers.mjs";
import { createServer } from "../../conformance/fixture/generated/dist/server.js";

const connection = serveStdio(createServer(handlers, {}));
await connection.closed;
