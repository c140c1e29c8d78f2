// workerd (Cloudflare Workers) entry: the generated conformance fixture as a module Worker,
// `export default { fetch }`. Bundled by esbuild (test/runtimes/workerd.ts) because workerd has no
// node_modules resolution. The server is built on the first request: Workers forbid timers and
// random values in global scope, and the server's signing key is random per isolate. No
// compatibility flag is needed (no nodejs_compat): the runtime's server subpath uses Web Crypto.
// `ctx` goes to the handler so a task keeps running after the tools/call that created it
// (ctx.waitUntil).
import { createFetchHandler } from "@mcp-gen/runtime/server";
import { handlers } from "../../conformance/handlers.mjs";
import { createServer } from "../../conformance/fixture/generated/dist/server.js";

let handle;

export default {
  fetch(request, env, ctx) {
    if (new URL(request.url).pathname !== "/mcp") return new Response(null, { status: 404 });
    handle ??= createFetchHandler(createServer(handlers, { onError: (error) => console.error("onError:", error?.stack ?? error) }), { path: "/mcp" });
    return handle(request, ctx);
  },
};
