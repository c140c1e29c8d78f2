// CORS with a real browser (issue 17 #3): headless Debian chromium through playwright-core. A page
// served from another 127.0.0.1 port loads the runtime's dist and the generated shop client as
// ES modules (an import map names the bare specifiers) and calls the 2026-07-28 tool open_cart,
// whose `region` parameter travels in the Mcp-Param-Region header: the preflight must allow it.
// The same page is refused by a server whose CORS list does not name its origin.
import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ListeningServer } from "../../packages/runtime/src/http/node.js";

const ROOT = join(import.meta.dirname, "../..");
// Mounted directories of the page's origin: what its import map points at.
const MOUNTS: Record<string, string> = {
  "/runtime/": join(ROOT, "packages/runtime/dist/"),
  "/shop/": join(ROOT, "examples/shop/generated/dist/"),
  "/zod/": join(ROOT, "node_modules/zod/"),
  "/jose/": join(ROOT, "node_modules/jose/dist/webapi/"),
  "/re2js/": join(ROOT, "node_modules/re2js/build/"),
};
const IMPORT_MAP = {
  imports: {
    "@mcp-gen/runtime/client": "/runtime/client-entry.js",
    "@mcp-gen/runtime/validation": "/runtime/validation/index.js",
    zod: "/zod/index.js",
    jose: "/jose/index.js",
    re2js: "/re2js/index.js",
    // The client's OAuth modules import node:crypto; this page never uses OAuth.
    "node:crypto": "/shim/node-crypto.js",
  },
};
const NODE_CRYPTO_SHIM = `export const randomUUID = () => crypto.randomUUID();
const unavailable = (name) => () => { throw new Error(name + " is not available in this page"); };
export const randomBytes = unavailable("randomBytes");
export const createHash = unavailable("createHash");
`;

function page(): string {
  return `<!doctype html><html><head><script type="importmap">${JSON.stringify(IMPORT_MAP)}</script></head><body>
<script type="module">
import { createHttpTransport } from "@mcp-gen/runtime/client";
import { connect } from "/shop/client.js";
window.callShop = async (url) => {
  try {
    const shop = await connect({ transport: createHttpTransport({ url }), clientInfo: { name: "browser", version: "1" }, protocol: "2026-07-28" });
    const result = await shop.tools.openCart({ region: "eu" });
    await shop.close();
    return { ok: true, cart: typeof result.structured?.cart, isError: result.isError === true };
  } catch (error) {
    return { ok: false, error: String(error && error.message || error) };
  }
};
window.ready = true;
</script></body></html>`;
}

const TYPES: Record<string, string> = { ".js": "text/javascript", ".html": "text/html" };

function startPageServer(): Promise<Server> {
  const server = createServer(async (req, res) => {
    const url = (req.url ?? "/").split("?")[0] as string;
    if (url === "/" || url === "/index.html") return void res.writeHead(200, { "content-type": "text/html" }).end(page());
    if (url === "/shim/node-crypto.js") return void res.writeHead(200, { "content-type": "text/javascript" }).end(NODE_CRYPTO_SHIM);
    const mount = Object.keys(MOUNTS).find((prefix) => url.startsWith(prefix));
    const file = mount ? normalize(join(MOUNTS[mount] as string, url.slice(mount.length))) : undefined;
    if (!file || !mount || !file.startsWith(MOUNTS[mount] as string)) return void res.writeHead(404).end();
    try {
      const body = await readFile(file);
      res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

let browser: Browser;
let pageServer: Server;
let pageOrigin: string;
const servers: ListeningServer[] = [];
const seenRegionHeaders: Array<string | undefined> = [];
let refusedServerCalls = 0;

beforeAll(async () => {
  pageServer = await startPageServer();
  pageOrigin = `http://127.0.0.1:${(pageServer.address() as AddressInfo).port}`;
  const { createServer: createShop } = await import(join(ROOT, "examples/shop/generated/dist/index.js"));
  const { handlers } = await import(join(ROOT, "examples/shop/handlers.js"));
  const { listenHttp } = await import(join(ROOT, "packages/runtime/dist/node-entry.js"));
  const allowed = createShop(handlers, {
    cors: { allowedOrigins: [pageOrigin] },
    hooks: { before: (info: { method: string; headers?: (n: string) => string | undefined }) => info.method === "tools/call" && seenRegionHeaders.push(info.headers?.("mcp-param-region")) },
  });
  const refusing = createShop(handlers, { cors: { allowedOrigins: ["http://127.0.0.1:1"] }, hooks: { before: () => void refusedServerCalls++ } });
  servers.push(await listenHttp(allowed, { port: 0 }), await listenHttp(refusing, { port: 0 }));
  browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox"] });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  for (const server of servers) await server.close();
  await new Promise((resolve) => pageServer?.close(resolve));
});

describe("CORS from a browser page on another origin", () => {
  it("calls a 2026-07-28 tool with an x-mcp-header parameter through the generated client", async () => {
    const tab = await browser.newPage();
    const failures: string[] = [];
    tab.on("pageerror", (error) => failures.push(error.message));
    await tab.goto(`${pageOrigin}/`);
    await tab.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true, undefined, { timeout: 15_000 });
    expect(failures).toEqual([]);
    const result = await tab.evaluate((url) => (window as unknown as { callShop(u: string): Promise<unknown> }).callShop(url), servers[0]!.url);
    expect(result).toEqual({ ok: true, cart: "string", isError: false });
    // The parameter arrived as its header (the preflight allowed Mcp-Param-Region).
    expect(seenRegionHeaders).toContain("eu");
    await tab.close();
  });

  it("is refused by a server whose CORS list does not name the page's origin", async () => {
    const tab = await browser.newPage();
    await tab.goto(`${pageOrigin}/`);
    await tab.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true, undefined, { timeout: 15_000 });
    const result = (await tab.evaluate((url) => (window as unknown as { callShop(u: string): Promise<unknown> }).callShop(url), servers[1]!.url)) ;
    // Refused by CORS (the browser's "Failed to fetch"), not by anything else.
    expect(result).toMatchObject({ ok: false, error: expect.stringMatching(/Failed to fetch/) });
    // The preflight failed, so no MCP request reached the server.
    expect(refusedServerCalls).toBe(0);
    await tab.close();
  });
});
