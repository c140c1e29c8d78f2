// Live lists on a running generated server (runtime server/live-lists.ts): disabling a declared
// tool drops it from tools/list on both eras, a modern subscriptions/listen stream and a legacy
// GET stream each receive notifications/tools/list_changed, a call to it gets -32602 (unknown
// tool, server/tools § Error Handling in 2025-11-25 and 2026-07-28), and enabling it restores it
// in its place. Dynamic tools are added and removed with their own schemas and handlers.
import { rmSync } from "node:fs";
import { request, type ClientRequest } from "node:http";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importGeneratedPackage } from "../support/generated-package.js";
import { listenHttp, type ListeningServer } from "../../packages/runtime/src/http/node.js";
import { withLiveItems, type LiveItem, type LiveList, type McpServer, type ToolDefinition } from "../../packages/runtime/src/server-entry.js";
import { createMcpServer } from "../../packages/runtime/src/server/server.js";
import { TMP_DIR } from "../support/tmp.js";
import { envelope } from "./helpers/definition.js";
import { messagesOf, modernCall, modernHeaders, rawRequest } from "./helpers/http.js";

const MANIFEST = resolve(import.meta.dirname, "live-lists.yaml");
const OUT = join(TMP_DIR, "runtime-live-lists");

type LiveServer = McpServer & {
  tools: LiveList<ToolDefinition<any>> & { echo: LiveItem; shout: LiveItem };
  prompts: LiveList<unknown> & { greet: LiveItem };
};

let server: LiveServer;
let listening: ListeningServer;
const open: ClientRequest[] = [];

const handlers = {
  tools: { echo: (args: { text: string }) => args.text, shout: (args: { text: string }) => args.text.toUpperCase() },
  prompts: { greet: { get: () => ({ messages: [{ role: "user", content: { type: "text", text: "hello" } }] }) } },
};

beforeAll(async () => {
  const pkg = await importGeneratedPackage<{ createServer(h: unknown): LiveServer }>(MANIFEST, OUT);
  server = pkg.createServer(handlers);
  listening = await listenHttp(server, { port: 0 });
});
afterAll(async () => {
  for (const req of open) req.destroy();
  await listening?.close();
  rmSync(OUT, { recursive: true, force: true });
});

/** Opens a streaming request and collects the JSON messages of its SSE `data:` lines. */
function stream(method: "GET" | "POST", headers: Record<string, string>, body?: string): { messages: any[]; status: number } {
  const seen: { messages: any[]; status: number } = { messages: [], status: 0 };
  const req = request(listening.url, { method, headers }, (res) => {
    seen.status = res.statusCode ?? 0;
    res.setEncoding("utf8");
    let buffer = "";
    res.on("data", (chunk: string) => {
      buffer += chunk;
      const lines = buffer.split("\n");
      buffer = lines.pop() ?? "";
      for (const line of lines) if (line.startsWith("data: {")) seen.messages.push(JSON.parse(line.slice(6)));
    });
  });
  req.on("error", () => {});
  req.end(body);
  open.push(req);
  return seen;
}

const settle = async (check: () => boolean) => {
  for (let i = 0; i < 150 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
};

async function legacySession(): Promise<Record<string, string>> {
  const init = await rawRequest(listening.url, {
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } } }),
  });
  const headers = { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-session-id": String(init.headers["mcp-session-id"]), "mcp-protocol-version": "2025-11-25" };
  await rawRequest(listening.url, { headers, body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) });
  return headers;
}

let legacyId = 100;
async function legacyCall(headers: Record<string, string>, method: string, params: Record<string, unknown> = {}) {
  const id = legacyId++;
  const response = await rawRequest(listening.url, { headers, body: JSON.stringify({ jsonrpc: "2.0", id, method, params }) });
  return messagesOf(response).find((m) => m.id === id);
}

const modernTools = async (): Promise<string[]> => (await modernCall(listening.url.toString(), "tools/list")).final.result.tools.map((t: { name: string }) => t.name);
const legacyTools = async (headers: Record<string, string>): Promise<string[]> => (await legacyCall(headers, "tools/list")).result.tools.map((t: { name: string }) => t.name);
const listChanged = (messages: any[], family = "tools") => messages.filter((m) => m.method === `notifications/${family}/list_changed`);

describe("live lists on a generated server", () => {
  it("gives declared items typed accessors and advertises listChanged where the manifest says so", async () => {
    expect(server.tools.echo.key).toBe("echo");
    expect(server.tools.echo.declared).toBe(true);
    expect(server.tools.keys()).toEqual(["echo", "shout"]);
    expect(server.prompts.greet.enabled).toBe(true);
    const discover = await modernCall(listening.url.toString(), "server/discover");
    expect(discover.final.result.capabilities.tools).toEqual({ listChanged: true });
    expect(discover.final.result.capabilities.prompts).toEqual({ listChanged: true });
  });

  it("disabling a tool drops it, notifies a listen and a GET stream, and makes calls unknown; enabling restores it", async () => {
    const legacy = await legacySession();
    const getStream = stream("GET", { accept: "text/event-stream", "mcp-session-id": legacy["mcp-session-id"]!, "mcp-protocol-version": "2025-11-25" });
    const listen = stream(
      "POST",
      modernHeaders("subscriptions/listen"),
      JSON.stringify({ jsonrpc: "2.0", id: "live-1", method: "subscriptions/listen", params: { notifications: { toolsListChanged: true }, _meta: envelope() } }),
    );
    await settle(() => listen.messages.some((m) => m.method === "notifications/subscriptions/acknowledged"));
    // The GET stream has no acknowledgement: its response head means the session holds it.
    await settle(() => getStream.status !== 0);
    expect(getStream.status).toBe(200);
    expect(await modernTools()).toEqual(["echo", "shout"]);

    server.tools.echo.disable();
    server.tools.echo.disable(); // no change: no second rebuild or notification
    expect(server.tools.echo.enabled).toBe(false);
    expect(await modernTools()).toEqual(["shout"]);
    expect(await legacyTools(legacy)).toEqual(["shout"]);
    await settle(() => listChanged(listen.messages).length > 0 && listChanged(getStream.messages).length > 0);
    expect(listChanged(listen.messages)).toHaveLength(1);
    expect(listChanged(listen.messages)[0].params._meta["io.modelcontextprotocol/subscriptionId"]).toBe("live-1");
    expect(listChanged(getStream.messages)).toHaveLength(1);

    const modernRefused = await modernCall(listening.url.toString(), "tools/call", { name: "echo", arguments: { text: "hi" } });
    expect(modernRefused.final.error.code).toBe(-32602);
    const legacyRefused = await legacyCall(legacy, "tools/call", { name: "echo", arguments: { text: "hi" } });
    expect(legacyRefused.error.code).toBe(-32602);
    // The other tool is untouched.
    expect((await legacyCall(legacy, "tools/call", { name: "shout", arguments: { text: "hi" } })).result.content[0].text).toBe("HI");

    server.tools.echo.enable();
    expect(await modernTools()).toEqual(["echo", "shout"]);
    expect(await legacyTools(legacy)).toEqual(["echo", "shout"]);
    const called = await modernCall(listening.url.toString(), "tools/call", { name: "echo", arguments: { text: "back" } });
    expect(called.final.result.content[0].text).toBe("back");
    await settle(() => listChanged(listen.messages).length > 1 && listChanged(getStream.messages).length > 1);
    expect(listChanged(listen.messages)).toHaveLength(2);
    expect(listChanged(getStream.messages)).toHaveLength(2);
    // The listen asked for tools only: a prompt change does not reach it.
    server.prompts.greet.disable();
    server.prompts.greet.enable();
    await settle(() => listChanged(getStream.messages, "prompts").length >= 2);
    expect(listChanged(getStream.messages, "prompts")).toHaveLength(2);
    expect(listChanged(listen.messages, "prompts")).toHaveLength(0);
  });

  it("adds and removes dynamic tools with their own schema and handler", async () => {
    const item = server.tools.add({
      name: "reverse",
      description: "Reverses the text.",
      inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
      handler: async (args: any) => ({ content: [{ type: "text", text: [...String(args.text)].reverse().join("") }] }),
    });
    expect(item.declared).toBe(false);
    const listed = await modernCall(listening.url.toString(), "tools/list");
    expect(listed.final.result.tools.map((t: { name: string }) => t.name)).toEqual(["echo", "shout", "reverse"]);
    expect(listed.final.result.tools[2].inputSchema.required).toEqual(["text"]);
    const called = await modernCall(listening.url.toString(), "tools/call", { name: "reverse", arguments: { text: "abc" } });
    expect(called.final.result.content[0].text).toBe("cba");

    expect(() => server.tools.add({ name: "reverse", inputSchema: { type: "object" }, handler: async () => ({ content: [] }) })).toThrow(/already exists/);
    expect(() => server.tools.remove("echo")).toThrow(/disable it instead/);
    expect(server.tools.remove("reverse")).toBe(true);
    expect(server.tools.remove("reverse")).toBe(false);
    expect(() => item.enable()).toThrow(/was removed/);
    expect(item.enabled).toBe(false);
    expect(await modernTools()).toEqual(["echo", "shout"]);
    const gone = await modernCall(listening.url.toString(), "tools/call", { name: "reverse", arguments: { text: "abc" } });
    expect(gone.final.error.code).toBe(-32602);
  });

  it("serves the same page bytes until the list changes, and the first page again once it is back", async () => {
    const body = async () => (await modernCall(listening.url.toString(), "tools/list")).response.body.replace(/^\{"jsonrpc":"2.0","id":\d+,/, "");
    const first = await body();
    expect(await body()).toBe(first);
    server.tools.shout.disable();
    const changed = await body();
    expect(changed).not.toBe(first);
    expect(changed).not.toContain('"shout"');
    server.tools.shout.enable();
    expect(await body()).toBe(first);
  });
});

describe("live lists and capabilities", () => {
  const base = { serverInfo: { name: "bare", version: "1" }, revisions: ["2026-07-28"] };

  it("refuses to add to a family the server does not advertise, with the fix in the message", () => {
    const bare = createMcpServer({ ...base, capabilities: { listChanged: { tools: false } } });
    expect(() => bare.tools.add({ name: "late", inputSchema: { type: "object" }, handler: async () => ({ content: [] }) })).toThrow(/listChanged.tools: true/);
    void bare.close();
  });

  it("advertises an empty family switched on by name, and fills it at run time", async () => {
    const empty = createMcpServer({ ...base, capabilities: { listChanged: { tools: true } } });
    const running = await listenHttp(empty, { port: 0 });
    try {
      const discover = await modernCall(running.url.toString(), "server/discover");
      expect(discover.final.result.capabilities.tools).toEqual({ listChanged: true });
      expect((await modernCall(running.url.toString(), "tools/list")).final.result.tools).toEqual([]);
      empty.tools.add({ name: "late", inputSchema: { type: "object" }, handler: async () => ({ content: [{ type: "text", text: "here" }] }) });
      expect((await modernCall(running.url.toString(), "tools/list")).final.result.tools.map((t: { name: string }) => t.name)).toEqual(["late"]);
    } finally {
      await running.close();
    }
  });

  it("resources and templates: disabled ones leave their lists and read like URIs that never existed", async () => {
    const live = createMcpServer({
      ...base,
      capabilities: { listChanged: { resources: true } },
      resources: [{ uri: "test://a", name: "a", read: () => [{ uri: "test://a", text: "A" }] }],
      resourceTemplates: [{ uriTemplate: "test://items/{id}", name: "item", read: (uri: string) => [{ uri, text: "item" }] }],
    });
    const running = await listenHttp(live, { port: 0 });
    const url = running.url.toString();
    try {
      const never = (await modernCall(url, "resources/read", { uri: "test://never" })).final.error.code;
      expect((await modernCall(url, "resources/read", { uri: "test://items/7" })).final.result.contents[0].text).toBe("item");
      live.resources.get("test://a")!.disable();
      live.resourceTemplates.get("test://items/{id}")!.disable();
      expect((await modernCall(url, "resources/list")).final.result.resources).toEqual([]);
      expect((await modernCall(url, "resources/templates/list")).final.result.resourceTemplates).toEqual([]);
      expect((await modernCall(url, "resources/read", { uri: "test://a" })).final.error.code).toBe(never);
      expect((await modernCall(url, "resources/read", { uri: "test://items/7" })).final.error.code).toBe(never);
      live.resourceTemplates.add({ uriTemplate: "test://other/{id}", name: "other", read: (uri: string) => [{ uri, text: "other" }] });
      expect((await modernCall(url, "resources/templates/list")).final.result.resourceTemplates.map((t: { name: string }) => t.name)).toEqual(["other"]);
      expect((await modernCall(url, "resources/read", { uri: "test://other/1" })).final.result.contents[0].text).toBe("other");
      expect(() => live.resourceTemplates.add({ uriTemplate: "test://other/{id}", name: "again", read: () => [] })).toThrow(/already exists/);
      expect(live.resourceTemplates.keys()).toEqual(["test://other/{id}"]);
    } finally {
      await running.close();
    }
  });

  it("typed accessors skip names of the list's own methods and refuse undeclared keys", () => {
    const tool = (name: string) => ({ name, inputSchema: { type: "object" }, handler: async () => ({ content: [] }) });
    const plain = createMcpServer({ ...base, tools: [tool("add"), tool("to_string")] });
    const typed = withLiveItems(plain, { tools: { add: "add", toString: "to_string" } });
    expect(typeof typed.tools.add).toBe("function");
    expect(typed.tools.get("add")?.declared).toBe(true);
    expect(typed.tools.toString.key).toBe("to_string");
    expect(() => withLiveItems(plain, { tools: { missing: "missing" } })).toThrow(/no declared tool 'missing'/);
    void plain.close();
  });

  it("refuses a task tool on a server built without task tools", () => {
    const plain = createMcpServer({ ...base, capabilities: { listChanged: { tools: true } } });
    expect(() =>
      plain.tools.add({ name: "slow", inputSchema: { type: "object" }, task: { support: "required" }, handler: async () => ({ content: [] }) } as ToolDefinition<any>),
    ).toThrow(/runs as a task/);
    void plain.close();
  });
});
