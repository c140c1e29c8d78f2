// Helpers for the HTTP+SSE transport tests: the generated notes server in process with the
// 2024-11-05 transport switched on, and a raw event-stream reader over node:http (fetch cannot
// send a foreign Host header, and the guards are tested with one).
import { request as httpRequest, type IncomingMessage } from "node:http";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { McpServer } from "@mcp-gen/runtime/server";
import { listenHttp, type ListenHttpOptions, type ListeningServer } from "@mcp-gen/runtime/node";

export const REPO_ROOT = resolve(import.meta.dirname, "..", "..");
const NOTES = join(REPO_ROOT, "examples", "notes");

type NotesPackage = { createServer(handlers: unknown, options?: Record<string, unknown>): McpServer };

/** The generated notes server (examples/notes) listening on 127.0.0.1 with `sse` on. */
export async function startNotes(serverOptions: Record<string, unknown> = {}, listen: ListenHttpOptions = {}): Promise<ListeningServer & { base: string }> {
  const pkg = (await import(pathToFileURL(join(NOTES, "generated", "dist", "index.js")).href)) as NotesPackage;
  const { handlers } = (await import(pathToFileURL(join(NOTES, "handlers.js")).href)) as { handlers: unknown };
  const server = pkg.createServer(handlers, serverOptions);
  const http = await listenHttp(server as never, { port: 0, sse: true, ...listen });
  return Object.assign(http, { base: `http://127.0.0.1:${http.port}` });
}

export interface RawResponse {
  status: number;
  headers: IncomingMessage["headers"];
  body: string;
}

/** One request over node:http (any headers, Host included); resolves with the whole answer. */
export function raw(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<RawResponse> {
  return new Promise((done, fail) => {
    const req = httpRequest(url, { method: init.method ?? "GET", headers: init.headers ?? {} }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => done({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", fail);
    req.end(init.body);
  });
}

export interface OpenStream {
  status: number;
  headers: IncomingMessage["headers"];
  /** Everything received so far. */
  readonly text: string;
  /** Resolves once the received text matches. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** The `endpoint` event's data, resolved against the stream URL. */
  endpoint(): Promise<string>;
  /** Resolves when the server ends the stream or the connection closes. */
  readonly closed: Promise<void>;
  /** Drops the connection (the client going away). */
  destroy(): void;
}

/** Opens a GET event stream and keeps reading it. */
export function openStream(url: string, headers: Record<string, string> = {}): Promise<OpenStream> {
  return new Promise((done, fail) => {
    const req = httpRequest(url, { method: "GET", headers: { accept: "text/event-stream", ...headers } }, (res) => {
      let text = "";
      const waiters = new Set<() => void>();
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        text += chunk;
        for (const wake of [...waiters]) wake();
      });
      res.on("error", () => undefined);
      const closed = new Promise<void>((resolve) => res.once("close", () => resolve()));
      const waitFor = (pattern: RegExp, timeoutMs = 5000): Promise<RegExpMatchArray> =>
        new Promise((found, missed) => {
          const check = (): void => {
            const match = text.match(pattern);
            if (!match) return;
            waiters.delete(check);
            clearTimeout(timer);
            found(match);
          };
          const timer = setTimeout(() => {
            waiters.delete(check);
            missed(new Error(`stream did not show ${pattern} within ${timeoutMs} ms; got: ${text.slice(0, 500)}`));
          }, timeoutMs);
          waiters.add(check);
          check();
        });
      done({
        status: res.statusCode ?? 0,
        headers: res.headers,
        get text() {
          return text;
        },
        waitFor,
        closed,
        endpoint: async () => new URL((await waitFor(/^event: endpoint\ndata: (.+)\n\n/))[1] as string, url).href,
        destroy: () => req.destroy(),
      });
    });
    req.on("error", fail);
    req.end();
  });
}

/** POSTs one JSON-RPC message. */
export function postJson(url: string, message: unknown, headers: Record<string, string> = {}): Promise<RawResponse> {
  return raw(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: typeof message === "string" ? message : JSON.stringify(message) });
}

export const INITIALIZE = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2024-11-05", capabilities: {}, clientInfo: { name: "raw-test", version: "1.0.0" } },
};
