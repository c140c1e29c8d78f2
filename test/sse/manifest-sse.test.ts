// The manifest's `http` section (issue 16 items 2 and 3) on a generated server started the way a
// user starts it, serveFromArgv in its own process, with no --sse flag:
// - `http.sse` with chosen paths: the v1 SDK's SSEClientTransport (1.32.2) lists, calls and
//   answers an elicitation on /legacy/events; the default /sse stays unserved;
// - `http.exposeHeaders: [x-tenant, authorization]`: over Streamable HTTP the official SDK 2.4.0
//   client's headers reach the handler's ctx.request.headers on both eras, only those listed;
//   the old transport's POSTs give handlers the same view.
import { spawn, type ChildProcess } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFetchHandler } from "../../packages/runtime/src/http/fetch.js";
import { listenHttp } from "../../packages/runtime/src/http/node.js";
import type { McpServer, ServerOptions } from "../../packages/runtime/src/server-entry.js";
import { TMP_DIR } from "../support/tmp.js";
import { sdkClient, textOf, type Era } from "../parity/server/support.js";
import { importGeneratedPackage } from "../support/generated-package.js";
import { openStream, raw, REPO_ROOT } from "./support.js";

const MANIFEST = resolve(REPO_ROOT, "test/manifests/valid/http.yaml");
const OUT = join(TMP_DIR, "sse-manifest-http");
const SENT = { "X-Tenant": "acme", Authorization: "Bearer visible-by-choice", Cookie: "sid=secret-cookie", "X-Other": "secret-other" };

// The user's start file: handlers plus serveFromArgv, nothing about SSE or headers.
const START = `import { serveFromArgv } from "@mcp-gen/runtime/node";
import { createServer } from "./dist/index.js";
await serveFromArgv(createServer({
  tools: {
    whoami: (_args, ctx) => JSON.stringify(ctx.request.headers),
    confirm: async (_args, ctx) => JSON.stringify(await ctx.ask.ok()),
  },
}));
`;

let child: ChildProcess | undefined;
let mcpUrl: string;
let generated: { createServer(handlers: unknown, options?: ServerOptions): McpServer };
const handlers = { tools: { whoami: () => "", confirm: () => "" } };

beforeAll(async () => {
  generated = await importGeneratedPackage(MANIFEST, OUT);
  writeFileSync(join(OUT, "start.mjs"), START);
  child = spawn(process.execPath, [join(OUT, "start.mjs"), "--port", "0"], { cwd: OUT, stdio: ["ignore", "ignore", "pipe"] });
  const started = child;
  const stderr = await new Promise<string>((done, fail) => {
    let seen = "";
    const timer = setTimeout(() => fail(new Error(`no start-up lines on stderr: ${seen}`)), 20_000);
    started.stderr?.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
      // serveFromArgv prints `listening <url>`, then the HTTP+SSE line when that transport is on.
      if (/HTTP\+SSE[^\n]*\n/.test(seen)) {
        clearTimeout(timer);
        done(seen);
      }
    });
    started.once("exit", (code) => fail(new Error(`exited ${code}: ${seen}`)));
  });
  mcpUrl = /listening (\S+)\n/.exec(stderr)?.[1] ?? "";
  expect(stderr).toMatch(/HTTP\+SSE \(2024-11-05\) at http:\/\/127\.0\.0\.1:\d+\/legacy\/events\n/);
}, 60_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((done) => child?.once("exit", done));
    child.kill("SIGTERM");
    await exited;
  }
  rmSync(OUT, { recursive: true, force: true });
});

describe("http.sse from the manifest", () => {
  it("the v1 SDK SSEClientTransport lists, calls and answers an elicitation on the manifest's paths", async () => {
    const client = new V1Client({ name: "manifest-sse", version: "1.0.0" }, { capabilities: { elicitation: {} } });
    const asked: unknown[] = [];
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(request.params);
      return { action: "accept", content: { go: true } };
    });
    await client.connect(new SSEClientTransport(new URL("/legacy/events", mcpUrl), { requestInit: { headers: SENT } }));
    try {
      expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(["confirm", "whoami"]);
      const confirmed = await client.callTool({ name: "confirm", arguments: {} });
      expect(asked).toEqual([expect.objectContaining({ message: "Go ahead?" })]);
      expect(JSON.parse(textOf(confirmed as { content?: unknown }))).toEqual({ action: "accept", content: { go: true } });
      // The old transport's POSTs carry the headers the manifest lists, and only those.
      const seen = JSON.parse(textOf((await client.callTool({ name: "whoami", arguments: {} })) as { content?: unknown }));
      expect(seen).toEqual({ "x-tenant": "acme", authorization: "Bearer visible-by-choice" });
    } finally {
      await client.close();
    }
  });

  it("leaves the default /sse unserved when the manifest names other paths", async () => {
    const response = await raw(new URL("/sse", mcpUrl).href, { headers: { accept: "text/event-stream" } });
    expect(response.status).toBe(404);
  });
});

describe("the manifest's http section as createServer option defaults", () => {
  it("fills sse and exposeHeaders in; options given to createServer win", () => {
    expect(generated.createServer(handlers).options).toMatchObject({ sse: { path: "/legacy/events", messagesPath: "/legacy/messages" }, exposeHeaders: ["x-tenant", "authorization"] });
    const overridden = generated.createServer(handlers, { sse: false, exposeHeaders: ["x-other"] }).options;
    expect(overridden.sse).toBe(false);
    expect(overridden.exposeHeaders).toEqual(["x-other"]);
  });

  it("listenHttp and createFetchHandler serve the server's sse paths unless told otherwise", async () => {
    const listening = await listenHttp(generated.createServer(handlers), { port: 0 });
    const off = await listenHttp(generated.createServer(handlers), { port: 0, sse: false });
    try {
      const stream = await openStream(new URL("/legacy/events", listening.url).href);
      try {
        expect(stream.status).toBe(200);
        expect(await stream.endpoint()).toMatch(/\/legacy\/messages\?sessionId=/);
      } finally {
        stream.destroy();
        await stream.closed;
      }
      expect((await raw(new URL("/legacy/events", off.url).href, { headers: { accept: "text/event-stream" } })).status).toBe(404);
    } finally {
      await listening.close();
      await off.close();
    }
    const handle = createFetchHandler(generated.createServer(handlers));
    const controller = new AbortController();
    const response = await handle(new Request("http://127.0.0.1/legacy/events", { headers: { accept: "text/event-stream", host: "127.0.0.1" }, signal: controller.signal }));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    controller.abort();
    await response.body?.cancel();
  });
});

describe.each<Era>(["modern", "legacy"])("http.exposeHeaders from the manifest, SDK 2.4.0 client, %s era", (era) => {
  it("a handler sees the listed headers, lower-cased, and nothing else", async () => {
    const peer = await sdkClient(new URL(mcpUrl), era, {}, undefined, SENT);
    try {
      const result = await peer.client.callTool({ name: "whoami", arguments: {} });
      expect(JSON.parse(textOf(result))).toEqual({ "x-tenant": "acme", authorization: "Bearer visible-by-choice" });
      expect(textOf(result)).not.toContain("secret");
    } finally {
      await peer.close();
    }
  });
});
