// node:http adapter. It implements the exchange interfaces directly on IncomingMessage and
// ServerResponse (no web Request/Response objects on this path, which is the hot one).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { McpServer } from "../server/server.js";
import { createHttpEndpoint } from "./endpoint.js";
import { BodyTooLargeError, createSseSink, type HttpRequestView, type HttpResponder } from "./exchange.js";

export type NodeRequestListener = (req: IncomingMessage, res: ServerResponse) => void;

function readBody(req: IncomingMessage, limit: number): Promise<string> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    return Promise.reject(new BodyTooLargeError());
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners("data");
        req.resume();
        reject(new BodyTooLargeError());
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(chunks.length === 1 ? (chunks[0] as Buffer).toString("utf8") : Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function requestView(req: IncomingMessage, res: ServerResponse): HttpRequestView {
  return {
    method: req.method ?? "GET",
    header(name) {
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(", ") : value;
    },
    readBody: (limit) => readBody(req, limit),
    onDisconnect(listener) {
      res.once("close", () => {
        if (!res.writableFinished) listener();
      });
    },
  };
}

function responder(res: ServerResponse): HttpResponder {
  return {
    respond(status, headers, body) {
      if (res.headersSent) return;
      if (body === undefined) {
        res.writeHead(status, headers as Record<string, string>);
        res.end();
        return;
      }
      res.writeHead(status, { ...headers, "content-length": Buffer.byteLength(body) });
      res.end(body);
    },
    openStream(headers) {
      res.writeHead(200, headers as Record<string, string>);
      res.flushHeaders();
      const { sink, markClosed } = createSseSink(
        (chunk) => res.write(chunk),
        () => res.end(),
      );
      res.once("close", markClosed);
      return sink;
    },
  };
}

/** A node:http request listener serving MCP on `path` (default "/mcp"); other paths get 404. */
export function createNodeRequestListener(server: McpServer, options: { path?: string } = {}): NodeRequestListener {
  const endpoint = createHttpEndpoint(server);
  const path = options.path ?? "/mcp";
  return (req, res) => {
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    if ((query === -1 ? url : url.slice(0, query)) !== path) {
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("Not Found");
      return;
    }
    endpoint(requestView(req, res), responder(res)).catch(() => {
      if (!res.headersSent) {
        res.writeHead(500, { "content-type": "application/json" });
        res.end('{"jsonrpc":"2.0","id":null,"error":{"code":-32603,"message":"Internal error"}}');
      } else res.end();
    });
  };
}

export interface ListeningServer {
  server: Server;
  port: number;
  url: string;
  close(): Promise<void>;
}

/** Starts a node:http server. Binds 127.0.0.1 unless told otherwise (local servers stay local). */
export function listenHttp(
  mcp: McpServer,
  options: { port?: number; host?: string; path?: string } = {},
): Promise<ListeningServer> {
  const host = options.host ?? "127.0.0.1";
  const path = options.path ?? "/mcp";
  const server = createServer(createNodeRequestListener(mcp, { path }));
  server.keepAliveTimeout = 5_000;
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      const port = (server.address() as AddressInfo).port;
      resolve({
        server,
        port,
        url: `http://${host.includes(":") ? `[${host}]` : host}:${port}${path}`,
        close: () =>
          new Promise<void>((done) => {
            mcp.close();
            server.closeAllConnections?.();
            server.close(() => done());
          }),
      });
    });
  });
}
