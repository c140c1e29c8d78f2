// The docs page in a real browser (Debian chromium through playwright-core), JavaScript off:
// for the notes and shop examples every tool and each of its parameters (read from the
// manifest) is visible, nested rows are indented, the page makes no request besides its own
// file, and a full-page screenshot is written to test/.tmp/docs-page/<example>.png.
import { mkdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDocs } from "../../generator/commands/docs.js";
import type { JsonSchema, Manifest } from "../../generator/manifest/ir.js";
import { loadManifest } from "../../generator/manifest/load.js";

const REPO = join(import.meta.dirname, "..", "..");
const TMP = join(REPO, "test", ".tmp", "docs-page");
const sink = { write: () => true } as unknown as NodeJS.WritableStream;

/** The top-level property names of a schema, straight from the manifest's IR. */
function propertyNames(schema: JsonSchema | undefined): string[] {
  if (typeof schema !== "object" || schema === null) return [];
  const properties = schema["properties"];
  return typeof properties === "object" && properties !== null ? Object.keys(properties) : [];
}

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox"] });
});
afterAll(async () => {
  await browser?.close();
});

describe.each(["notes", "shop"])("the %s docs page in chromium", (name) => {
  let manifest: Manifest;
  let url: string;
  beforeAll(async () => {
    const loaded = await loadManifest(join(REPO, "examples", name, "mcp.yaml"));
    if (!loaded.manifest) throw new Error(`examples/${name}/mcp.yaml does not load`);
    manifest = loaded.manifest;
    const out = join(TMP, "browser", name);
    await runDocs(join(REPO, "examples", name, "mcp.yaml"), out, sink);
    url = pathToFileURL(join(out, "index.html")).href;
  });

  it("shows every tool with each of its parameters, makes no request, and is screenshotted", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      const requests: string[] = [];
      page.on("request", (r) => requests.push(r.url()));
      await page.goto(url);
      expect(requests).toEqual([url]);
      expect(await page.title()).toContain(manifest.server.title ?? manifest.server.name);

      expect(manifest.tools.length).toBeGreaterThan(0);
      for (const tool of manifest.tools) {
        const section = page.locator(`section[id="tool-${tool.name}"]`);
        expect(await section.locator("h3 code.entry-name").innerText()).toBe(tool.name);
        expect(await section.locator("h3 code.entry-name").isVisible()).toBe(true);
        expect(await page.locator("nav.toc").getByText(tool.name, { exact: true }).isVisible()).toBe(true);
        const parameters = [...propertyNames(tool.inputSchema), ...propertyNames(tool.outputSchema), ...tool.inputRequests.flatMap((r) => (r.kind === "elicit" ? propertyNames(r.schema) : []))];
        for (const parameter of new Set(parameters)) {
          const cell = section.locator("code.param-name").getByText(parameter, { exact: true }).first();
          expect(await cell.isVisible(), `${tool.name}: parameter ${parameter}`).toBe(true);
          const box = await cell.boundingBox();
          expect(box?.width ?? 0).toBeGreaterThan(0);
        }
      }

      // Nested rows sit to the right of their parent's name (depth-1 under a depth-0 row).
      const offsets = await page.$$eval("table.schema tbody", (bodies) =>
        bodies.flatMap((body) => {
          const x = (row: Element | null) => row?.querySelector("code.param-name")?.getBoundingClientRect().left;
          const child = body.querySelector("tr.depth-1");
          return child ? [[x(body.querySelector("tr.depth-0")) ?? 0, x(child) ?? 0]] : [];
        }),
      );
      expect(offsets.length).toBeGreaterThan(0);
      for (const [parent, child] of offsets) expect(child).toBeGreaterThan((parent ?? 0) + 8);

      mkdirSync(TMP, { recursive: true });
      const shot = join(TMP, `${name}.png`);
      await page.screenshot({ path: shot, fullPage: true });
      expect(statSync(shot).size).toBeGreaterThan(10_000);
    } finally {
      await context.close();
    }
  });
});
