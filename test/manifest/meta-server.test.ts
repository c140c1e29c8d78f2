// The wire of a generated server whose manifest declares `_meta`, complete resource annotations
// and `extensions` (meta-server.yaml): every list entry carries its `_meta` verbatim on 2026-07-28
// and 2025-11-25, and `capabilities.extensions` holds the declared extension merged with the
// runtime's own tasks extension, on `server/discover` and legacy `initialize` alike
// [S26:basic/versioning § Extension Negotiation]. Seen through the runtime client (raw results)
// and through the official SDK client 2.4.0 over real HTTP on 127.0.0.1.
import { rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importGeneratedPackage } from "../support/generated-package.js";
import { createFetchHandler, type McpServer } from "../../packages/runtime/src/server-entry.js";
import { createHttpTransport } from "../../packages/runtime/src/client-entry.js";
import { listenHttp, type ListeningServer } from "../../packages/runtime/src/http/node.js";
import { connectSdkClient, type ConnectedSdkClient, type Era } from "../interop/support/sdk-client.js";
import { TMP_DIR } from "../support/tmp.js";

const MANIFEST = resolve(import.meta.dirname, "meta-server.yaml");
const OUT = join(TMP_DIR, "manifest-meta-server");
const TASKS = "io.modelcontextprotocol/tasks";

const TOOL_META = { "com.example/cost": "low", "com.example/owners": ["search-team"], "com.example/limits": { perMinute: 10 } };
const PROMPT_META = { "com.example/model-hint": { family: "small" } };
const RESOURCE_META = { "com.example/source": "git" };
const TEMPLATE_META = { "com.example/kind": "source-file" };
const EXTENSIONS = { "com.example/search": { maxDepth: 3, modes: ["fast", "deep"] }, [TASKS]: {} };

type Json = Record<string, unknown>;
interface RuntimeClient {
  readonly serverCapabilities: Json;
  listTools(): Promise<{ result: Json }>;
  listPrompts(): Promise<{ result: Json }>;
  listResources(): Promise<{ result: Json }>;
  listResourceTemplates(): Promise<{ result: Json }>;
}
interface Generated {
  createServer(handlers: unknown): McpServer;
  connect(options: unknown): Promise<{ raw: RuntimeClient; close(): Promise<void> }>;
}

const text = (t: string) => ({ content: [{ type: "text", text: t }] });
const handlers = {
  tools: { find: () => text("found"), slow: () => text("done") },
  prompts: { summarize: { get: () => ({ messages: [{ role: "user", content: { type: "text", text: "Summarize." } }] }) } },
  resources: { readme: { read: () => [{ uri: "file:///project/README.md", text: "# readme" }] } },
  templates: { file: { read: (uri: string) => [{ uri, text: "file" }] } },
};

let pkg: Generated;
let http: ListeningServer;
beforeAll(async () => {
  pkg = await importGeneratedPackage<Generated>(MANIFEST, OUT);
  http = await listenHttp(pkg.createServer(handlers), { host: "127.0.0.1", port: 0 });
});
afterAll(async () => {
  await http?.close();
  rmSync(OUT, { recursive: true, force: true });
});

const entry = (list: unknown[], key: string, value: string) => list.find((e) => (e as Json)[key] === value) as Json | undefined;

describe.each(["2026-07-28", "2025-11-25"] as const)("runtime client, protocol %s", (protocol) => {
  let client: Awaited<ReturnType<Generated["connect"]>>;
  beforeAll(async () => {
    const handle = createFetchHandler(pkg.createServer(handlers));
    client = await pkg.connect({
      transport: createHttpTransport({ url: "http://127.0.0.1/mcp", fetch: (input: RequestInfo | URL, init?: RequestInit) => handle(new Request(input, init)) }),
      clientInfo: { name: "meta-server-test", version: "1.0.0" },
      protocol,
    });
  });
  afterAll(async () => client?.close());

  it("tools/list, prompts/list, resources/list and resources/templates/list carry the declared _meta verbatim", async () => {
    const tools = (await client.raw.listTools()).result["tools"] as unknown[];
    expect(entry(tools, "name", "find")?.["_meta"]).toEqual(TOOL_META);
    expect(entry(tools, "name", "slow")).not.toHaveProperty("_meta");
    const prompts = (await client.raw.listPrompts()).result["prompts"] as unknown[];
    expect(entry(prompts, "name", "summarize")?.["_meta"]).toEqual(PROMPT_META);
    const resources = (await client.raw.listResources()).result["resources"] as unknown[];
    expect(entry(resources, "name", "readme")).toMatchObject({
      _meta: RESOURCE_META,
      annotations: { audience: ["user", "assistant"], priority: 0.8, lastModified: "2025-01-12T15:00:58Z" },
    });
    const templates = (await client.raw.listResourceTemplates()).result["resourceTemplates"] as unknown[];
    expect(entry(templates, "name", "file")).toMatchObject({ _meta: TEMPLATE_META, annotations: { lastModified: "2025-05-03T14:30:00Z" } });
  });

  it("advertises the declared extension next to the runtime's tasks extension", () => {
    expect(client.raw.serverCapabilities["extensions"]).toEqual(EXTENSIONS);
  });
});

describe.each(["modern", "legacy"] as const)("official SDK client 2.4.0 over HTTP, %s era", (era: Era) => {
  let c: ConnectedSdkClient;
  beforeAll(async () => {
    c = await connectSdkClient({ era, target: { kind: "http", url: new URL(http.url) }, capabilities: {} });
  });
  afterAll(async () => c?.close());

  it("sees capabilities.extensions as declared (server/discover or initialize)", () => {
    expect((c.client.getServerCapabilities() as Json | undefined)?.["extensions"]).toEqual(EXTENSIONS);
    // The handshake the SDK took is the era under test.
    const methods = c.sent.map((m) => (m as { method?: string }).method);
    expect(methods).toContain(era === "modern" ? "server/discover" : "initialize");
  });

  it("sees the _meta of every list entry and the resource annotations", async () => {
    expect((await c.client.listTools()).tools.find((t) => t.name === "find")?._meta).toEqual(TOOL_META);
    expect((await c.client.listPrompts()).prompts.find((p) => p.name === "summarize")?._meta).toEqual(PROMPT_META);
    const readme = (await c.client.listResources()).resources.find((r) => r.name === "readme");
    expect(readme?._meta).toEqual(RESOURCE_META);
    expect(readme?.annotations).toEqual({ audience: ["user", "assistant"], priority: 0.8, lastModified: "2025-01-12T15:00:58Z" });
    const file = (await c.client.listResourceTemplates()).resourceTemplates.find((t) => t.name === "file");
    expect(file?._meta).toEqual(TEMPLATE_META);
  });
});
