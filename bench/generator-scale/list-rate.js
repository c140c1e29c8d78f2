// Run by section.js as `node list-rate.js PACKAGE_DIR`: the generated server of that package, in
// process (no transport), answering 2026-07-28 `tools/list` back to back after a warm-up (median
// of five 200 ms windows). The list is serialized once when the server is built, so the cost per
// request should not grow with the number of tools. Prints one JSON line.
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { Cancellation } from "../../packages/runtime/dist/server/cancellation.js";

const dir = process.argv[2];
const { createServer } = await import(pathToFileURL(join(dir, "dist/index.js")).href);
// Every tool answers the same; tools/list never calls a handler.
const handlers = { tools: new Proxy({}, { get: () => () => ({ hits: 1 }) }) };
const server = createServer(handlers, {});
const meta = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} };
let id = 0;
const list = () => server.serveModern({ jsonrpc: "2.0", id: ++id, method: "tools/list", params: { _meta: meta } }, { cancellation: new Cancellation(), notify() {} });

let t = performance.now();
const first = await list();
const firstMs = performance.now() - t;
const body = JSON.parse(first.body);
if (!Array.isArray(body.result?.tools)) throw new Error(`tools/list failed: ${first.body.slice(0, 300)}`);
for (let i = 0; i < 500; i++) await list();
// Five windows of 200 ms; the median rate is reported (the machine is shared).
const rates = [];
for (let w = 0; w < 5; w++) {
  let count = 0;
  t = performance.now();
  while (performance.now() - t < 200) {
    for (let i = 0; i < 50; i++) await list();
    count += 50;
  }
  rates.push(count / ((performance.now() - t) / 1000));
}
const perSec = rates.sort((a, b) => a - b)[2];
await server.close();
console.log(JSON.stringify({ tools: body.result.tools.length, bytes: first.body.length, firstMs, perSec, usPerRequest: 1e6 / perSec }));
