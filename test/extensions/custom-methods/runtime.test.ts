// The runtime API for extension methods (server/extension-methods*.ts) on a real HTTP server,
// both eras: a custom request and a notification each way, the per-request extension check
// (-32021 with data.requiredCapabilities, 400 on modern HTTP; legacy: the same error in-band,
// checked against `initialize` capabilities), params/result validation, and the refusal of
// spec method names at construction.
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenHttp, type ListeningServer } from "../../../packages/runtime/src/http/node.js";
import { Cancellation } from "../../../packages/runtime/src/server/cancellation.js";
import type { ServerDefinition } from "../../../packages/runtime/src/server/definition.js";
import { createMcpServer, type McpServer } from "../../../packages/runtime/src/server-entry.js";
import { modernCall, modernHeaders, rawRequest, messagesOf } from "../../runtime/helpers/http.js";
import { envelope } from "../../runtime/helpers/definition.js";
import { connectInProcess } from "../../runtime/helpers/stdio.js";

const EXT = "com.example/notes";
const DECLARED = { extensions: { [EXT]: {} } };

const heard: Array<{ era: string; params: unknown; sessionId: string | undefined }> = [];
const errors: unknown[] = [];

function definition(): ServerDefinition {
  return {
    serverInfo: { name: "ext-runtime", version: "1.0.0" },
    revisions: ["2026-07-28", "2025-11-25"],
    capabilities: { extensions: { [EXT]: { version: 1 } } },
    extensionMethods: [
      {
        method: "notes/search",
        extension: EXT,
        parseParams: (raw) => {
          const query = (raw as { query?: unknown }).query;
          return typeof query === "string" ? { success: true, data: { query } } : { success: false, error: "query must be a string" };
        },
        parseResult: (result) => (Array.isArray((result as { hits?: unknown }).hits) ? { success: true, data: result } : { success: false, error: "hits must be an array" }),
        handler: (params: { query: string }, ctx) => {
          const sent = ctx.notify("notes/indexed", { query: params.query });
          if (params.query === "broken") return { hits: "nope" };
          return { hits: [`${params.query}:1`], era: ctx.era, notified: sent };
        },
      },
    ],
    extensionNotifications: [
      {
        method: "notes/touched",
        extension: EXT,
        direction: "clientToServer",
        handler: (params, info) => {
          heard.push({ era: info.era, params, sessionId: info.sessionId });
        },
      },
      { method: "notes/indexed", extension: EXT, direction: "serverToClient" },
    ],
  };
}

let mcp: McpServer;
let listening: ListeningServer;
let url: string;

beforeAll(async () => {
  mcp = createMcpServer(definition(), { onError: (error) => errors.push(error) });
  listening = await listenHttp(mcp, { port: 0 });
  url = listening.url;
});
afterAll(() => listening.close());

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
}

describe("modern era (2026-07-28)", () => {
  it("advertises the extension with its settings on server/discover", async () => {
    const { final } = await modernCall(url, "server/discover");
    expect(final.result.capabilities.extensions).toEqual({ [EXT]: { version: 1 } });
  });

  it("serves the method to a client that declared the extension, with its request-related notification", async () => {
    const { response, messages, final } = await modernCall(url, "notes/search", { query: "apple" }, { capabilities: DECLARED });
    expect(response.status).toBe(200);
    expect(final.result).toMatchObject({ resultType: "complete", hits: ["apple:1"], era: "modern", notified: true });
    expect(final.result._meta["io.modelcontextprotocol/serverInfo"]).toEqual({ name: "ext-runtime", version: "1.0.0" });
    expect(messages.filter((m) => m.method === "notes/indexed").map((m) => m.params)).toEqual([{ query: "apple" }]);
  });

  it("answers -32021 naming the extension, with HTTP 400, when the request did not declare it", async () => {
    const { response, final } = await modernCall(url, "notes/search", { query: "apple" }, { capabilities: {} });
    expect(response.status).toBe(400);
    expect(final.error).toEqual({
      code: -32021,
      message: `Missing required client capability: extension ${EXT}`,
      data: { requiredCapabilities: { extensions: { [EXT]: {} } } },
    });
  });

  it("answers -32602 for params that fail the method's schema and -32603 for a non-conforming result", async () => {
    const bad = await modernCall(url, "notes/search", { query: 7 }, { capabilities: DECLARED });
    expect(bad.final.error.code).toBe(-32602);
    expect(bad.final.error.message).toContain("query must be a string");
    const before = errors.length;
    const broken = await modernCall(url, "notes/search", { query: "broken" }, { capabilities: DECLARED });
    expect(broken.final.error).toEqual({ code: -32603, message: "notes/search produced a result that does not match its result schema" });
    expect(String(errors.slice(before))).toContain("violates its result schema");
  });

  it("still answers 404 / -32601 for a method nobody declared", async () => {
    const { response, final } = await modernCall(url, "notes/unknown", {}, { capabilities: DECLARED });
    expect(response.status).toBe(404);
    expect(final.error.code).toBe(-32601);
  });

  it("delivers a client→server notification (202) only when its request _meta declares the extension", async () => {
    heard.length = 0;
    const post = (capabilities: Record<string, unknown>, note: string) =>
      rawRequest(url, {
        headers: modernHeaders("notes/touched"),
        body: JSON.stringify({ jsonrpc: "2.0", method: "notes/touched", params: { note, _meta: envelope({}, capabilities) } }),
      });
    expect((await post({}, "undeclared")).status).toBe(202);
    expect((await post(DECLARED, "declared")).status).toBe(202);
    await until(() => heard.length > 0);
    expect(heard).toEqual([{ era: "modern", params: { note: "declared" }, sessionId: undefined }]);
  });
});

describe("legacy era (2025-11-25)", () => {
  async function initialize(capabilities: Record<string, unknown>) {
    const response = await rawRequest(url, {
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities, clientInfo: { name: "t", version: "1" } } }),
    });
    const session = String(response.headers["mcp-session-id"]);
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-session-id": session, "mcp-protocol-version": "2025-11-25" };
    return { result: JSON.parse(response.body).result, session, headers };
  }
  const call = async (headers: Record<string, string>, id: number, method: string, params: Record<string, unknown>) => {
    const response = await rawRequest(url, { headers, body: JSON.stringify({ jsonrpc: "2.0", id, method, params }) });
    return { response, messages: messagesOf(response) };
  };

  it("advertises the extension on initialize and serves the method to a session that declared it", async () => {
    const { result, headers } = await initialize(DECLARED);
    expect(result.capabilities.extensions).toEqual({ [EXT]: { version: 1 } });
    const { messages } = await call(headers, 2, "notes/search", { query: "pear" });
    expect(messages.find((m) => m.method === "notes/indexed")?.params).toEqual({ query: "pear" });
    expect(messages.find((m) => m.id === 2).result).toEqual({ hits: ["pear:1"], era: "legacy", notified: true });
  });

  it("answers the same -32021 in-band to a session whose initialize did not declare it", async () => {
    const { headers } = await initialize({});
    const { response, messages } = await call(headers, 2, "notes/search", { query: "pear" });
    expect(response.status).toBe(200);
    expect(messages.find((m) => m.id === 2).error).toMatchObject({ code: -32021, data: { requiredCapabilities: { extensions: { [EXT]: {} } } } });
  });

  it("delivers the client's notification with the session id, and server.notifyExtension reaches the GET stream", async () => {
    heard.length = 0;
    const { session, headers } = await initialize(DECLARED);
    const posted = await rawRequest(url, { headers, body: JSON.stringify({ jsonrpc: "2.0", method: "notes/touched", params: { note: "legacy" } }) });
    expect(posted.status).toBe(202);
    await until(() => heard.length > 0);
    expect(heard).toEqual([{ era: "legacy", params: { note: "legacy" }, sessionId: session }]);

    const frames: any[] = [];
    const req = request(url, { method: "GET", headers: { ...headers, accept: "text/event-stream" } }, (res) => {
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        for (const line of chunk.split("\n")) if (line.startsWith("data: {")) frames.push(JSON.parse(line.slice(6)));
      });
    });
    req.on("error", () => {});
    req.end();
    await until(() => mcp.notifyExtension("notes/indexed", { query: "broadcast" }) > 0 && frames.length > 0);
    req.destroy();
    expect(frames[0]).toMatchObject({ method: "notes/indexed", params: { query: "broadcast" } });
    expect(() => mcp.notifyExtension("notes/undeclared", {})).toThrow(/not a server-to-client notification/);
  });
});

describe("stdio, both eras on one connection", () => {
  it("serves the method and delivers the client's notification, modern by its _meta, legacy by the session", async () => {
    heard.length = 0;
    const peer = connectInProcess(createMcpServer(definition(), { onError: (error) => errors.push(error) }));
    peer.send({ jsonrpc: "2.0", id: 1, method: "notes/search", params: { query: "fig", _meta: envelope({}, DECLARED) } });
    expect((await peer.waitFor((m) => m.id === 1)).result).toMatchObject({ resultType: "complete", hits: ["fig:1"], era: "modern" });
    expect(peer.messages.find((m) => m.method === "notes/indexed")?.params).toEqual({ query: "fig" });
    peer.send({ jsonrpc: "2.0", id: 2, method: "notes/search", params: { query: "fig", _meta: envelope() } });
    expect((await peer.waitFor((m) => m.id === 2)).error).toMatchObject({ code: -32021 });
    peer.send({ jsonrpc: "2.0", method: "notes/touched", params: { note: "stdio-modern", _meta: envelope({}, DECLARED) } });

    peer.send({ jsonrpc: "2.0", id: 3, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: DECLARED, clientInfo: { name: "t", version: "1" } } });
    await peer.waitFor((m) => m.id === 3);
    peer.send({ jsonrpc: "2.0", id: 4, method: "notes/search", params: { query: "kiwi" } });
    expect((await peer.waitFor((m) => m.id === 4)).result).toEqual({ hits: ["kiwi:1"], era: "legacy", notified: true });
    peer.send({ jsonrpc: "2.0", method: "notes/touched", params: { note: "stdio-legacy" } });
    await until(() => heard.length >= 2);
    expect(heard.map((h) => [h.era, (h.params as { note: string }).note])).toEqual([
      ["modern", "stdio-modern"],
      ["legacy", "stdio-legacy"],
    ]);
    peer.input.end();
    await peer.connection.closed;
  });
});

describe("registration", () => {
  const base = (extra: Partial<ServerDefinition>): ServerDefinition => ({ serverInfo: { name: "x", version: "1" }, revisions: ["2026-07-28"], ...extra });
  const handler = () => ({});

  it("refuses spec method names, the notifications/ namespace, bad extension ids and duplicates", () => {
    for (const method of ["tools/call", "initialize", "tasks/result", "sampling/createMessage", "ping"]) {
      expect(() => createMcpServer(base({ extensionMethods: [{ method, extension: EXT, handler }] }))).toThrow(/collides with a method of the MCP specification/);
    }
    expect(() =>
      createMcpServer(base({ extensionNotifications: [{ method: "notifications/progress", extension: EXT, direction: "serverToClient" }] })),
    ).toThrow(/notifications\/ namespace/);
    expect(() => createMcpServer(base({ extensionMethods: [{ method: "a/b", extension: "no-prefix", handler }] }))).toThrow(/not an extension identifier/);
    expect(() =>
      createMcpServer(base({ extensionMethods: [{ method: "a/b", extension: EXT, handler }, { method: "a/b", extension: EXT, handler }] })),
    ).toThrow(/duplicate extension method 'a\/b'/);
  });

  it("advertises an extension a method names even when capabilities.extensions forgot it", async () => {
    const server = createMcpServer(base({ extensionMethods: [{ method: "a/b", extension: EXT, handler }] }));
    const reply = await server.serveModern(
      { jsonrpc: "2.0", id: 1, method: "server/discover", params: { _meta: envelope() } },
      { cancellation: new Cancellation(), notify: () => {} },
    );
    expect(JSON.parse(reply.body!).result.capabilities.extensions).toEqual({ [EXT]: {} });
  });
});
