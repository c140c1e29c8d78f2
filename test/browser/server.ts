// The browser test's same-origin server on 127.0.0.1: the page (with an import map for the bare
// package names only; nothing stands in for a Node built-in), the
// runtime's dist files, jose and the generated client as ES modules, and the generated server's
// MCP endpoint at /mcp (node:http adapter of the runtime). No bundler anywhere.
import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { extname, join, normalize, resolve } from "node:path";
import { createNodeRequestListener } from "@mcp-gen/runtime/node";
// @ts-expect-error plain JS handlers without declarations
import { handlers } from "../conformance/handlers.mjs";
import { createServer as createMcpServer } from "../conformance/fixture/generated/dist/server.js";

const root = resolve(import.meta.dirname, "../..");

/** URL prefix → folder served as static files. */
const STATIC: Record<string, string> = {
  "/runtime/": join(root, "packages/runtime/dist"),
  "/jose/": join(root, "node_modules/jose/dist/webapi"),
  "/generated/": join(root, "test/conformance/fixture/generated/dist"),
  "/page/": join(root, "test/browser/page"),
};

const IMPORT_MAP = {
  imports: {
    "@mcp-gen/runtime/client": "/runtime/client-entry.js",
    "@mcp-gen/runtime/core": "/runtime/core-entry.js",
    jose: "/jose/index.js",
  },
};

const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>mcp-gen client in a browser</title>
<script type="importmap">${JSON.stringify(IMPORT_MAP)}</script>
<script type="module" src="/page/app.js"></script></head>
<body><h1>mcp-gen generated client</h1><pre id="result">pending</pre></body></html>`;

const TYPES: Record<string, string> = { ".js": "text/javascript; charset=utf-8", ".map": "application/json" };

async function serveStatic(pathname: string): Promise<{ status: number; type?: string; body?: Buffer }> {
  const prefix = Object.keys(STATIC).find((p) => pathname.startsWith(p));
  if (prefix === undefined) return { status: 404 };
  const base = STATIC[prefix] as string;
  const file = normalize(join(base, decodeURIComponent(pathname.slice(prefix.length))));
  if (!file.startsWith(base + "/")) return { status: 404 };
  try {
    return { status: 200, type: TYPES[extname(file)] ?? "application/octet-stream", body: await readFile(file) };
  } catch {
    return { status: 404 };
  }
}

export interface PageServer {
  readonly origin: string;
  /** Every static path the page fetched, in order (to show what the browser really loaded). */
  readonly fetched: string[];
  close(): Promise<void>;
}

export async function startPageServer(): Promise<PageServer> {
  const mcp = createMcpServer(handlers, {});
  const endpoint = createNodeRequestListener(mcp, { path: "/mcp" });
  const fetched: string[] = [];
  const http: Server = createServer((req, res) => {
    const pathname = new URL(req.url ?? "/", "http://x").pathname;
    if (pathname === "/mcp") return endpoint(req, res);
    if (pathname === "/favicon.ico") return void res.writeHead(204).end();
    if (pathname === "/") return void res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(PAGE);
    fetched.push(pathname);
    void serveStatic(pathname).then(({ status, type, body }) => {
      res.writeHead(status, type ? { "content-type": type } : {}).end(body);
    });
  });
  await new Promise<void>((done) => http.listen(0, "127.0.0.1", done));
  const address = http.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    origin: `http://127.0.0.1:${port}`,
    fetched,
    close: () =>
      new Promise((done) => {
        void mcp.close();
        http.closeAllConnections();
        http.close(() => done());
      }),
  };
}
