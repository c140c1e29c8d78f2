// The dashboard example's app on the wire, both eras, with the runtime client: the tools'
// `_meta.ui` links, the ui:// resource (MCP Apps MIME type, `_meta.ui` on the list entry and the
// content), io.modelcontextprotocol/ui under capabilities.extensions, the text fallback only for
// clients that do not declare the extension, and the typed client's `apps` section.
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_MIME_TYPE, META_APPS_EXTENSION } from "../../packages/runtime/src/core-entry.js";
import { connectClient, createHttpTransport, toolApp } from "../../packages/runtime/src/client-entry.js";
// The typed client is built on the published runtime (dist), so its `raw` goes to the dist helper.
import { readToolApp } from "@mcp-gen/runtime/client";
import { ROOT, type RunningDashboard, startDashboard } from "./support.js";

type DashboardModule = typeof import("../../examples/dashboard/generated/dist/index.js");
let dashboard: DashboardModule;
let server: RunningDashboard;

beforeAll(async () => {
  dashboard = (await import(pathToFileURL(resolve(ROOT, "examples/dashboard/generated/dist/index.js")).href)) as DashboardModule;
  server = await startDashboard();
});
afterAll(async () => {
  await server?.close();
});

const UI = {
  csp: { connectDomains: ["https://api.example.com"], resourceDomains: ["https://cdn.example.com"] },
  permissions: { clipboardWrite: {} },
  domain: "dashboard.example.com",
  prefersBorder: true,
};
const URI = "ui://dashboard/index.html";
const FALLBACK = "This host does not render MCP Apps; the dashboard's figures follow as text.";

describe.each(["2026-07-28", "2025-11-25"] as const)("the dashboard's app, protocol %s", (protocol) => {
  const connect = (extensions: Record<string, object> | undefined) =>
    connectClient({ transport: createHttpTransport({ url: server.url }), clientInfo: { name: "apps-test", version: "1.0.0" }, protocol, ...(extensions ? { capabilities: { extensions } } : {}) });

  it("links tools to the ui:// page and advertises the extension", async () => {
    const client = await connect(undefined);
    try {
      expect(client.era).toBe(protocol === "2026-07-28" ? "modern" : "legacy");
      expect((client.serverCapabilities["extensions"] as Record<string, unknown>)[META_APPS_EXTENSION]).toEqual({});
      const tools = Object.fromEntries((await client.listAllTools()).map((t) => [t["name"], t]));
      expect(tools["show_dashboard"]!["_meta"]).toEqual({ ui: { resourceUri: URI } });
      expect(tools["get_metrics"]!["_meta"]).toEqual({ ui: { resourceUri: URI, visibility: ["app"] } });
      expect(await toolApp(client, "get_metrics")).toEqual({ resourceUri: URI, visibility: ["app"] });
      expect(await toolApp(client, "no_such_tool")).toBeUndefined();

      const listed = (await client.listAllResources()).find((r) => r["uri"] === URI);
      expect(listed).toMatchObject({ name: "dashboard", mimeType: APP_MIME_TYPE, _meta: { ui: UI } });
      const read = await client.readResource(URI);
      const [content] = read["contents"] as Record<string, unknown>[];
      expect(content).toMatchObject({ uri: URI, mimeType: APP_MIME_TYPE, _meta: { ui: UI } });
      // One document: the bundle's stylesheet and script are inlined, nothing left to fetch.
      const html = String(content!["text"]);
      expect(html).toContain("<style>body {");
      expect(html).toContain('request("tools/call", { name: "get_metrics"');
      expect(html).not.toMatch(/src="app\.js"|href="style\.css"/);
    } finally {
      await client.close();
    }
  });

  it("adds the text fallback only for a client without io.modelcontextprotocol/ui", async () => {
    const plain = await connect(undefined);
    const host = await connect({ [META_APPS_EXTENSION]: { mimeTypes: [APP_MIME_TYPE] } });
    try {
      const without = await plain.callTool("show_dashboard", {});
      expect(without.content[0]).toEqual({ type: "text", text: FALLBACK });
      expect(without.content[1]).toEqual({ type: "text", text: "eu: 1200 visitors, 87 sign-ups\nus: 2310 visitors, 140 sign-ups\napac: 860 visitors, 52 sign-ups" });
      const rendered = await host.callTool("show_dashboard", {});
      expect(rendered.content.map((c) => c["text"])).not.toContain(FALLBACK);
      expect(rendered.structuredContent).toEqual(without.structuredContent);
      // A tool without a fallback answers the same either way.
      expect((await plain.callTool("get_metrics", { region: "eu" })).content).toEqual([{ type: "text", text: "eu: 1200 visitors, 87 sign-ups" }]);
    } finally {
      await plain.close();
      await host.close();
    }
  });

  it("reads a tool's app through the typed client and the runtime helper", async () => {
    const client = await dashboard.connect({ transport: createHttpTransport({ url: server.url }), clientInfo: { name: "apps-test", version: "1.0.0" }, protocol });
    try {
      const page = await client.apps.showDashboard();
      expect(page).toMatchObject({ uri: URI, mimeType: APP_MIME_TYPE, ui: UI });
      expect(page.html).toMatch(/^<!doctype html>/);
      const viaTool = await readToolApp(client.raw, "get_metrics");
      expect(viaTool).toMatchObject({ uri: URI, ui: UI, tool: { resourceUri: URI, visibility: ["app"] } });
      expect(viaTool!.html).toBe(page.html);
      const metrics = await client.tools.getMetrics({ region: "apac" });
      expect(metrics.structured).toEqual({ region: "apac", visitors: 860, signups: 52 });
    } finally {
      await client.close();
    }
  });
});
