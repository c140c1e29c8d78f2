// The official inspector (@modelcontextprotocol/inspector 2.12.0, its --cli mode) probes the
// dashboard example's app with `--app-info`, once per era (`--protocol-era legacy|modern`). A
// recording relay between the two proves which era each run spoke: legacy starts with
// `initialize`, modern with `server/discover` and never sends `initialize`.
import { execFile } from "node:child_process";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, type RunningDashboard, startDashboard } from "./support.js";

const run = promisify(execFile);
const INSPECTOR = join(ROOT, "node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js");
let dashboard: RunningDashboard;
let relay: Server;
let relayUrl: string;
let methods: string[] = [];

beforeAll(async () => {
  dashboard = await startDashboard();
  const target = new URL(dashboard.url);
  relay = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      try {
        const message = JSON.parse(body.toString() || "null") as { method?: string } | null;
        if (message && typeof message.method === "string") methods.push(message.method);
      } catch {
        // Not JSON (a GET or DELETE): forwarded as it came.
      }
      const headers = { ...req.headers, host: target.host };
      const out = request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      out.on("error", () => res.destroy());
      out.end(body);
    });
  });
  await new Promise<void>((done) => relay.listen(0, "127.0.0.1", done));
  relayUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}/mcp`;
});

afterAll(async () => {
  relay?.closeAllConnections();
  await new Promise((done) => relay?.close(done));
  await dashboard?.close();
});

async function inspector(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [INSPECTOR, "--cli", relayUrl, ...args], { cwd: ROOT, timeout: 60_000 });
  return stdout;
}

const UI = {
  resourceUri: "ui://dashboard/index.html",
  csp: { connectDomains: ["https://api.example.com"], resourceDomains: ["https://cdn.example.com"] },
  permissions: { clipboardWrite: {} },
  domain: "dashboard.example.com",
  prefersBorder: true,
  resourceMimeType: "text/html;profile=mcp-app",
};

describe.each(["legacy", "modern"] as const)("inspector --app-info, --protocol-era %s", (era) => {
  it("reports the tool's app: resource URI, CSP, permissions, domain", async () => {
    methods = [];
    const line = await inspector("--protocol-era", era, "--method", "tools/call", "--tool-name", "show_dashboard", "--app-info");
    expect(JSON.parse(line.trim())).toEqual({ hasApp: true, toolName: "show_dashboard", ...UI });
    expect(methods[0]).toBe(era === "legacy" ? "initialize" : "server/discover");
    expect(methods.includes("initialize")).toBe(era === "legacy");
    expect(methods).toContain("resources/read");
    // --app-info does not invoke the tool.
    expect(methods).not.toContain("tools/call");
  });

  it("lists every tool's app, the app-only tool with its visibility", async () => {
    const lines = (await inspector("--protocol-era", era, "--method", "tools/list", "--app-info", "--advertise-apps")).trim().split("\n");
    const byTool = Object.fromEntries(lines.map((l) => JSON.parse(l) as { toolName: string }).map((info) => [info.toolName, info]));
    expect(byTool["get_metrics"]).toEqual({ hasApp: true, toolName: "get_metrics", ...UI, visibility: ["app"] });
    expect(byTool["show_dashboard"]).toEqual({ hasApp: true, toolName: "show_dashboard", ...UI });
  });

  it("gets the text fallback unless it advertises the apps extension", async () => {
    const plain = JSON.parse(await inspector("--protocol-era", era, "--method", "tools/call", "--tool-name", "show_dashboard", "--format", "json", "-q")) as { result: { content: { text: string }[] } };
    const host = JSON.parse(await inspector("--protocol-era", era, "--method", "tools/call", "--tool-name", "show_dashboard", "--advertise-apps", "--format", "json", "-q")) as { result: { content: { text: string }[] } };
    const fallback = "This host does not render MCP Apps; the dashboard's figures follow as text.";
    expect(plain.result.content[0]!.text).toBe(fallback);
    expect(host.result.content.map((c) => c.text)).not.toContain(fallback);
    expect(host.result.content[0]!.text).toContain("eu: 1200 visitors, 87 sign-ups");
  });
});
