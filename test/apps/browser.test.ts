// The dashboard's app rendered by ext-apps' own host-side bridge in headless Chromium
// (playwright-core, the Debian chromium): a small host page (host/host.ts, bundled by esbuild
// into test/.tmp/apps) loads the page read from the generated server into a sandboxed iframe
// under the CSP its `_meta.ui` declares; a real MCP client in Node relays the page's tool calls to
// the server. The test clicks a button inside the app and reads the tool's answer off the
// rendered page, in both eras. Screenshots: test/.tmp/apps/app.png (and app-<era>.png).
import { copyFileSync, mkdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_MIME_TYPE, META_APPS_EXTENSION } from "../../packages/runtime/src/core-entry.js";
import { createHttpTransport } from "../../packages/runtime/src/client-entry.js";
import { ROOT, type RunningDashboard, startDashboard } from "./support.js";

type DashboardModule = typeof import("../../examples/dashboard/generated/dist/index.js");
const OUT = join(ROOT, "test/.tmp/apps");
let dashboard: DashboardModule;
let server: RunningDashboard;
let pages: Server;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  await build({ entryPoints: [join(import.meta.dirname, "host/host.ts")], bundle: true, format: "esm", platform: "browser", outfile: join(OUT, "host.js"), logLevel: "silent" });
  const files: Record<string, [string, string]> = {
    "/": [join(import.meta.dirname, "host/host.html"), "text/html; charset=utf-8"],
    "/host.js": [join(OUT, "host.js"), "text/javascript; charset=utf-8"],
  };
  pages = createServer((req, res) => {
    if (req.url === "/favicon.ico") return void res.writeHead(204).end();
    const file = files[req.url ?? ""];
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": file[1] }).end(readFileSync(file[0]));
  });
  await new Promise<void>((done) => pages.listen(0, "127.0.0.1", done));
  origin = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
  dashboard = (await import(pathToFileURL(join(ROOT, "examples/dashboard/generated/dist/index.js")).href)) as DashboardModule;
  server = await startDashboard();
  browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox"] });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  pages?.closeAllConnections();
  await new Promise((done) => pages?.close(done));
  await server?.close();
});

describe.each(["2026-07-28", "2025-11-25"] as const)("the dashboard app through ext-apps' AppBridge in Chromium, protocol %s", (protocol) => {
  it("renders the page, a click calls get_metrics through the host, the answer shows", async () => {
    // The host is an MCP client that renders apps: it declares the extension.
    const client = await dashboard.connect({
      transport: createHttpTransport({ url: server.url }),
      clientInfo: { name: "apps-test-host", version: "1.0.0" },
      protocol,
      capabilities: { extensions: { [META_APPS_EXTENSION]: { mimeTypes: [APP_MIME_TYPE] } } },
    });
    const page = await browser.newPage({ viewport: { width: 620, height: 380 } });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    const relayed: unknown[] = [];
    try {
      await page.exposeFunction("hostCallTool", async (params: { name: string; arguments?: Record<string, unknown> }) => {
        relayed.push(params);
        return client.raw.callTool(params.name, params.arguments ?? {});
      });
      await page.goto(origin);
      const app = await client.apps.showDashboard();
      const shown = await client.tools.showDashboard({});
      const allow = await page.evaluate((options) => window.mountApp(options), { html: app.html, ui: app.ui as never, toolInput: {}, toolResult: shown as never });
      expect(allow).toBe("clipboard-write");
      await page.waitForFunction(() => document.getElementById("status")?.textContent === "app initialized", undefined, { timeout: 20_000 });

      const frame = page.frameLocator("iframe");
      // The tool result the host pushed (ui/notifications/tool-result) fills the summary table.
      await expect.poll(() => frame.locator("#summary tbody tr").count(), { timeout: 10_000 }).toBe(3);
      expect(await frame.locator("#status").textContent()).toBe("Connected to apps-test-host.");
      await frame.locator("button[data-region=eu]").click();
      await expect.poll(() => frame.locator("#answer").textContent(), { timeout: 10_000 }).toBe("eu: 1200 visitors, 87 sign-ups");
      await frame.locator("button[data-region=apac]").click();
      await expect.poll(() => frame.locator("#answer").textContent(), { timeout: 10_000 }).toBe("apac: 860 visitors, 52 sign-ups");
      expect(relayed).toEqual([
        { name: "get_metrics", arguments: { region: "eu" } },
        { name: "get_metrics", arguments: { region: "apac" } },
      ]);
      // The iframe really runs under the CSP from `_meta.ui`: a fetch to an undeclared origin is refused.
      const frameHandle = page.frames().find((f) => f !== page.mainFrame())!;
      const violated = await frameHandle.evaluate(
        () =>
          new Promise<string>((done) => {
            document.addEventListener("securitypolicyviolation", (e) => done(`${e.effectiveDirective} ${e.blockedURI}`), { once: true });
            fetch("https://undeclared.example.org/x").catch(() => undefined);
          }),
      );
      expect(violated).toBe("connect-src https://undeclared.example.org/x");
      const shot = join(OUT, `app-${protocol}.png`);
      await page.screenshot({ path: shot });
      if (protocol === "2026-07-28") copyFileSync(shot, join(OUT, "app.png"));
      expect(errors.filter((e) => !e.includes("Content Security Policy"))).toEqual([]);
    } finally {
      await page.close();
      await client.close();
    }
  });
});
