// The bench's protected server, one process per mode: the runtime (dist) serving one echo tool,
// with `--issuer URL --resource URL` the JWT verifier on (keys from the issuer's jwks_uri, cached
// after the first request; `--cache-size N` sizes its verified-token cache), without them no
// authorization at all. Prints `listening <url>`.
import { createMcpServer } from "../../packages/runtime/dist/server-entry.js";
import { listenHttp } from "../../packages/runtime/dist/node-entry.js";
import { createJwtVerifier } from "../../packages/runtime/dist/auth-entry.js";

const argv = process.argv.slice(2);
const option = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const issuer = option("--issuer");
const port = Number(option("--port") ?? 0);
const cacheSize = option("--cache-size");

const definition = {
  serverInfo: { name: "bench-auth", version: "1.0.0" },
  revisions: ["2026-07-28", "2025-11-25"],
  tools: [{ name: "echo", description: "Echoes", inputSchema: { type: "object" }, handler: (args) => ({ content: [{ type: "text", text: String(args.text) }] }) }],
};
const auth = issuer
  ? { verifier: createJwtVerifier({ issuer, ...(cacheSize !== undefined ? { cacheSize: Number(cacheSize) } : {}) }), resource: option("--resource"), authorizationServers: [issuer], scopesSupported: ["bench"], requiredScopes: ["bench"] }
  : undefined;
const http = await listenHttp(createMcpServer(definition, auth ? { auth } : {}), { port });
process.stderr.write(`listening ${http.url}\n`);
process.once("SIGTERM", () => void http.close().then(() => process.exit(0)));
