// Pre-serialized results (list pages, server/discover) are written by node:http as their UTF-8
// bytes, encoded once (core/jsonrpc/serialize.ts SharedRawJson): the response must be the very
// text the string path writes, with a Content-Length in bytes, non-ASCII text included.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFetchHandler } from "../../packages/runtime/src/http/fetch.js";
import { listenHttp, type ListeningServer } from "../../packages/runtime/src/http/node.js";
import { createMcpServer } from "../../packages/runtime/src/server/server.js";
import { envelope, testDefinition } from "./helpers/definition.js";
import { modernHeaders, rawRequest } from "./helpers/http.js";

function definition() {
  const def = testDefinition();
  // A description outside ASCII: a length counted in characters instead of bytes would cut it.
  def.tools = def.tools?.map((tool, i) => (i === 0 ? { ...tool, description: "Échoe — 回声 🙂" } : tool));
  return def;
}

let listening: ListeningServer;
const fetchHandler = createFetchHandler(createMcpServer(definition()));

beforeAll(async () => {
  listening = await listenHttp(createMcpServer(definition()), { port: 0 });
});
afterAll(() => listening.close());

const listBody = (id: number, method = "tools/list") => JSON.stringify({ jsonrpc: "2.0", id, method, params: { _meta: envelope() } });

describe("shared pre-serialized results over node:http", () => {
  it.each(["tools/list", "server/discover"])("%s: the same bytes as the fetch adapter's string path, with a byte Content-Length", async (method) => {
    const viaNode = await rawRequest(listening.url, { headers: modernHeaders(method), body: listBody(7, method) });
    expect(viaNode.status).toBe(200);
    expect(Number(viaNode.headers["content-length"])).toBe(Buffer.byteLength(viaNode.body));
    const viaFetch = await fetchHandler(
      new Request("http://127.0.0.1/mcp", { method: "POST", headers: { ...modernHeaders(method), host: "127.0.0.1" }, body: listBody(7, method) }),
    );
    expect(viaFetch.status).toBe(200);
    expect(viaNode.body).toBe(await viaFetch.text());
    const message = JSON.parse(viaNode.body);
    expect(message).toMatchObject({ jsonrpc: "2.0", id: 7, result: { resultType: "complete" } });
    if (method === "tools/list") expect(message.result.tools[0].description).toBe("Échoe — 回声 🙂");
  });

  it("each response carries its own id around the shared bytes (string ids too)", async () => {
    const first = await rawRequest(listening.url, { headers: modernHeaders("tools/list"), body: listBody(1) });
    const second = await rawRequest(listening.url, {
      headers: modernHeaders("tools/list"),
      body: JSON.stringify({ jsonrpc: "2.0", id: "req-2", method: "tools/list", params: { _meta: envelope() } }),
    });
    expect(JSON.parse(first.body).id).toBe(1);
    expect(JSON.parse(second.body).id).toBe("req-2");
    expect(JSON.parse(first.body).result).toEqual(JSON.parse(second.body).result);
  });
});

// Replies whose header object is not the shared JSON one (a legacy session's, with its
// Mcp-Session-Id) are written as a header list (http/node.ts headerList): every header kept, and
// a Content-Length in bytes. A 2025-11-25 list page goes out as its shared bytes too.
describe("replies with their own header object over node:http", () => {
  const legacy = { "content-type": "application/json", accept: "application/json, text/event-stream" };
  it("a 2025-11-25 session's answer keeps its Mcp-Session-Id and a byte Content-Length", async () => {
    const init = await rawRequest(listening.url, {
      headers: legacy,
      body: JSON.stringify({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } } }),
    });
    const session = String(init.headers["mcp-session-id"]);
    expect(session).toMatch(/^[0-9a-f]{32}$/);
    const inSession = { ...legacy, "mcp-session-id": session, "mcp-protocol-version": "2025-11-25" };
    await rawRequest(listening.url, { headers: inSession, body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) });
    const listed = await rawRequest(listening.url, { headers: inSession, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }) });
    expect(listed.status).toBe(200);
    expect(listed.headers["mcp-session-id"]).toBe(session);
    expect(listed.headers["content-type"]).toBe("application/json");
    expect(Number(listed.headers["content-length"])).toBe(Buffer.byteLength(listed.body));
    expect(JSON.parse(listed.body).result.tools[0].description).toBe("Échoe — 回声 🙂");
    // A list page is a shared result: written from its bytes (SharedSuccess), it is still the
    // compact JSON text of the whole response.
    expect(listed.body).toBe(JSON.stringify(JSON.parse(listed.body)));
    expect(JSON.parse(listed.body)).toMatchObject({ jsonrpc: "2.0", id: 1 });
  });
});
