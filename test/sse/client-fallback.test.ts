// The runtime client's HTTP+SSE fallback against mcp-gen's own server and against hand-made
// servers for its edges: the 405 path (the generated notes server's /sse answers POST 405), a
// server→client elicitation over the old transport, an `endpoint` event naming another origin
// (refused), a stream that ends while a request waits (transport-closed), and a Streamable
// HTTP server whose JSON-RPC refusal of initialize must not trigger the fallback.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectClient, createHttpTransport, McpClientError } from "@mcp-gen/runtime/client";
import { startNotes } from "./support.js";

const CLIENT_INFO = { name: "fallback-test", version: "1.0.0" };
let notes: Awaited<ReturnType<typeof startNotes>>;
const servers: Server[] = [];

beforeAll(async () => {
  notes = await startNotes();
});
afterAll(async () => {
  await notes?.close();
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A node:http server on 127.0.0.1 running `handler`; resolves with its base URL. */
async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const failureOf = (work: Promise<unknown>): Promise<unknown> =>
  work.then(
    () => undefined,
    (error: unknown) => error,
  );

describe("client HTTP+SSE fallback", () => {
  it("reaches the generated notes server through its /sse URL (POST there is 405) and answers its elicitation", async () => {
    const asked: unknown[] = [];
    const client = await connectClient({
      transport: createHttpTransport({ url: `${notes.base}/sse` }),
      clientInfo: CLIENT_INFO,
      handlers: {
        elicitation: (params) => {
          asked.push(params);
          return { action: "accept", content: { confirm: true } };
        },
      },
    });
    try {
      expect(client.era).toBe("legacy");
      const added = await client.callTool("add_note", { title: "fallback", body: "b" });
      const id = (added.structuredContent as { id: string }).id;
      const deleted = await client.callTool("delete_note", { id });
      expect(asked).toHaveLength(1);
      expect(deleted.content).toEqual([{ type: "text", text: `deleted ${id}` }]);
    } finally {
      await client.close();
    }
  });

  it("refuses an endpoint event that names another origin", async () => {
    const base = await serve((req, res) => {
      if (req.method === "POST") return void res.writeHead(405).end();
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("event: endpoint\ndata: http://evil.example/messages?sessionId=1\n\n");
    });
    const error = await failureOf(connectClient({ transport: createHttpTransport({ url: `${base}/sse` }), clientInfo: CLIENT_INFO, protocol: "2024-11-05" }));
    expect(error).toBeInstanceOf(McpClientError);
    expect(error).toMatchObject({ reason: "bad-response", message: expect.stringContaining("another origin") });
  });

  it("refuses an endpoint event that is not a URL", async () => {
    const base = await serve((req, res) => {
      if (req.method === "POST") return void res.writeHead(404).end();
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("event: endpoint\ndata: http://[::1\n\n");
    });
    const error = await failureOf(connectClient({ transport: createHttpTransport({ url: `${base}/sse` }), clientInfo: CLIENT_INFO, protocol: "2024-11-05" }));
    expect(error).toMatchObject({ reason: "bad-response", message: expect.stringContaining("not a URL") });
  });

  it("keeps the initialize refusal when GET offers no event stream", async () => {
    const base = await serve((req, res) => {
      res.writeHead(404, { "content-type": "text/plain" }).end("no");
    });
    const error = await failureOf(connectClient({ transport: createHttpTransport({ url: `${base}/mcp` }), clientInfo: CLIENT_INFO, protocol: "2025-11-25" }));
    expect(error).toMatchObject({ reason: "http-status", status: 404, message: expect.stringContaining("no HTTP+SSE endpoint event") });
  });

  it("fails a waiting request with transport-closed when the server ends the stream", async () => {
    let stream: ServerResponse | undefined;
    const base = await serve((req, res) => {
      if (req.method === "GET") {
        stream = res;
        res.writeHead(200, { "content-type": "text/event-stream" });
        res.write("event: endpoint\ndata: /messages?sessionId=s1\n\n");
        return;
      }
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        if (req.url === "/sse") return void res.writeHead(404).end();
        res.writeHead(202).end();
        const message = JSON.parse(body) as { id?: number; method: string };
        if (message.method === "initialize") {
          const result = { protocolVersion: "2024-11-05", capabilities: { tools: {} }, serverInfo: { name: "hand-made", version: "1" } };
          stream?.write(`event: message\ndata: ${JSON.stringify({ jsonrpc: "2.0", id: message.id, result })}\n\n`);
        } else if (message.method === "tools/list") stream?.end(); // never answered: the stream ends instead
      });
    });
    const client = await connectClient({ transport: createHttpTransport({ url: `${base}/sse` }), clientInfo: CLIENT_INFO, protocol: "2024-11-05" });
    try {
      expect(client.protocolVersion).toBe("2024-11-05");
      const error = await failureOf(client.listTools());
      expect(error).toMatchObject({ reason: "transport-closed" });
    } finally {
      await client.close();
    }
  });

  it("does not fall back when the refusal is a JSON-RPC answer (a Streamable HTTP server saying no)", async () => {
    let gets = 0;
    const base = await serve((req, res) => {
      if (req.method === "GET") gets++;
      req.resume();
      req.on("end", () => {
        res.writeHead(400, { "content-type": "application/json" });
        res.end(JSON.stringify({ jsonrpc: "2.0", id: 1, error: { code: -32602, message: "Unsupported protocol version", data: { supported: ["2099-01-01"] } } }));
      });
    });
    const error = await failureOf(connectClient({ transport: createHttpTransport({ url: `${base}/mcp` }), clientInfo: CLIENT_INFO, protocol: "2025-11-25" }));
    expect(error).toBeDefined();
    expect(gets).toBe(0);
  });
});
