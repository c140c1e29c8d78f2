// node:http adapter. It implements the exchange interfaces directly on IncomingMessage and
// ServerResponse (no web Request/Response objects on this path, which is the hot one).
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { METADATA_PATH } from "../auth/metadata.js";
import type { AuthInfo } from "../auth/types.js";
import type { McpServer } from "../server/server.js";
import { createExchangeHandler } from "./endpoint.js";
import { BodyTooLargeError, CLOSED_SINK, createSseSink, type HttpRequestView, type HttpResponder, type SseSink, type StreamLimits } from "./exchange.js";
import { JSON_HEADERS } from "./sse.js";
import type { SplicedSuccess } from "../core/jsonrpc/serialize.js";
import { limitConnections, type ConnectionLimits } from "./connection-limits.js";
import { httpLimitsOf } from "./http-limits.js";
import { createHealthRoutes } from "./health.js";
import { createSseTransport, sseTransportPaths, type SseOption } from "./sse-transport.js";

export type NodeRequestListener = (req: IncomingMessage, res: ServerResponse) => void;

export interface NodeListenerOptions {
  /** Path served (default "/mcp"); other paths get 404. */
  path?: string;
  /** The client identity per-client session limits key on. Default: the socket's peer address. */
  clientAddress?: (req: IncomingMessage) => string | undefined;
  /** Also serve the 2024-11-05 HTTP+SSE transport (GET `/sse`, POST `/messages` unless given). Default: the server's `sse` option (a manifest's `http.sse`), else off. */
  sse?: SseOption;
}

/** Collects the body (UTF-8); `done` runs once, with BodyTooLargeError past `limit` or a read error, else with the text. */
function collectBody(req: IncomingMessage, limit: number, done: (error: unknown, text?: string) => void): void {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    return done(new BodyTooLargeError());
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let over = false;
  req.on("data", (chunk: Buffer) => {
    size += chunk.length;
    if (size > limit) {
      over = true;
      req.removeAllListeners("data");
      req.resume();
      done(new BodyTooLargeError());
      return;
    }
    chunks.push(chunk);
  });
  req.on("end", () => {
    if (!over) done(undefined, chunks.length === 1 ? (chunks[0] as Buffer).toString("utf8") : Buffer.concat(chunks).toString("utf8"));
  });
  req.on("error", (error) => {
    if (!over) done(error);
  });
}

function countRawHeader(req: IncomingMessage, name: string): number {
  // req.headers keeps only the first Host; rawHeaders shows every field as sent. Only names of
  // the right length are lower-cased (no string is allocated for the others).
  let count = 0;
  const raw = req.rawHeaders;
  const length = name.length;
  for (let i = 0; i < raw.length; i += 2) {
    const field = raw[i] as string;
    if (field.length === length && (field === name || field.toLowerCase() === name)) count++;
  }
  return count;
}

// PERFORMANCE: the request view and the responder are classes, so a request allocates two small
// objects instead of seven closures (bench/server: GC and allocation per request).
class NodeRequestView implements HttpRequestView {
  readonly method: string;
  readonly target: string | undefined;
  /** Declared so the endpoint's attachAuth writes a field instead of changing the object's shape. */
  auth: AuthInfo | undefined = undefined;

  constructor(
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
    readonly clientAddress: string | undefined,
    /** How the listener answers a failure it did not expect (500, reported). */
    private readonly fail: (res: ServerResponse, error: unknown) => void,
  ) {
    this.method = req.method ?? "GET";
    this.target = req.url;
  }

  header(name: string): string | undefined {
    const value = this.req.headers[name];
    return Array.isArray(value) ? value.join(", ") : value;
  }

  headerCount(name: string): number {
    return countRawHeader(this.req, name);
  }

  readBody(limit: number): Promise<string> {
    return new Promise((resolve, reject) => collectBody(this.req, limit, (error, text) => (error === undefined ? resolve(text as string) : reject(error))));
  }

  readBodyInto(limit: number, received: (text: string) => Promise<void> | void, failed: (error: unknown) => void): void {
    collectBody(this.req, limit, (error, text) => {
      try {
        if (error !== undefined) return failed(error);
        const pending = received(text as string);
        if (pending !== undefined) pending.then(undefined, (cause: unknown) => this.fail(this.res, cause));
      } catch (cause) {
        this.fail(this.res, cause);
      }
    });
  }

  onDisconnect(listener: () => void): void {
    const res = this.res;
    res.on("close", () => {
      if (!res.writableFinished) listener();
    });
  }
}

/**
 * `headers` plus Content-Length as writeHead's flat [name, value, …] list. PERFORMANCE (issue 18):
 * not a spread copy. Header objects of many shapes reach this one site, and the copy cost ~10 µs
 * of CPU per response: legacy tools/call, whose replies carry a session's own header object, went
 * from 16.4k to 19.3k req/s at 32 connections on the bench machine with this list instead.
 */
function headerList(headers: Readonly<Record<string, string>>, contentLength: number): string[] {
  const list: string[] = [];
  for (const name of Object.keys(headers)) list.push(name, headers[name] as string);
  list.push("content-length", String(contentLength));
  return list;
}

class NodeResponder implements HttpResponder {
  constructor(
    private readonly res: ServerResponse,
    private readonly limits: StreamLimits,
  ) {}

  respond(status: number, headers: Readonly<Record<string, string>>, body?: string): void {
    const res = this.res;
    if (res.headersSent) return;
    if (body === undefined) {
      res.writeHead(status, headers as Record<string, string>);
      res.end();
      return;
    }
    res.writeHead(status, headers === JSON_HEADERS ? { "content-type": "application/json", "content-length": Buffer.byteLength(body) } : headerList(headers, Buffer.byteLength(body)));
    res.end(body);
  }

  /** Three writes node:http corks into one: the short head and tail as text, the shared result as its bytes. */
  respondSpliced(status: number, headers: Readonly<Record<string, string>>, body: SplicedSuccess): void {
    const res = this.res;
    if (res.headersSent) return;
    const length = Buffer.byteLength(body.head) + body.bytes.byteLength + Buffer.byteLength(body.tail);
    res.writeHead(status, headers === JSON_HEADERS ? { "content-type": "application/json", "content-length": length } : headerList(headers, length));
    res.write(body.head);
    res.write(body.bytes);
    res.end(body.tail);
  }

  openStream(headers: Readonly<Record<string, string>>): SseSink {
    const res = this.res;
    // Defence in depth: the endpoint's ExchangeReply never opens twice, but a throw here would
    // land in a handler's timer, so an answered exchange yields a closed sink instead.
    if (res.headersSent) return CLOSED_SINK;
    res.writeHead(200, headers as Record<string, string>);
    res.flushHeaders();
    const { sink, markClosed } = createSseSink(
      {
        write: (chunk) => res.write(chunk),
        end: () => res.end(),
        destroy: () => res.destroy(),
        bufferedBytes: () => res.writableLength,
      },
      this.limits,
    );
    res.once("close", markClosed);
    return sink;
  }
}

/** A node:http request listener serving MCP on `path` (default "/mcp"); other paths get 404. */
export function createNodeRequestListener(server: McpServer, options: NodeListenerOptions = {}): NodeRequestListener {
  const path = options.path ?? "/mcp";
  const handle = createExchangeHandler(server, path);
  // RFC 9728 metadata lives beside the MCP path, under /.well-known/ (auth/metadata.ts).
  const metadataPaths = server.options.auth !== undefined;
  const limits = httpLimitsOf(server).stream;
  const addressOf = options.clientAddress ?? ((req: IncomingMessage) => req.socket.remoteAddress);
  const health = createHealthRoutes(server);
  const ssePaths = sseTransportPaths(options.sse ?? server.options.sse);
  const sse = ssePaths ? createSseTransport(server, ssePaths, path) : undefined;
  const failRequest = (res: ServerResponse, error: unknown): void => {
    server.reportError(error);
    if (!res.headersSent) {
      res.writeHead(500, { "content-type": "application/json" });
      res.end('{"jsonrpc":"2.0","id":null,"error":{"code":-32603,"message":"Internal error"}}');
    } else res.end();
  };
  const fail = (res: ServerResponse) => (error: unknown) => failRequest(res, error);
  return (req, res) => {
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    const requested = query === -1 ? url : url.slice(0, query);
    if (sse?.owns(requested)) {
      sse.serve(requested, new NodeRequestView(req, res, addressOf(req), failRequest), new NodeResponder(res, limits)).catch(fail(res));
      return;
    }
    if (requested !== path && !(metadataPaths && requested.startsWith(METADATA_PATH))) {
      const probe = health?.(requested, req.method ?? "GET");
      if (probe) {
        void probe.then(({ status, headers, body }) => {
          res.writeHead(status, headerList(headers, Buffer.byteLength(body)));
          res.end(req.method === "HEAD" ? undefined : body);
        });
        return;
      }
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("Not Found");
      return;
    }
    let served: Promise<void> | void;
    try {
      served = handle(new NodeRequestView(req, res, addressOf(req), failRequest), new NodeResponder(res, limits));
    } catch (error) {
      return failRequest(res, error);
    }
    if (served !== undefined) served.then(undefined, fail(res));
  };
}

export interface ListeningServer {
  server: Server;
  port: number;
  url: string;
  /**
   * Stops the server. With `drainMs`, a graceful drain first (server.close): listens end with
   * their close result, new requests get 503 + Retry-After (the port stays open, so a balancer
   * sees a refusal and not a reset), in-flight requests get up to `drainMs` to finish.
   */
  close(options?: { drainMs?: number }): Promise<void>;
}

export interface ListenHttpOptions extends NodeListenerOptions, ConnectionLimits {
  port?: number;
  /** Interface to bind. Default 127.0.0.1 (local servers stay local). */
  host?: string;
}

/** Starts a node:http server with connection caps and header/body/idle timeouts (connection-limits.ts). */
export async function listenHttp(mcp: McpServer, options: ListenHttpOptions = {}): Promise<ListeningServer> {
  // Imported here, not at the top: ./node is loaded by every server start, and a stdio server
  // never listens (node:http costs ~3.5 ms of a cold start; SERVER.md "Cold start").
  const { createServer } = await import("node:http");
  const host = options.host ?? "127.0.0.1";
  const path = options.path ?? "/mcp";
  const listener = createNodeRequestListener(mcp, {
    path,
    ...(options.clientAddress ? { clientAddress: options.clientAddress } : {}),
    ...(options.sse !== undefined ? { sse: options.sse } : {}),
  });
  const server = limitConnections(createServer, listener, options);
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      const port = (server.address() as AddressInfo).port;
      resolve({
        server,
        port,
        url: `http://${host.includes(":") ? `[${host}]` : host}:${port}${path}`,
        close: async (closeOptions = {}) => {
          await mcp.close(closeOptions);
          await new Promise<void>((done) => {
            server.closeAllConnections?.();
            server.close(() => done());
          });
        },
      });
    });
  });
}
