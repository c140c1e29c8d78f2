// What the generator emits for `apps`: byte-identical output across runs, the parts it needs and
// no more (no fallback table without a fallback, no `_meta.ui` for an app that declares none),
// and a generated package that serves an app next to a hand-written resource, in memory.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { generatePackage } from "../../generator/generate/generate-package.js";
import { importGeneratedPackage } from "../support/generated-package.js";
import { TMP_DIR } from "../support/tmp.js";
import { DASHBOARD_MANIFEST } from "./support.js";

const DIR = join(TMP_DIR, "apps", "generate");

interface PlainClient {
  raw: {
    listAllResources(): Promise<Record<string, unknown>[]>;
    callTool(name: string, args: object): Promise<{ content: unknown[] }>;
    serverCapabilities: Record<string, unknown>;
  };
  apps: { openPlain(): Promise<{ html: string; ui: object }> };
  close(): Promise<void>;
}
interface Plain {
  createTestClient(handlers: object, options?: object): Promise<PlainClient>;
}
const MANIFEST = join(DIR, "mcp.yaml");

beforeAll(() => {
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
  writeFileSync(join(DIR, "page.html"), "<!doctype html><title>Plain</title><p>plain page</p>");
  writeFileSync(
    MANIFEST,
    [
      "mcpgen: 1",
      "server: { name: plain, version: 1.0.0 }",
      "protocol: [2026-07-28, 2025-11-25]",
      "apps:",
      "  plain: { entry: page.html }",
      "resources:",
      "  readme: { uri: 'docs://readme', mimeType: text/plain }",
      "tools:",
      "  open_plain: { app: plain }",
      "",
    ].join("\n"),
  );
});

describe("generated apps", () => {
  it("are deterministic: two generations of the dashboard are byte-identical", async () => {
    const out = join(DIR, "dashboard-out");
    const [a, b] = [await generatePackage(DASHBOARD_MANIFEST, { outDir: out }), await generatePackage(DASHBOARD_MANIFEST, { outDir: out })];
    expect([...a.files.keys()]).toEqual([...b.files.keys()]);
    for (const [path, text] of a.files) expect(b.files.get(path), path).toBe(text);
    const server = a.files.get("src/server.ts")!;
    expect(server).toMatch(/^\/\/ /); // the provenance header
    expect(server).toContain("const APP_FALLBACKS");
    expect(server).toContain("createMcpServer(withApps(definition)");
  });

  it("emit only what the manifest asks for, and serve the app beside the hand-written resources", async () => {
    const out = join(DIR, "plain-pkg");
    const pkg = await importGeneratedPackage<Plain>(MANIFEST, out);
    const server = readFileSync(join(out, "src/server.ts"), "utf8");
    expect(server).not.toContain("APP_FALLBACKS");
    expect(server).not.toContain("APP_UI");
    expect(server).not.toContain("withAppFallback");
    expect(readFileSync(join(out, "src/client.ts"), "utf8")).toContain('openPlain: (options) => readAppResource(raw, "ui://plain/plain.html", options)');

    const handlers = { tools: { openPlain: () => "opened" }, resources: { readme: { read: () => [{ uri: "docs://readme", mimeType: "text/plain", text: "hi" }] } } };
    for (const revision of ["2026-07-28", "2025-11-25"]) {
      const client = await pkg.createTestClient(handlers, { revision });
      try {
        expect((await client.raw.listAllResources()).map((r) => [r["uri"], r["mimeType"], r["_meta"]])).toEqual([
          ["docs://readme", "text/plain", undefined],
          ["ui://plain/plain.html", "text/html;profile=mcp-app", undefined],
        ]);
        expect(await client.apps.openPlain()).toMatchObject({ html: "<!doctype html><title>Plain</title><p>plain page</p>", ui: {} });
        expect((client.raw.serverCapabilities["extensions"] as Record<string, unknown>)["io.modelcontextprotocol/ui"]).toEqual({});
        // No fallback declared: the result is the handler's, whoever asks.
        expect((await client.raw.callTool("open_plain", {})).content).toEqual([{ type: "text", text: "opened" }]);
      } finally {
        await client.close();
      }
    }
  });

  it("keep manifest names out of object-literal keys: an app and a tool named __proto__ still work", async () => {
    const dir = join(DIR, "proto");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "p.html"), "<p>proto page</p>");
    const manifest = join(dir, "mcp.yaml");
    writeFileSync(manifest, "mcpgen: 1\nserver: { name: proto, version: 1.0.0 }\nprotocol: [2026-07-28]\napps:\n  __proto__: { entry: p.html, domain: a.example.com }\ntools:\n  __proto__: { app: { name: __proto__, fallback: text for plain clients } }\n");
    type ProtoClient = { raw: { callTool(name: string, args: object): Promise<{ content: unknown[] }>; readResource(uri: string): Promise<{ contents: Record<string, unknown>[] }> }; close(): Promise<void> };
    const pkg = await importGeneratedPackage<{ createTestClient(handlers: object, options?: object): Promise<ProtoClient> }>(manifest, join(dir, "pkg"));
    const client = await pkg.createTestClient({ tools: { proto: () => "handled" } }, { revision: "2026-07-28" });
    try {
      const [content] = (await client.raw.readResource("ui://proto/__proto__.html")).contents;
      expect(content).toMatchObject({ text: "<p>proto page</p>", _meta: { ui: { domain: "a.example.com" } } });
      expect((await client.raw.callTool("__proto__", {})).content).toEqual([
        { type: "text", text: "text for plain clients" },
        { type: "text", text: "handled" },
      ]);
    } finally {
      await client.close();
    }
  });
});
