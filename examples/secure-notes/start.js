#!/usr/bin/env node
// Starts the secure notes server on HTTP: `node examples/secure-notes/start.js --port N
// --issuer URL [--audience URL]`. --issuer names the authorization server whose metadata lists
// the JWKS (default: the manifest's); --audience overrides the resource id tokens must name
// (default: the URL the server is reached at, http://127.0.0.1:N/mcp). docs/authorization.md.
import { serveFromArgv } from "@mcp-gen/runtime/node";
import { handlers } from "./handlers.js";

let generated;
try {
  generated = await import("./generated/dist/index.js");
} catch {
  process.stderr.write("examples/secure-notes/generated is missing: run `npm install` (or `npm run examples`) first.\n");
  process.exit(1);
}

const argv = process.argv.slice(2);
const option = (name) => {
  const index = argv.indexOf(name);
  return index >= 0 ? argv[index + 1] : argv.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
};
const issuer = option("--issuer");
const audience = option("--audience");
const authOverrides = { ...(issuer ? { authorizationServers: [issuer] } : {}), ...(audience ? { resource: audience } : {}) };
await serveFromArgv(generated.createServer(handlers, { authOverrides, onError: (error) => process.stderr.write(`${error?.stack ?? error}\n`) }), argv);
