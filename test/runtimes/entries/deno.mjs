// Deno entry: the generated conformance fixture behind Deno.serve, through the runtime's
// web-standard fetch handler. Packages resolve from node_modules (the repository's package.json).
// Usage: deno run --allow-net=127.0.0.1 --allow-read --allow-env test/runtimes/entries/deno.mjs [PORT]
import { createFetchHandler } from "@mcp-gen/runtime/server";
import { handlers } from "../../conformance/handlers.mjs";
import { createServer } from "../../conformance/fixture/generated/dist/server.js";

const mcp = createServer(handlers, { onError: (error) => Deno.env.get("FIXTURE_DEBUG") && console.error(error) });
const handle = createFetchHandler(mcp, { path: "/mcp" });

const server = Deno.serve(
  {
    hostname: "127.0.0.1",
    port: Number(Deno.args[0] ?? 0),
    onListen: ({ port }) => console.log(`deno fixture listening on http://127.0.0.1:${port}/mcp`),
  },
  (request) => (new URL(request.url).pathname === "/mcp" ? handle(request) : new Response(null, { status: 404 })),
);
Deno.addSignalListener("SIGTERM", async () => {
  mcp.close();
  await server.shutdown();
  Deno.exit(0);
});
