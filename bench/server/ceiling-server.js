#!/usr/bin/env node
// The bare ceiling: no MCP logic at all, only the transport work any server must do.
// `--port N`: node:http on 127.0.0.1 reads each POST body and answers with precomputed bytes
// (a tools/list of the 100 tools.js tools when the body names tools/list, an initialize result
// with a session id when it names initialize, the echo tools/call result otherwise).
// `--stdio`: reads newline-delimited JSON, parses each line (to echo its id, which any real
// responder must do) and writes the precomputed result for that method.
// Plus `--report-rss` (see report-rss.js).
import { createServer } from "node:http";
import { reportRssOnSignal } from "./report-rss.js";
import { ECHO_TEXT, INPUT_SCHEMAS, TOOLS } from "./tools.js";

const RESULTS = {
  "tools/call": { resultType: "complete", content: [{ type: "text", text: ECHO_TEXT }] },
  "tools/list": { resultType: "complete", tools: TOOLS.map((t) => ({ name: t.name, description: t.description, inputSchema: INPUT_SCHEMAS[t.kind] })), ttlMs: 0, cacheScope: "private" },
  initialize: { protocolVersion: "2025-11-25", capabilities: { tools: {} }, serverInfo: { name: "ceiling", version: "1.0.0" } },
};
/** Everything after the id, precomputed per method: `,"result":{...}}\n`. */
const TAILS = Object.fromEntries(Object.entries(RESULTS).map(([method, result]) => [method, `,"result":${JSON.stringify(result)}}`]));
const HTTP_BODIES = Object.fromEntries(Object.entries(TAILS).map(([method, tail]) => [method, Buffer.from(`{"jsonrpc":"2.0","id":1${tail}`)]));

function methodOf(text) {
  if (text.includes('"tools/list"')) return "tools/list";
  if (text.includes('"initialize"')) return "initialize";
  if (text.includes('"notifications/')) return "notification";
  return "tools/call";
}

function serveHttp(port) {
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      const method = methodOf(Buffer.concat(chunks).toString("latin1"));
      if (method === "notification") {
        res.writeHead(202).end();
        return;
      }
      const body = HTTP_BODIES[method];
      const headers = { "content-type": "application/json", "content-length": body.length };
      if (method === "initialize") headers["mcp-session-id"] = "ceiling-session";
      res.writeHead(200, headers).end(body);
    });
  });
  server.listen(port, "127.0.0.1", () => process.stderr.write(`listening http://127.0.0.1:${server.address().port}/mcp\n`));
  const stop = () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

function serveStdio() {
  let buffered = "";
  process.stdin.setEncoding("utf8");
  process.stdin.on("data", (chunk) => {
    buffered += chunk;
    let newline;
    let out = "";
    while ((newline = buffered.indexOf("\n")) >= 0) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      if (line.trim() === "") continue;
      const message = JSON.parse(line);
      if (message.id === undefined) continue;
      out += `{"jsonrpc":"2.0","id":${JSON.stringify(message.id)}${TAILS[message.method] ?? TAILS["tools/call"]}\n`;
    }
    if (out !== "") process.stdout.write(out);
  });
  process.stdin.on("end", () => process.exit(0));
}

reportRssOnSignal();
if (process.argv.includes("--stdio")) serveStdio();
else {
  const index = process.argv.indexOf("--port");
  serveHttp(Number(index >= 0 ? process.argv[index + 1] : 3000));
}
