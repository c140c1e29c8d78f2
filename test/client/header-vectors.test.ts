// The x-mcp-header vectors of issue 10 (nullable type, nested property, and the refused ones):
// the manifest loader, the generated server (the definition the generator emits: the IR's
// bundled inputSchema) and the generated client (the generic McpClient it wraps) agree, because
// all three read annotations through core/headers/declarations.ts. Accepted vectors are mirrored
// by the client and enforced by the server; refused ones fail `validate` with a code and a
// position, and neither half would use them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { loadManifestText } from "../../generator/manifest/load.js";
import { McpClient, createHttpTransport, planToolHeaders } from "../../packages/runtime/src/client-entry.js";
import { listenHttp, type ListeningServer } from "../../packages/runtime/src/http/node.js";
import { createMcpServer } from "../../packages/runtime/src/server/server.js";
import type { ToolDefinition } from "../../packages/runtime/src/server/definition.js";
import { modernCall } from "../runtime/helpers/http.js";

function manifest(propertiesYaml: string): string {
  return [
    "mcpgen: 1",
    'server: { name: vectors, version: "1" }',
    "protocol: [2026-07-28]",
    "tools:",
    "  t:",
    "    input:",
    "      type: object",
    "      properties:",
    ...propertiesYaml.split("\n").map((line) => `        ${line}`),
  ].join("\n");
}

const NULLABLE = manifest('region: { type: [string, "null"], x-mcp-header: Region }');
const NESTED = manifest("opts:\n  type: object\n  properties:\n    zone: { type: string, x-mcp-header: Zone }");

function loaded(text: string) {
  const result = loadManifestText(text, "vectors.yaml");
  return { result, errors: result.diagnostics.filter((d) => d.severity === "error") };
}

describe("x-mcp-header vectors: accepted and enforced everywhere", () => {
  const seen: unknown[] = [];
  let listening: ListeningServer;
  let url: string;

  beforeAll(async () => {
    const tools: ToolDefinition[] = [NULLABLE, NESTED].map((text, i) => {
      const tool = loaded(text).result.manifest?.tools[0];
      if (tool === undefined) throw new Error("vector manifest did not load");
      // The nested tool carries the headers as the server emitter writes them from the IR; the
      // nullable one leaves them out, as a hand-written definition would, so the server scans.
      const emitted = i === 1 ? { headers: tool.headers.map((h) => ({ path: h.path, headerName: h.header, type: h.type })) } : {};
      return {
        name: i === 0 ? "nullable" : "nested",
        inputSchema: tool.inputSchema as Record<string, unknown>,
        ...emitted,
        handler: (args: unknown) => {
          seen.push(args);
          return { content: [{ type: "text", text: "ok" }] };
        },
      };
    });
    listening = await listenHttp(createMcpServer({ serverInfo: { name: "vectors", version: "1" }, revisions: ["2026-07-28"], tools }), { port: 0 });
    url = listening.url;
  });

  afterAll(async () => {
    await listening.close();
  });

  it("the loader accepts both and records the header the server will check", () => {
    const nullable = loaded(NULLABLE);
    expect(nullable.errors).toEqual([]);
    expect(nullable.result.manifest?.tools[0]?.headers).toEqual([{ header: "Region", path: ["region"], type: "string" }]);
    const nested = loaded(NESTED);
    expect(nested.errors).toEqual([]);
    expect(nested.result.manifest?.tools[0]?.headers).toEqual([{ header: "Zone", path: ["opts", "zone"], type: "string" }]);
  });

  it("the server starts and enforces the nullable header: required for a value, not for null", async () => {
    const missing = await modernCall(url, "tools/call", { name: "nullable", arguments: { region: "eu" } });
    expect(missing.response.status).toBe(400);
    expect(missing.final.error.code).toBe(-32020);
    const wrong = await modernCall(url, "tools/call", { name: "nullable", arguments: { region: "eu" } }, { headers: { "mcp-param-region": "us" } });
    expect(wrong.final.error.code).toBe(-32020);
    const right = await modernCall(url, "tools/call", { name: "nullable", arguments: { region: "eu" } }, { headers: { "mcp-param-region": "eu" } });
    expect(right.final.result.content).toEqual([{ type: "text", text: "ok" }]);
    const nulled = await modernCall(url, "tools/call", { name: "nullable", arguments: { region: null } });
    expect(nulled.final.result.content).toEqual([{ type: "text", text: "ok" }]);
  });

  it("the server enforces the nested header at its property path", async () => {
    const missing = await modernCall(url, "tools/call", { name: "nested", arguments: { opts: { zone: "z1" } } });
    expect(missing.response.status).toBe(400);
    expect(missing.final.error.code).toBe(-32020);
    const right = await modernCall(url, "tools/call", { name: "nested", arguments: { opts: { zone: "z1" } } }, { headers: { "mcp-param-zone": "z1" } });
    expect(right.final.result.content).toEqual([{ type: "text", text: "ok" }]);
  });

  it("the client keeps both tools and mirrors exactly the headers the server demands", async () => {
    const warnings: string[] = [];
    const client = new McpClient({ transport: createHttpTransport({ url }), clientInfo: { name: "vectors", version: "1" }, protocol: "2026-07-28", onWarning: (m) => warnings.push(m) });
    await client.connect();
    try {
      expect((await client.listAllTools()).map((t) => t["name"]).sort()).toEqual(["nested", "nullable"]);
      seen.length = 0;
      expect((await client.callTool("nullable", { region: "eu-west" })).isError).not.toBe(true);
      expect((await client.callTool("nullable", { region: null })).isError).not.toBe(true);
      expect((await client.callTool("nested", { opts: { zone: "z9" } })).isError).not.toBe(true);
      expect(seen).toEqual([{ region: "eu-west" }, { region: null }, { opts: { zone: "z9" } }]);
      expect(warnings).toEqual([]);
    } finally {
      await client.close();
    }
  });
});

describe("x-mcp-header vectors: refused at validate time with code and position", () => {
  // [label, property line, code, header value]; the position expected is that value's, in line 9.
  const REFUSED: Array<[string, string, string, string]> = [
    ["a union of two primitives", "either: { type: [string, integer], x-mcp-header: Either }", "MCPGEN1504", "Either"],
    ["a nullable number", 'score: { type: [number, "null"], x-mcp-header: Score }', "MCPGEN1504", "Score"],
    ["a property under items", "ids: { type: array, items: { type: string, x-mcp-header: Id } }", "MCPGEN1505", "Id"],
  ];

  it.each(REFUSED)("%s", (_label, property, code, value) => {
    const text = manifest(property);
    const line = text.split("\n")[8] as string;
    expect(line.trim()).toBe(property);
    const { errors } = loaded(text);
    expect(errors.map((d) => `${d.code} ${d.line}:${d.column}`)).toEqual([`${code} 9:${line.lastIndexOf(value) + 1}`]);
    // The schema the tool would publish: the server refuses it at start-up, the client drops it.
    const schema = { type: "object", properties: parseYaml(property) as Record<string, unknown> };
    expect(planToolHeaders(schema).ok).toBe(false);
    expect(() => createMcpServer({ serverInfo: { name: "v", version: "1" }, revisions: ["2026-07-28"], tools: [{ name: "t", inputSchema: schema, handler: () => ({ content: [] }) }] })).toThrow(/x-mcp-header/);
  });
});
