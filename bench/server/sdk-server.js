#!/usr/bin/env node
// The same 100 tools as tools.js, served by the official SDK (@modelcontextprotocol/server
// 2.4.0): `--stdio` (the SDK's serveStdio) or `--port N` (Streamable HTTP on 127.0.0.1:N/mcp),
// plus `--report-rss` (see report-rss.js).
//
// DECISION RECORD — HOW THE SDK IS WIRED (the most favourable idiomatic set-up we found in
// its d.ts, so the comparison is not against a strawman):
// - Modern (2026-07-28) traffic goes to `createMcpHandler(factory)`, the SDK's stateless
//   entry. It builds one McpServer per request from the factory, so the zod schemas are built
//   once at start-up and shared; only the registrations repeat per request, as the SDK intends.
// - Legacy (2025-11-25) traffic is routed with the SDK's own `isLegacyRequest` to a sessionful
//   WebStandardStreamableHTTPServerTransport (initialize once, then Mcp-Session-Id), the
//   pattern that predicate documents. `enableJsonResponse: true` so a request gets one JSON
//   body, like the generated server's answer, instead of a one-event SSE stream.
// - node:http ↔ fetch: @hono/node-server's getRequestListener (already installed as a
//   dependency of the SDK packages). The SDK's node adapter package is not installed here.
// - keepAliveMs 0: no SSE keep-alive timers (no SSE is used on these rows anyway).
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { McpServer, WebStandardStreamableHTTPServerTransport, createMcpHandler, isLegacyRequest } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import * as z from "zod";
import { reportRssOnSignal } from "./report-rss.js";
import { RUN, TOOLS } from "./tools.js";

/** zod twins of tools.js INPUT_SCHEMAS, built once. */
const ZOD_INPUTS = {
  echo: z.object({ text: z.string() }),
  sum: z.object({ a: z.number(), b: z.number() }),
  lookup: z.object({ id: z.string(), limit: z.number().int().min(1).optional() }),
  toggle: z.object({ name: z.string(), enabled: z.boolean() }),
};

function buildServer() {
  const server = new McpServer({ name: "bench", version: "1.0.0" });
  for (const tool of TOOLS) {
    const run = RUN[tool.kind];
    server.registerTool(tool.name, { description: tool.description, inputSchema: ZOD_INPUTS[tool.kind] }, async (args) => ({
      content: [{ type: "text", text: run(args) }],
    }));
  }
  return server;
}

function option(name) {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

async function serveHttp(port) {
  const modern = createMcpHandler(buildServer, { legacy: "reject", keepAliveMs: 0 });
  /** @type {Map<string, WebStandardStreamableHTTPServerTransport>} */
  const sessions = new Map();
  const notFound = () => new Response("not found", { status: 404 });

  async function handle(request) {
    if (new URL(request.url).pathname !== "/mcp") return notFound();
    let parsedBody;
    if (request.method === "POST") {
      try {
        parsedBody = JSON.parse(await request.text());
      } catch {
        parsedBody = undefined;
      }
    }
    if (!(await isLegacyRequest(request, parsedBody))) return modern.fetch(request, { parsedBody });
    const sessionId = request.headers.get("mcp-session-id");
    let transport = sessionId === null ? undefined : sessions.get(sessionId);
    if (transport === undefined) {
      if (sessionId !== null) return new Response("unknown session", { status: 404 });
      if (parsedBody?.method !== "initialize") return new Response("initialize first", { status: 400 });
      const created = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        enableJsonResponse: true,
        onsessioninitialized: (id) => void sessions.set(id, created),
      });
      created.onclose = () => {
        if (created.sessionId !== undefined) sessions.delete(created.sessionId);
      };
      await buildServer().connect(created);
      transport = created;
    }
    return transport.handleRequest(request, { parsedBody });
  }

  const http = createServer(getRequestListener(handle));
  await new Promise((resolve) => http.listen(port, "127.0.0.1", resolve));
  process.stderr.write(`listening http://127.0.0.1:${http.address().port}/mcp\n`);
  const stop = () => {
    http.closeAllConnections();
    http.close(() => process.exit(0));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

reportRssOnSignal();
if (process.argv.includes("--stdio")) serveStdio(buildServer);
else await serveHttp(Number(option("--port") ?? 3000));
