// `mcp-gen pull` of the dashboard records what the server reveals of its app (the tools'
// `_meta.ui`, the ui:// resource with its `_meta.ui`, the extension), the pulled manifest loads,
// and the client generated from it has the `apps` section, reading the page from the live server.
import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { parse } from "yaml";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createHttpTransport } from "@mcp-gen/runtime/client";
import { importGeneratedPackage } from "../support/generated-package.js";
import { TMP_DIR } from "../support/tmp.js";
import { ROOT, type RunningDashboard, startDashboard } from "./support.js";

const DIR = join(TMP_DIR, "apps", "pull");
let server: RunningDashboard;

beforeAll(async () => {
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
  server = await startDashboard();
});
afterAll(async () => {
  await server?.close();
});

it("pulls the app's links and resource, and the pulled client reads the page", async () => {
  const manifest = join(DIR, "mcp.yaml");
  await promisify(execFile)(process.execPath, [join(ROOT, "bin/mcp-gen.js"), "pull", server.url, "--out", manifest], { cwd: ROOT });
  const pulled = parse(readFileSync(manifest, "utf8")) as Record<string, Record<string, Record<string, unknown>>>;
  expect(pulled["tools"]!["get_metrics"]!["_meta"]).toEqual({ ui: { resourceUri: "ui://dashboard/index.html", visibility: ["app"] } });
  expect(pulled["resources"]!["dashboard"]).toMatchObject({ uri: "ui://dashboard/index.html", mimeType: "text/html;profile=mcp-app", _meta: { ui: { domain: "dashboard.example.com" } } });
  expect(pulled["extensions"]).toEqual({ "io.modelcontextprotocol/ui": {} });

  type Pulled = { connect(options: object): Promise<{ apps: { showDashboard(): Promise<{ uri: string; html: string; ui: Record<string, unknown> }> }; close(): Promise<void> }> };
  const pkg = await importGeneratedPackage<Pulled>(manifest, join(DIR, "client"));
  const client = await pkg.connect({ transport: createHttpTransport({ url: server.url }), clientInfo: { name: "pulled", version: "1.0.0" } });
  try {
    const page = await client.apps.showDashboard();
    expect(page.uri).toBe("ui://dashboard/index.html");
    expect(page.html).toContain("Metrics dashboard");
    expect(page.ui["permissions"]).toEqual({ clipboardWrite: {} });
  } finally {
    await client.close();
  }
});
