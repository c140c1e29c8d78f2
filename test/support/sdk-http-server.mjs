// Serves an official-SDK server (@modelcontextprotocol/server 2.4.0) over node:http on
// 127.0.0.1, both eras on one endpoint: modern traffic goes to the SDK's `createMcpHandler`
// (legacy: 'reject'); legacy traffic, as the SDK's own `isLegacyRequest` classifies it, goes to a
// sessionful WebStandardStreamableHTTPServerTransport per session, so legacy clients get real
// server→client requests on their streams. Used by the interop peers under test/*/fixtures.
import { createServer } from "node:http";
import { randomUUID } from "node:crypto";
import { WebStandardStreamableHTTPServerTransport, createMcpHandler, isLegacyRequest } from "@modelcontextprotocol/server";

async function toWebRequest(req, url) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const body = Buffer.concat(chunks);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD" && req.method !== "DELETE" && body.length > 0;
  return { request: new Request(url, { method: req.method, headers, body: hasBody ? body : undefined }), text: body.toString("utf8") };
}

async function sendWebResponse(res, response) {
  const headers = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  res.writeHead(response.status, headers);
  if (response.body === null) return res.end();
  // Node buffers headers until the first body write; an SSE stream may not write for a while.
  res.flushHeaders();
  const reader = response.body.getReader();
  res.on("close", () => reader.cancel().catch(() => undefined));
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      res.write(value);
    }
  } catch {
    // the client went away
  }
  res.end();
}

/** `build(era)` makes a fresh SDK McpServer ("modern" for the stateless handler, "legacy" per session). */
export async function serveSdkOverHttp(build) {
  const modern = createMcpHandler(() => build("modern"), { legacy: "reject", keepAliveMs: 0 });
  const sessions = new Map();
  const http = createServer(async (req, res) => {
    try {
      const { request, text } = await toWebRequest(req, `http://127.0.0.1:${http.address().port}${req.url}`);
      let parsedBody;
      try {
        parsedBody = text === "" ? undefined : JSON.parse(text);
      } catch {
        parsedBody = undefined;
      }
      if (!(await isLegacyRequest(request.clone(), parsedBody))) return await sendWebResponse(res, await modern.fetch(request, { parsedBody }));
      const sessionId = req.headers["mcp-session-id"];
      let transport = typeof sessionId === "string" ? sessions.get(sessionId) : undefined;
      if (transport === undefined) {
        if (typeof sessionId === "string") return await sendWebResponse(res, new Response("unknown session", { status: 404 }));
        if (parsedBody?.method !== "initialize") return await sendWebResponse(res, new Response("initialize first", { status: 400 }));
        transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(), onsessioninitialized: (id) => sessions.set(id, transport) });
        transport.onclose = () => {
          if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
        };
        await build("legacy").connect(transport);
      }
      await sendWebResponse(res, await transport.handleRequest(request, { parsedBody }));
    } catch (error) {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(error));
    }
  });
  await new Promise((resolve) => http.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${http.address().port}/mcp`,
    sessionCount: () => sessions.size,
    async close() {
      for (const transport of sessions.values()) await transport.close().catch(() => undefined);
      await modern.close().catch(() => undefined);
      http.closeAllConnections?.();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}
