// `__proto__` keys nested inside `_meta` (and inside the capabilities the envelope carries), on
// both eras, over real HTTP, in-process stdio and into the client: no prototype may change, no
// capability may be inherited, nothing may crash. JSON.parse makes such keys own properties; a
// later key-by-key copy would turn them into a prototype swap, so every wire decoder drops them.
import { PassThrough } from "node:stream";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { McpClient, createHttpTransport } from "../../packages/runtime/src/client-entry.js";
import { parseMessage } from "../../packages/runtime/src/core-entry.js";
import { listenHttp, type ListeningServer } from "../../packages/runtime/src/http/node.js";
import type { ServerDefinition } from "../../packages/runtime/src/server/definition.js";
import { createMcpServer, type McpServer } from "../../packages/runtime/src/server/server.js";
import { serveStdio } from "../../packages/runtime/src/stdio/stdio.js";
import { resultFor, startScriptedServer, type RecordedRequest, type ScriptedServer } from "../client/fixtures/scripted-http-server.js";
import { messagesOf, modernHeaders, rawRequest } from "../runtime/helpers/http.js";

const MODERN = "2026-07-28";
const LEGACY = "2025-11-25";
const PV = "io.modelcontextprotocol/protocolVersion";
const CAPS = "io.modelcontextprotocol/clientCapabilities";

/** The hostile spellings: literal, and with a letter escaped (the reviver sees both decoded). */
const SPELLINGS = ['"__proto__"', '"\\u005f_proto__"', '"__pr\\u006fto__"'];

/** A JSON object text with `inner` placed under a `__proto__` key (as text: a JS literal cannot make an own `__proto__`). */
const protoText = (spelling: string, inner: string, siblings = "") => `{${siblings}${siblings ? "," : ""}${spelling}:${inner}}`;

function assertNoPollution(): void {
  const probe = {} as Record<string, unknown>;
  for (const key of ["polluted", "elicitation", "sampling", "tasks", "isError"]) expect(probe[key], key).toBeUndefined();
  expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain("polluted");
}

/** What the handler saw of its `_meta`: whether any object in it has a foreign prototype or an own `__proto__`. */
function cleanDeep(value: unknown, depth = 0): boolean {
  if (value === null || typeof value !== "object" || depth > 8) return true;
  if (Array.isArray(value)) return value.every((v) => cleanDeep(v, depth + 1));
  if (Object.getPrototypeOf(value) !== Object.prototype || Object.hasOwn(value, "__proto__")) return false;
  if ((value as Record<string, unknown>)["polluted"] !== undefined) return false;
  return Object.values(value).every((v) => cleanDeep(v, depth + 1));
}

function definition(): ServerDefinition {
  return {
    serverInfo: { name: "meta-proto", version: "1.0.0" },
    revisions: [MODERN, LEGACY],
    tools: [
      {
        name: "peek",
        description: "Reports whether its request _meta is clean and what the client may be asked",
        inputSchema: { type: "object" },
        handler: (_args, ctx) => {
          const meta = ctx.request.meta;
          const caps = ctx.clientCapabilities;
          const report = { clean: cleanDeep(meta) && cleanDeep(caps), forged: caps["elicitation"] !== undefined || caps["isError"] !== undefined };
          return { content: [{ type: "text", text: JSON.stringify(report) }] };
        },
      },
    ],
  };
}

/** Bodies whose `_meta` hides `__proto__` at several depths; `inner` is the forged object. */
function modernBodies(id: number): string[] {
  const inner = '{"polluted":1,"elicitation":{"form":{}},"isError":true}';
  return SPELLINGS.flatMap((s) => {
    const caps = protoText(s, inner);
    const metaHead = `"${PV}":"${MODERN}","${CAPS}":${caps}`;
    return [
      `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"peek","arguments":{},"_meta":{${metaHead},"x":${protoText(s, inner, '"a":1')}}}}`,
      `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"peek","arguments":{},"_meta":${protoText(s, inner, metaHead)}}}`,
      `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"peek","arguments":{},"_meta":{${metaHead},"x":{"y":${protoText(s, inner)}}}}}`,
    ];
  });
}

function legacyBodies(id: number): string[] {
  const inner = '{"polluted":1}';
  return SPELLINGS.flatMap((s) => [
    `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"peek","arguments":{},"_meta":{"x":${protoText(s, inner, '"a":1')}}}}`,
    `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"peek","arguments":{},"_meta":${protoText(s, inner, '"progressToken":"p"')}}}`,
  ]);
}

function legacyInitialize(spelling: string): string {
  const caps = protoText(spelling, '{"elicitation":{"form":{}},"polluted":1}');
  return `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"${LEGACY}","capabilities":${caps},"clientInfo":{"name":"t","version":"1"},"_meta":${protoText(spelling, '{"polluted":1}')}}}`;
}

function reportOf(message: { result?: { content?: { text?: string }[] } }): { clean: boolean; forged: boolean } {
  return JSON.parse(message.result?.content?.[0]?.text ?? "null");
}

describe("_meta with nested __proto__ keys, server side over HTTP", () => {
  let mcp: McpServer;
  let listening: ListeningServer;
  beforeAll(async () => {
    mcp = createMcpServer(definition());
    listening = await listenHttp(mcp, { port: 0, host: "127.0.0.1" });
  });
  afterAll(() => listening.close());

  it("modern (2026-07-28): answers every body, the handler sees a clean _meta, nothing is polluted", async () => {
    for (const [i, body] of modernBodies(7).entries()) {
      const response = await rawRequest(listening.url, { headers: modernHeaders("tools/call", "peek"), body });
      expect(response.status, `body ${i}: ${response.body}`).toBe(200);
      const final = messagesOf(response).find((m) => m.id === 7);
      expect(reportOf(final), body).toEqual({ clean: true, forged: false });
      assertNoPollution();
    }
  });

  it("legacy (2025-11-25): initialize with forged capabilities, then calls; clean and unpolluted", async () => {
    for (const spelling of SPELLINGS) {
      const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
      const init = await rawRequest(listening.url, { headers, body: legacyInitialize(spelling) });
      expect(init.status, init.body).toBe(200);
      const session = String(init.headers["mcp-session-id"]);
      const sessionHeaders = { ...headers, "mcp-session-id": session, "mcp-protocol-version": LEGACY };
      const initialized = await rawRequest(listening.url, { headers: sessionHeaders, body: '{"jsonrpc":"2.0","method":"notifications/initialized"}' });
      expect(initialized.status).toBe(202);
      for (const body of legacyBodies(9)) {
        const response = await rawRequest(listening.url, { headers: sessionHeaders, body });
        expect(response.status, response.body).toBe(200);
        expect(reportOf(messagesOf(response).find((m) => m.id === 9)), body).toEqual({ clean: true, forged: false });
        assertNoPollution();
      }
      await rawRequest(listening.url, { method: "DELETE", headers: sessionHeaders });
    }
  });
});

describe("_meta with nested __proto__ keys, server side over stdio (in-process)", () => {
  it("both eras on one pipe: every request answered, clean, unpolluted", async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const lines: any[] = [];
    let buffered = "";
    output.on("data", (chunk: Buffer) => {
      buffered += chunk.toString("utf8");
      let nl: number;
      while ((nl = buffered.indexOf("\n")) >= 0) {
        lines.push(JSON.parse(buffered.slice(0, nl)));
        buffered = buffered.slice(nl + 1);
      }
    });
    const connection = serveStdio(createMcpServer(definition()), { input, output });
    const waitFor = async (id: number) => {
      for (let i = 0; i < 2_000 && !lines.some((m) => m.id === id); i++) await new Promise((r) => setTimeout(r, 5));
      return lines.find((m) => m.id === id);
    };
    let id = 100;
    for (const body of modernBodies(0)) {
      input.write(body.replace('"id":0', `"id":${++id}`) + "\n");
      expect(reportOf(await waitFor(id)), body).toEqual({ clean: true, forged: false });
      assertNoPollution();
    }
    input.write(legacyInitialize(SPELLINGS[0]!) + "\n");
    expect((await waitFor(0)).result.protocolVersion).toBe(LEGACY);
    input.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
    for (const body of legacyBodies(0)) {
      input.write(body.replace('"id":0', `"id":${++id}`) + "\n");
      expect(reportOf(await waitFor(id)), body).toEqual({ clean: true, forged: false });
      assertNoPollution();
    }
    input.end();
    await connection.closed;
  });
});

describe("_meta with nested __proto__ keys, client side", () => {
  let server: ScriptedServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it("parseMessage drops __proto__ keys at every depth, whatever the spelling", () => {
    for (const s of SPELLINGS) {
      const message = parseMessage(`{"jsonrpc":"2.0","id":1,"result":{"_meta":{"x":${protoText(s, '{"polluted":1}', '"a":1')}},"content":[],${s}:{"isError":true}}}`);
      expect(message).not.toBeNull();
      expect(cleanDeep(message)).toBe(true);
      expect((message as any).result._meta.x).toEqual({ a: 1 });
    }
  });

  const hostileResult = (s: string, extra: string) =>
    JSON.parse(`{${extra},"_meta":{"x":${protoText(s, '{"polluted":1}', '"a":1')},"y":${protoText(s, '{"isError":true}')}}}`);

  it("modern (2026-07-28): results whose _meta hides __proto__ reach the caller clean", async () => {
    for (const s of SPELLINGS) {
      server = await startScriptedServer((r: RecordedRequest) => {
        const method = r.body?.method;
        if (method === "server/discover") return resultFor(r, { resultType: "complete", supportedVersions: [MODERN], capabilities: { tools: {} }, ttlMs: 0, cacheScope: "private" });
        if (method === "tools/list")
          return resultFor(r, hostileResult(s, `"resultType":"complete","ttlMs":0,"cacheScope":"private","tools":[{"name":"t","inputSchema":{"type":"object"},"_meta":${protoText(s, '{"polluted":1}')}}]`));
        return resultFor(r, hostileResult(s, '"resultType":"complete","content":[{"type":"text","text":"ok"}]'));
      });
      const client = await new McpClient({ transport: createHttpTransport({ url: server.url }), clientInfo: { name: "c", version: "1" }, protocol: MODERN, eraCache: new Map() }).connect();
      const tools = await client.listAllTools();
      expect(cleanDeep(tools)).toBe(true);
      const result = await client.callTool("t", {});
      expect(cleanDeep(result)).toBe(true);
      expect(result.isError).toBeUndefined();
      assertNoPollution();
      await client.close();
      await server.close();
      server = undefined;
    }
  });

  it("legacy (2025-11-25): the same, after an initialize result that hides __proto__ in capabilities", async () => {
    for (const s of SPELLINGS) {
      server = await startScriptedServer((r: RecordedRequest) => {
        const method = r.body?.method;
        if (r.httpMethod === "DELETE") return { status: 200 };
        if (method === "initialize")
          return {
            json: JSON.parse(`{"jsonrpc":"2.0","id":${JSON.stringify(r.body?.id)},"result":{"protocolVersion":"${LEGACY}","capabilities":${protoText(s, '{"logging":{}}', '"tools":{}')},"serverInfo":{"name":"s","version":"1"},"_meta":${protoText(s, '{"polluted":1}')}}}`),
            headers: { "Mcp-Session-Id": "s1" },
          };
        if (method === "notifications/initialized") return { status: 202 };
        if (method === "tools/list") return resultFor(r, hostileResult(s, '"tools":[{"name":"t","inputSchema":{"type":"object"}}]'));
        return resultFor(r, hostileResult(s, '"content":[{"type":"text","text":"ok"}]'));
      });
      const client = await new McpClient({ transport: createHttpTransport({ url: server.url }), clientInfo: { name: "c", version: "1" }, protocol: LEGACY, legacyServerStream: false }).connect();
      expect(client.era).toBe("legacy");
      expect(cleanDeep(await client.listAllTools())).toBe(true);
      const result = await client.callTool("t", {});
      expect(cleanDeep(result)).toBe(true);
      expect(result.isError).toBeUndefined();
      assertNoPollution();
      await client.close();
      await server.close();
      server = undefined;
    }
  });
});
