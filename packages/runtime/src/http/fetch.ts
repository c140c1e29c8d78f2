// Web-standard adapter: `fetch(Request) → Promise<Response>`, for runtimes with the Fetch API
// (Node ≥ 18, Deno, Bun, workers). Path routing is left to the host framework.
import type { McpServer } from "../server/server.js";
import { createHttpEndpoint } from "./endpoint.js";
import { BodyTooLargeError, createSseSink, type HttpRequestView, type HttpResponder } from "./exchange.js";

async function readLimited(request: Request, limit: number): Promise<string> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLargeError();
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new BodyTooLargeError();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export type FetchHandler = (request: Request) => Promise<Response>;

export function createFetchHandler(server: McpServer): FetchHandler {
  const endpoint = createHttpEndpoint(server);
  return (request) =>
    new Promise<Response>((resolve, reject) => {
      const view: HttpRequestView = {
        method: request.method,
        header: (name) => request.headers.get(name) ?? undefined,
        readBody: (limit) => readLimited(request, limit),
        onDisconnect: (listener) => request.signal.addEventListener("abort", listener, { once: true }),
      };
      const encoder = new TextEncoder();
      const responder: HttpResponder = {
        respond(status, headers, body) {
          resolve(new Response(status === 204 || status === 202 ? null : (body ?? null), { status, headers: { ...headers } }));
        },
        openStream(headers) {
          let controller!: ReadableStreamDefaultController<Uint8Array>;
          const { sink, markClosed } = createSseSink(
            (chunk) => controller.enqueue(encoder.encode(chunk)),
            () => controller.close(),
          );
          const stream = new ReadableStream<Uint8Array>({
            start(c) {
              controller = c;
            },
            cancel() {
              markClosed(); // the client went away: cancellation on the modern era
            },
          });
          resolve(new Response(stream, { status: 200, headers: { ...headers } }));
          return sink;
        },
      };
      endpoint(view, responder).catch(reject);
    });
}
