// The generated client in a browser: headless Chromium (playwright-core, the system chromium)
// loads a page that imports the generated client and the runtime's client subpath as plain ES
// modules through an import map (no bundler), calls tools of a generated server on the same
// origin in each era, and the test reads the outcome off the page. No import-map entry stands in
// for a Node built-in (the client subpath uses Web Crypto). Screenshots: test/.tmp/browser.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nodeImportsOf } from "./node-imports.js";
import { startPageServer, type PageServer } from "./server.js";

const run = promisify(execFile);
const root = resolve(import.meta.dirname, "../..");
const shots = join(root, "test/.tmp/browser");
let browser: Browser;
let pages: PageServer;

beforeAll(async () => {
  await run(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-b", "tsconfig.build.json"], { cwd: root });
  await run(process.execPath, [join(root, "bin/mcp-gen.js"), "generate", "test/conformance/server.yaml", "--out", "test/conformance/fixture/generated"], { cwd: root });
  mkdirSync(shots, { recursive: true });
  pages = await startPageServer();
  browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox"] });
});

afterAll(async () => {
  await browser?.close();
  await pages?.close();
});

describe("the client subpath's Node built-ins", () => {
  it("are only a lazy node:fs/promises (key files, loaded when one is configured): the page maps no node: name", () => {
    const found = nodeImportsOf(join(root, "packages/runtime/dist/client-entry.js"), join(root, "packages/runtime/dist"));
    expect(found).toEqual([{ module: "client/auth/keys.js", builtin: "node:fs/promises", dynamic: true }]);
    // The generated client itself imports the runtime only.
    expect(nodeImportsOf(join(root, "test/conformance/fixture/generated/dist/client.js"), root)).toEqual([]);
  });
});

describe.each(["2026-07-28", "2025-11-25"])("the generated client in headless Chromium, protocol %s", (protocol) => {
  it("calls a tool and answers an elicitation, same origin, from unbundled ES modules", async () => {
    const page = await browser.newPage();
    const consoleErrors: string[] = [];
    page.on("console", (message) => message.type() === "error" && consoleErrors.push(message.text()));
    page.on("pageerror", (error) => consoleErrors.push(String(error)));
    try {
      await page.goto(`${pages.origin}/?protocol=${protocol}`);
      await page.waitForFunction(() => document.getElementById("result")?.textContent !== "pending", undefined, { timeout: 30_000 });
      const result = JSON.parse((await page.textContent("#result")) ?? "null");
      await page.screenshot({ path: join(shots, `client-${protocol}.png`) });
      expect(result, JSON.stringify({ error: result?.error, consoleErrors })).toMatchObject({ ok: true, protocolVersion: protocol, warnings: [] });
      expect(result.era).toBe(protocol === "2026-07-28" ? "modern" : "legacy");
      expect(result.simple).toEqual([{ type: "text", text: "This is a simple text response for testing." }]);
      expect(JSON.stringify(result.asked)).toContain("browser");
      expect(result.userAgent).toContain("HeadlessChrome");
      // The OAuth DPoP module ran in the page, on Web Crypto: ath = base64url(SHA-256(token)).
      expect(result.dpop).toMatchObject({ htm: "POST", htu: `${pages.origin}/mcp`, ath: createHash("sha256").update("token-abc").digest("base64url") });
      expect(result.dpop.jti).toMatch(/^[0-9a-f-]{36}$/);
      expect(pages.fetched).toContain("/runtime/client/auth/dpop.js");
      expect(pages.fetched.filter((path) => path.includes("node-crypto"))).toEqual([]);
      // The modules really came from the runtime's dist and the generated package, unbundled.
      expect(pages.fetched).toContain("/runtime/client-entry.js");
      expect(pages.fetched).toContain("/generated/client.js");
      expect(consoleErrors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
