// Bun entry: the generated conformance fixture behind Bun.serve, through the runtime's
// web-standard fetch handler (no node:http adapter involved).
// Usage: bun test/runtimes/entries/bun.mjs [PORT]   (binds 127.0.0.1, MCP at /mcp; 0 = ephemeral)
import { createFetchHandler } from "@mcp-gen/runtime/server";
import { handlers } from "../../conformance/handlers.mjs";
import { createServer } from "../../conformance/fixture/generated/dist/server.js";

const mcp = createServer(handlers, { onError: (error) => process.env.FIXTURE_DEBUG && console.error(error) });
const handle = createFetchHandler(mcp, { path: "/mcp" });

const server = Bun.serve({
  hostname: "127.0.0.1",
  port: Number(process.argv[2] ?? 0),
  // Bun closes a connection idle for 10 s by default; an SSE stream can stay quiet longer.
  idleTimeout: 0,
  fetch: (request) => (new URL(request.url).pathname === "/mcp" ? handle(request) : new Response(null, { status: 404 })),
});
console.log(`bun fixture listening on http://127.0.0.1:${server.port}/mcp`);
const stop = () => {
  mcp.close();
  server.stop(true);
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
