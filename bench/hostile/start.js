#!/usr/bin/env node
// Starts the hostile probe server: `--stdio` or `--port N`. SIGUSR2 prints one stderr line
// `probe eld=<ms> rss=<bytes> heap=<bytes>`: the longest event-loop stall since the last
// report (then reset), and memory after a full GC when node runs with --expose-gc.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { serveFromArgv } from "@mcp-gen/runtime/node";
import { handlers } from "./handlers.js";

const generated = await import("./generated/dist/index.js");
const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
process.on("SIGUSR2", () => {
  globalThis.gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  process.stderr.write(`probe eld=${(delay.max / 1e6).toFixed(1)} rss=${rss} heap=${heapUsed}\n`);
  delay.reset();
});
await serveFromArgv(generated.createServer(handlers, { onError: () => {} }));
