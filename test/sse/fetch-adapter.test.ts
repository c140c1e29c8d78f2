// The HTTP+SSE transport on the web-standard adapter (createFetchHandler with `sse`): the event
// stream is a streamed Response body, messages are POST Requests, and the client going away
// (the GET Request's signal aborting, or the body being cancelled) ends the session.
import { createFetchHandler, type McpServer } from "@mcp-gen/runtime/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { INITIALIZE, REPO_ROOT } from "./support.js";

let server: McpServer;
let handle: (request: Request) => Promise<Response>;

beforeAll(async () => {
  const notes = join(REPO_ROOT, "examples", "notes");
  const pkg = (await import(pathToFileURL(join(notes, "generated", "dist", "index.js")).href)) as { createServer(h: unknown, o?: unknown): McpServer };
  const { handlers } = (await import(pathToFileURL(join(notes, "handlers.js")).href)) as { handlers: unknown };
  server = pkg.createServer(handlers);
  handle = createFetchHandler(server, { sse: { path: "/legacy/sse", messagesPath: "/legacy/messages" } });
});
afterAll(async () => {
  await server?.close();
});

/** Reads SSE frames from a Response body as they come. */
function frames(response: Response): { next(pattern: RegExp): Promise<string>; cancel(): Promise<void> } {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = "";
  return {
    cancel: () => reader.cancel(),
    async next(pattern) {
      for (;;) {
        const match = text.match(pattern);
        if (match) {
          text = text.slice((match.index ?? 0) + match[0].length);
          return match[1] ?? match[0];
        }
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${pattern}; left: ${text}`);
        text += decoder.decode(value, { stream: true });
      }
    },
  };
}

const post = (url: string, message: unknown): Promise<Response> =>
  handle(new Request(url, { method: "POST", headers: { "content-type": "application/json", host: "127.0.0.1" }, body: JSON.stringify(message) }));

describe("HTTP+SSE on the fetch adapter", () => {
  it("serves a session on the configured paths and ends it when the client aborts", async () => {
    const controller = new AbortController();
    const opened = await handle(new Request("http://127.0.0.1/legacy/sse", { headers: { accept: "text/event-stream", host: "127.0.0.1" }, signal: controller.signal }));
    expect(opened.status).toBe(200);
    expect(opened.headers.get("content-type")).toBe("text/event-stream");
    const stream = frames(opened);
    const path = await stream.next(/event: endpoint\ndata: (.+)\n\n/);
    expect(path).toMatch(/^\/legacy\/messages\?sessionId=[0-9a-f]{32}$/);
    const endpoint = `http://127.0.0.1${path}`;
    expect((await post(endpoint, INITIALIZE)).status).toBe(202);
    expect(await stream.next(/event: message\ndata: (.+)\n\n/)).toContain('"serverInfo":{"name":"notes"');
    await post(endpoint, { jsonrpc: "2.0", method: "notifications/initialized" });
    expect((await post(endpoint, { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "add_note", arguments: { title: "f", body: "b" } } })).status).toBe(202);
    expect(JSON.parse(await stream.next(/event: message\ndata: (.+)\n\n/))).toMatchObject({ id: 2, result: { structuredContent: { id: expect.any(String) } } });
    controller.abort();
    const gone = await post(endpoint, { jsonrpc: "2.0", id: 3, method: "tools/list" });
    expect(gone.status).toBe(404);
  });

  it("a cancelled response body ends the session too", async () => {
    const opened = await handle(new Request("http://127.0.0.1/legacy/sse", { headers: { host: "127.0.0.1" } }));
    const stream = frames(opened);
    const endpoint = `http://127.0.0.1${await stream.next(/event: endpoint\ndata: (.+)\n\n/)}`;
    expect((await post(endpoint, INITIALIZE)).status).toBe(202);
    await stream.next(/event: message\ndata: (.+)\n\n/);
    await stream.cancel();
    expect((await post(endpoint, { jsonrpc: "2.0", id: 4, method: "tools/list" })).status).toBe(404);
  });

  it("leaves other paths to the Streamable HTTP endpoint", async () => {
    const response = await handle(
      new Request("http://127.0.0.1/mcp", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", host: "127.0.0.1" },
        body: JSON.stringify({ ...INITIALIZE, params: { ...INITIALIZE.params, protocolVersion: "2025-11-25" } }),
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("mcp-session-id")).toMatch(/^[0-9a-f]{32}$/);
  });
});
