// Web-standard adapter: `fetch(Request) → Promise<Response>`, for runtimes with the Fetch API
// (Node ≥ 18, Deno, Bun, workers). Path routing is left to the host framework.
import type { McpServer } from "../server/server.js";
import { createHttpEndpoint } from "./endpoint.js";
import { BodyTooLargeError, CLOSED_SINK, createSseSink, type HttpRequestView, type HttpResponder } from "./exchange.js";
import { httpLimitsOf } from "./http-limits.js";
import { createHealthRoutes } from "./health.js";
import { createSseTransport, sseTransportPaths, type SseOption } from "./sse-transport.js";

async function readLimited(request: Request, limit: number): Promise<string> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLargeError();
  if (!request.body) return "";
  const reader = request.body.getReader();
  // A streaming TextDecoder joins UTF-8 sequences split across chunks, without Buffer.
  const decoder = new TextDecoder();
  let text = "";
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new BodyTooLargeError();
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

function targetOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  } catch {
    return "/";
  }
}

function pathOf(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start === -1) return "/";
  const end = url.indexOf("?", start);
  return end === -1 ? url.slice(start) : url.slice(start, end);
}

/** What the host passes per request; on Workers, the fetch handler's `ctx` (ExecutionContext). */
export interface FetchContext {
  /** Keeps the request's work alive after its response: a task runs on after the tools/call that created it. */
  waitUntil(promise: Promise<unknown>): void;
}

export type FetchHandler = (request: Request, context?: FetchContext) => Promise<Response>;

export interface FetchHandlerOptions {
  /**
   * The client identity per-client session limits key on (e.g. the platform's peer address or
   * a trusted proxy header). Without it only the global session cap applies.
   */
  clientAddress?: (request: Request) => string | undefined;
  /**
   * The path the host framework serves MCP on (default "/mcp"). With ServerOptions.auth it
   * locates the RFC 9728 metadata document, which this handler answers at
   * `/.well-known/oauth-protected-resource[path]`: route those paths here too.
   */
  path?: string;
  /**
   * Also serve the 2024-11-05 HTTP+SSE transport: requests whose path is `sse.path` (GET, the
   * event stream) or `sse.messagesPath` (POST) go to it; route those paths here too. Default: the
   * server's `sse` option (a manifest's `http.sse`), else off.
   */
  sse?: SseOption;
}

export function createFetchHandler(server: McpServer, options: FetchHandlerOptions = {}): FetchHandler {
  const endpoint = createHttpEndpoint(server, options.path ?? "/mcp");
  const limits = httpLimitsOf(server).stream;
  const health = createHealthRoutes(server);
  const ssePaths = sseTransportPaths(options.sse ?? server.options.sse);
  const sse = ssePaths ? createSseTransport(server, ssePaths, options.path ?? "/mcp") : undefined;
  return (request, context) => {
    // Deno.serve and Bun.serve pass other objects second: only a waitUntil function counts.
    const keepAlive = typeof context?.waitUntil === "function" ? () => extendLifetime(server, context) : undefined;
    // Probe paths answer here too, when the host framework routes them to this handler.
    const probe = health?.(pathOf(request.url), request.method);
    if (probe) return probe.then(({ status, headers, body }) => new Response(status === 405 || request.method === "HEAD" ? null : body, { status, headers }));
    return new Promise<Response>((resolve, reject) => {
      const view: HttpRequestView = {
        method: request.method,
        clientAddress: options.clientAddress?.(request),
        target: targetOf(request.url),
        header: (name) => request.headers.get(name) ?? undefined,
        // Headers joins repeated fields with ", ", which the strict Host grammar then refuses.
        headerCount: (name) => (request.headers.has(name) ? 1 : 0),
        readBody: (limit) => readLimited(request, limit),
        onDisconnect: (listener) => request.signal.addEventListener("abort", listener, { once: true }),
        // Present from the start so attaching the verified token keeps the view's shape.
        auth: undefined,
      };
      const encoder = new TextEncoder();
      let answered = false;
      const responder: HttpResponder = {
        respond(status, headers, body) {
          if (answered) return;
          answered = true;
          keepAlive?.();
          resolve(new Response(status === 204 || status === 202 ? null : (body ?? null), { status, headers: { ...headers } }));
        },
        openStream(headers) {
          if (answered) return CLOSED_SINK;
          answered = true;
          let controller!: ReadableStreamDefaultController<Uint8Array>;
          const { sink, markClosed } = createSseSink(
            {
              write: (chunk) => controller.enqueue(encoder.encode(chunk)),
              end: () => controller.close(),
              destroy: () => controller.error(new Error("slow consumer")),
              // desiredSize = highWaterMark (0) − queued bytes: what the reader has not taken.
              bufferedBytes: () => -(controller.desiredSize ?? 0),
            },
            limits,
          );
          const stream = new ReadableStream<Uint8Array>(
            {
              start(c) {
                controller = c;
              },
              cancel() {
                markClosed(); // the client went away: cancellation on the modern era
              },
            },
            new ByteLengthQueuingStrategy({ highWaterMark: 0 }),
          );
          resolve(new Response(stream, { status: 200, headers: { ...headers } }));
          return sink;
        },
      };
      const path = sse ? pathOf(request.url) : "";
      (sse?.owns(path) ? sse.serve(path, view, responder) : endpoint(view, responder)).then(keepAlive, (error: unknown) => {
        server.reportError(error);
        if (answered) return;
        answered = true;
        reject(error);
      });
    });
  };
}

/** Hands the server's background work, if any, to the host's waitUntil. */
function extendLifetime(server: McpServer, context: FetchContext): void {
  const pending = server.background();
  if (pending !== undefined) context.waitUntil(pending);
}
