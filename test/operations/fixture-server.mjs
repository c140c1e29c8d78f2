// The server the drain tests start as a child process: serveFromArgv (the generated entry's
// start-up) over a small definition. Usage: node fixture-server.mjs --port 0 --drain-ms N | --stdio
import { createMcpServer } from "@mcp-gen/runtime/server";
import { serveFromArgv } from "@mcp-gen/runtime/node";

const definition = {
  serverInfo: { name: "operations-fixture", version: "0.0.1" },
  revisions: ["2026-07-28", "2025-11-25"],
  capabilities: { tools: { listChanged: true } },
  tools: [
    {
      name: "slow",
      description: "Answers after `ms` milliseconds",
      inputSchema: { type: "object", properties: { ms: { type: "integer" } } },
      handler: (args, ctx) =>
        new Promise((resolve, reject) => {
          const timer = setTimeout(() => resolve({ content: [{ type: "text", text: `slept ${args.ms ?? 100}` }] }), args.ms ?? 100);
          ctx.signal.addEventListener("abort", () => {
            clearTimeout(timer);
            reject(new Error("aborted"));
          });
        }),
    },
  ],
};

await serveFromArgv(createMcpServer(definition, { onError: (error) => process.env.FIXTURE_DEBUG && console.error(error) }));
