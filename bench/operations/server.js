// The server the operations bench measures, in its own process (forked with IPC) so that its
// RSS and file descriptors are its own. Messages: "stats" → { rss, heapUsed, fds, slowConsumerCuts },
// "gc" → collects (with --expose-gc) and answers stats.
import { readdirSync } from "node:fs";
import { createMcpServer } from "@mcp-gen/runtime/server";
import { listenHttp } from "@mcp-gen/runtime/node";

let slowConsumerCuts = 0;
const sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), reject(new Error("aborted"))));
  });

const definition = {
  serverInfo: { name: "operations-bench", version: "0.0.1" },
  revisions: ["2026-07-28", "2025-11-25"],
  capabilities: { tools: { listChanged: true } },
  tools: [
    {
      name: "work",
      description: "Answers after `ms` milliseconds",
      inputSchema: { type: "object", properties: { ms: { type: "integer" } } },
      handler: async (args, ctx) => {
        if (args.ms) await sleep(args.ms, ctx.signal);
        return { content: [{ type: "text", text: "done" }] };
      },
    },
    {
      name: "firehose",
      description: "Streams large progress notifications until the client goes away",
      inputSchema: { type: "object" },
      handler: async (_args, ctx) => {
        const message = "x".repeat(64 * 1024);
        for (let i = 0; i < 100_000 && !ctx.signal.aborted; i++) {
          ctx.progress(i, undefined, message);
          await new Promise((resolve) => setImmediate(resolve));
        }
        return { content: [{ type: "text", text: "stopped" }] };
      },
    },
  ],
};

const mcp = createMcpServer(definition, {
  limits: {
    maxListens: 4096,
    maxSessions: 20_000,
    maxSessionsPerClient: 20_000,
    sessionIdleMs: Number(process.env.OPS_SESSION_IDLE_MS ?? 2000),
    maxStreamBufferBytes: 256 * 1024,
    handlerTimeoutMs: 0,
  },
  onError: (error) => {
    if (error?.name === "SlowConsumerError") slowConsumerCuts++;
  },
});
const listening = await listenHttp(mcp, { port: 0, maxConnections: 8192, maxConnectionsPerClient: 8192, headersTimeoutMs: 2000, requestTimeoutMs: 5000 });

const stats = () => {
  const memory = process.memoryUsage();
  return { rss: memory.rss, heapUsed: memory.heapUsed, fds: readdirSync("/proc/self/fd").length, slowConsumerCuts };
};
process.on("message", (message) => {
  if (message === "gc") globalThis.gc?.();
  process.send?.(stats());
});
process.on("disconnect", () => void listening.close().then(() => process.exit(0)));
process.send?.({ url: listening.url });
