// Limits (issue 17 #4) and request hooks (#5): the per-tool deadline (manifest `timeoutMs` →
// generated definition → runtime), the in-flight cap and the per-caller cap (HTTP 503 +
// Retry-After / stdio -32603, clear messages), before/after hooks with timing and outcome, and
// the CORS preflight's headers without a browser (the guard still runs first).
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { generatePackage } from "../../generator/generate/generate-package.js";
import { loadManifest } from "../../generator/manifest/load.js";
import { listenHttp, type ListeningServer } from "../../packages/runtime/src/http/node.js";
import type { RequestInfo, RequestOutcome, ServerOptions } from "../../packages/runtime/src/server/options.js";
import type { ServerDefinition } from "../../packages/runtime/src/server/definition.js";
import { createMcpServer } from "../../packages/runtime/src/server/server.js";
import { serveStdio } from "../../packages/runtime/src/stdio/stdio.js";
import { TMP_DIR } from "../support/tmp.js";
import { envelope, modernPost, operationsDefinition } from "./helpers.js";

const MANIFEST = join(import.meta.dirname, "../manifests/valid/operations.yaml");
const open: ListeningServer[] = [];
afterAll(async () => {
  for (const server of open) await server.close();
});

async function serve(options: ServerOptions, definition: ServerDefinition = operationsDefinition()): Promise<string> {
  const listening = await listenHttp(createMcpServer(definition, options), { port: 0 });
  open.push(listening);
  return listening.url;
}

function withTimeouts(): ServerDefinition {
  const definition = operationsDefinition();
  const slow = definition.tools?.find((t) => t.name === "slow");
  return { ...definition, tools: [...(definition.tools ?? []), { ...slow!, name: "slow_bounded", timeoutMs: 100 }, { ...slow!, name: "slow_unbounded", timeoutMs: 0 }] } as ServerDefinition;
}

describe("per-tool deadline (timeoutMs)", () => {
  it("the manifest's timeoutMs reaches the IR and the generated definition", async () => {
    const { manifest, diagnostics } = await loadManifest(MANIFEST);
    expect(diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(manifest?.tools.map((t) => [t.name, t.timeoutMs])).toEqual([
      ["long_export", 0],
      ["ordinary", undefined],
      ["quick_lookup", 50],
    ]);
    const generated = await generatePackage(MANIFEST, { outDir: join(TMP_DIR, "operations-timeouts") });
    const server = generated.files.get("src/server.ts") as string;
    expect(server).toMatch(/name: "quick_lookup",[\s\S]*?timeoutMs: 50,/);
    expect(server).toMatch(/name: "long_export",[\s\S]*?timeoutMs: 0,/);
    expect(server.match(/timeoutMs:/g)).toHaveLength(2);
  });

  it("overrides the server default: aborts the handler and answers isError; 0 means none", async () => {
    const errors: unknown[] = [];
    const url = await serve({ limits: { handlerTimeoutMs: 300 }, onError: (error) => errors.push(error) }, withTimeouts());
    const started = Date.now();
    const bounded = await modernPost(url, "tools/call", { name: "slow_bounded", arguments: { ms: 5000 } });
    expect(Date.now() - started).toBeLessThan(2500);
    expect(bounded.body.result).toMatchObject({ isError: true, content: [{ text: "Tool 'slow_bounded' did not finish in time" }] });
    const unbounded = await modernPost(url, "tools/call", { name: "slow_unbounded", arguments: { ms: 500 } });
    expect(unbounded.body.result.content[0].text).toBe("slept 500");
    const defaulted = await modernPost(url, "tools/call", { name: "slow", arguments: { ms: 5000 } });
    expect(defaulted.body.result.isError).toBe(true);
    expect(errors.map((e) => (e as Error).name)).toContain("HandlerTimeoutError");
  });
});

describe("in-flight caps", () => {
  it("past maxInFlight, HTTP answers 503 with Retry-After and a clear -32603; room again once calls finish", async () => {
    const url = await serve({ limits: { maxInFlight: 2 } });
    const running = [1, 2].map((id) => modernPost(url, "tools/call", { name: "slow", arguments: { ms: 600 } }, {}, id));
    await new Promise((resolve) => setTimeout(resolve, 150));
    const refused = await modernPost(url, "tools/call", { name: "slow", arguments: { ms: 1 } }, {}, 3);
    expect([refused.status, refused.headers.get("retry-after"), refused.body.error.code]).toEqual([503, "1", -32603]);
    expect(refused.body.error.message).toBe("Server busy: 2 requests in flight; retry later");
    for (const answer of await Promise.all(running)) expect(answer.body.result.content[0].text).toBe("slept 600");
    expect((await modernPost(url, "tools/call", { name: "slow", arguments: { ms: 1 } }, {}, 4)).status).toBe(200);
  });

  it("past maxInFlightPerCaller, one caller is refused while another is served", async () => {
    const url = await serve({ limits: { maxInFlightPerCaller: 1 }, callerOf: ({ headers }) => headers?.("x-user") });
    const first = modernPost(url, "tools/call", { name: "slow", arguments: { ms: 500 } }, { "x-user": "ada" }, 1);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const again = await modernPost(url, "tools/call", { name: "slow", arguments: { ms: 1 } }, { "x-user": "ada" }, 2);
    expect([again.status, again.body.error.code, again.body.error.message]).toEqual([503, -32603, "Too many concurrent requests from this caller (limit 1); retry later"]);
    const other = await modernPost(url, "tools/call", { name: "slow", arguments: { ms: 1 } }, { "x-user": "bob" }, 3);
    expect(other.status).toBe(200);
    expect((await first).status).toBe(200);
  });

  it("on stdio the cap answers -32603 in-band", async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let text = "";
    output.on("data", (chunk: Buffer) => (text += chunk.toString()));
    const connection = serveStdio(createMcpServer(operationsDefinition(), { limits: { maxInFlight: 1 } }), { input, output });
    const line = (id: number, ms: number) => `${JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "slow", arguments: { ms }, _meta: envelope() } })}\n`;
    input.write(line(1, 300));
    input.write(line(2, 1));
    input.end();
    await connection.closed;
    const answers = text.trim().split("\n").map((l) => JSON.parse(l));
    expect(answers.find((a) => a.id === 2).error).toEqual({ code: -32603, message: "Server busy: 1 requests in flight; retry later" });
    expect(answers.find((a) => a.id === 1).result.content[0].text).toBe("slept 300");
  });
});

describe("request hooks", () => {
  it("see every request before and after, with duration, error code and tool errors", async () => {
    const seen: Array<[string, string, RequestInfo["era"], Partial<RequestOutcome>]> = [];
    const before: string[] = [];
    const url = await serve({
      hooks: {
        before: (info) => before.push(info.method),
        after: (info, outcome) => seen.push([info.method, String(info.params?.["name"] ?? ""), info.era, { errorCode: outcome.errorCode, toolError: outcome.toolError, cancelled: outcome.cancelled }]),
      },
    });
    await modernPost(url, "tools/call", { name: "slow", arguments: { ms: 120 } });
    await modernPost(url, "tools/call", { name: "fails", arguments: {} });
    await modernPost(url, "tools/call", { name: "missing", arguments: {} });
    expect(before).toEqual(["tools/call", "tools/call", "tools/call"]);
    expect(seen).toEqual([
      ["tools/call", "slow", "modern", { errorCode: undefined, toolError: false, cancelled: false }],
      ["tools/call", "fails", "modern", { errorCode: undefined, toolError: true, cancelled: false }],
      ["tools/call", "missing", "modern", { errorCode: -32602, toolError: false, cancelled: false }],
    ]);
  });

  it("a throwing hook goes to onError and the request is still served", async () => {
    const errors: unknown[] = [];
    const durations: number[] = [];
    const url = await serve({
      onError: (error) => errors.push(error),
      hooks: {
        before: () => {
          throw new Error("hook broke");
        },
        after: (_info, outcome) => durations.push(outcome.durationMs),
      },
    });
    const answer = await modernPost(url, "tools/call", { name: "slow", arguments: { ms: 100 } });
    expect(answer.body.result.content[0].text).toBe("slept 100");
    expect((errors[0] as Error).message).toBe("hook broke");
    expect(durations[0]).toBeGreaterThanOrEqual(90);
  });
});

describe("CORS headers (no browser)", () => {
  async function preflight(url: string, origin: string) {
    return fetch(url, { method: "OPTIONS", headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "content-type, mcp-param-region" } });
  }

  it("a preflight allows both eras' headers and the tools' Mcp-Param-* names; answers expose the session id and challenge", async () => {
    const origin = "http://localhost:5173";
    const url = await serve({ cors: { allowedOrigins: [origin] } });
    const answer = await preflight(url, origin);
    expect(answer.status).toBe(204);
    expect(answer.headers.get("access-control-allow-origin")).toBe(origin);
    const allowed = (answer.headers.get("access-control-allow-headers") ?? "").split(", ");
    for (const name of ["Mcp-Param-Region", "Mcp-Method", "Mcp-Name", "MCP-Protocol-Version", "Mcp-Session-Id", "Last-Event-ID", "Authorization", "Content-Type", "traceparent"]) expect(allowed).toContain(name);
    expect(answer.headers.get("access-control-allow-methods")).toContain("POST");
    const call = await modernPost(url, "tools/call", { name: "regional", arguments: { region: "eu" } }, { origin, "mcp-param-region": "eu" });
    expect(call.status).toBe(200);
    expect(call.headers.get("access-control-allow-origin")).toBe(origin);
    expect(call.headers.get("access-control-expose-headers")).toContain("Mcp-Session-Id");
    expect(call.headers.get("access-control-expose-headers")).toContain("WWW-Authenticate");
  });

  it("an origin not listed gets no CORS headers; one the guard refuses is refused even with '*'", async () => {
    const url = await serve({ cors: { allowedOrigins: ["http://localhost:5173"] } });
    const other = await preflight(url, "http://localhost:9999");
    expect(other.status).toBe(403);
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
    const star = await serve({ cors: { allowedOrigins: "*" } });
    expect((await preflight(star, "http://localhost:9999")).headers.get("access-control-allow-origin")).toBe("http://localhost:9999");
    const foreign = await preflight(star, "https://evil.example.com");
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("without cors options OPTIONS still answers 405 with no CORS headers", async () => {
    const url = await serve({});
    const answer = await preflight(url, "http://localhost:5173");
    expect(answer.status).toBe(405);
    expect(answer.headers.get("access-control-allow-origin")).toBeNull();
  });
});
