// One instance of the conformance fixture for the scale tests, from a private generated copy
// (SCALE_FIXTURE_DIR) so that test/conformance/server.test.ts regenerating its own copy at the same
// time cannot break it. Same handlers and start-up contract as test/conformance/fixture/server.mjs.
// Usage: SCALE_FIXTURE_DIR=dir node fixture-server.mjs PORT
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { coordinationFromEnvOrExit } from "@mcp-gen/redis";
import { listenHttp } from "@mcp-gen/runtime/node";
import { handlers } from "../../conformance/handlers.mjs";

const { createServer } = await import(pathToFileURL(join(process.env.SCALE_FIXTURE_DIR ?? "", "dist/index.js")).href);
const onError = (error) => process.env.FIXTURE_DEBUG && console.error(error);
const coordination = await coordinationFromEnvOrExit(process.env, { onError });
const listening = await listenHttp(createServer(handlers, { onError, coordination }), { port: Number(process.argv[2] ?? 0), host: "127.0.0.1", path: "/mcp" });
console.log(`scale fixture listening on ${listening.url}`);
process.on("SIGTERM", () => listening.close().then(() => process.exit(0)));
