// Issue 21 #9: a handler that never settles must not hold its request forever. Before the fix
// such a call was never answered, and once the client cancelled it stayed reachable (10.3 KiB
// per abandoned call, never freed). Now: a deadline (limits.handlerTimeoutMs) answers it and
// aborts ctx.signal; a cancelled call settles at once and the transport drops it.
import { Writable } from "node:stream";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { Cancellation } from "../../packages/runtime/src/server/cancellation.js";
import type { ServerDefinition } from "../../packages/runtime/src/server/definition.js";
import { HandlerCall } from "../../packages/runtime/src/server/handler-call.js";
import { answerText } from "../../packages/runtime/src/core/jsonrpc/serialize.js";
import { HandlerTimeoutError } from "../../packages/runtime/src/server/safe-error.js";
import { createMcpServer, type McpServer } from "../../packages/runtime/src/server/server.js";
import { envelope, MODERN } from "../runtime/helpers/definition.js";
import { modernCall as httpCall } from "../runtime/helpers/http.js";
import { connectInProcess } from "../runtime/helpers/stdio.js";
import { startHostileServer } from "./helpers/http-server.js";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

function definition(seen: { aborted: number }): ServerDefinition {
  // Never settles, and keeps its arguments reachable from its abort listener, as a handler
  // waiting on a stuck downstream call typically does.
  const hang = (args: any, ctx: any) =>
    new Promise<never>(() => {
      ctx.signal.addEventListener("abort", () => {
        seen.aborted += args.blob.length > 0 ? 1 : 0;
      });
    });
  return {
    serverInfo: { name: "deadlines", version: "0.0.1" },
    revisions: [MODERN, "2025-11-25"],
    tools: [
      { name: "hang", inputSchema: { type: "object" }, handler: hang },
      {
        name: "ask_slowly",
        inputSchema: { type: "object" },
        inputs: { ok: { kind: "form-elicitation", message: "OK?", requestedSchema: { type: "object", properties: {} } } },
        handler: async (_args, ctx) => ({ content: [{ type: "text", text: String((await ctx.ask("ok")).action) }] }),
      },
    ],
    resources: [{ uri: "r://hang", name: "hang", read: (ctx) => hang({ blob: "x" }, ctx) }],
  };
}

async function modernCall(server: McpServer, method: string, params: object) {
  const started = performance.now();
  const reply = await server.serveModern(
    { jsonrpc: "2.0", id: 1, method, params: { ...params, _meta: envelope() } },
    { cancellation: new Cancellation(), notify: () => {} },
  );
  return { message: JSON.parse(reply.body!), ms: performance.now() - started };
}

describe("handler deadlines (issue 21 #9)", () => {
  it("a tool that never settles is answered with an isError result at the deadline; its signal aborts", async () => {
    const seen = { aborted: 0 };
    const reported: unknown[] = [];
    const server = createMcpServer(definition(seen), { limits: { handlerTimeoutMs: 100 }, onError: (e) => reported.push(e) });
    const { message, ms } = await modernCall(server, "tools/call", { name: "hang", arguments: { blob: "x" } });
    expect(message.result.isError).toBe(true);
    expect(message.result.content[0].text).toBe("Tool 'hang' did not finish in time");
    expect(ms).toBeGreaterThanOrEqual(90);
    expect(ms).toBeLessThan(2_000);
    expect(seen.aborted).toBe(1);
    expect(reported).toHaveLength(1);
    expect(reported[0]).toBeInstanceOf(HandlerTimeoutError);
  });

  it("over HTTP the deadline answers the POST, so the socket is not held forever", async () => {
    const seen = { aborted: 0 };
    const http = await startHostileServer(definition(seen), { limits: { handlerTimeoutMs: 100 } });
    try {
      const started = performance.now();
      const { response, final } = await httpCall(`${http.url}`, "tools/call", { name: "hang", arguments: { blob: "x" } });
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(response.status).toBe(200);
      expect(final.result.isError).toBe(true);
      expect(seen.aborted).toBe(1);
      expect(http.errors.some((e) => e instanceof HandlerTimeoutError)).toBe(true);
    } finally {
      await http.close();
    }
  });

  it("other methods answer -32603 Request timed out", async () => {
    const server = createMcpServer(definition({ aborted: 0 }), { limits: { handlerTimeoutMs: 50 } });
    const out = await modernCall(server, "resources/read", { uri: "r://hang" });
    expect(out.message.error).toEqual({ code: -32603, message: "Request timed out" });
  });

  it("time spent waiting for the client's answer (legacy elicitation) does not count", async () => {
    const server = createMcpServer(definition({ aborted: 0 }), { limits: { handlerTimeoutMs: 100 } });
    const session = server.createLegacySession();
    const sent: any[] = [];
    const channel = { send: (m: any) => void sent.push(m), closeStream: () => {} };
    await session.handleRequest(
      { jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: { elicitation: {} } } },
      channel,
    );
    const pending = session.handleRequest({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "ask_slowly", arguments: {} } }, channel);
    await new Promise((r) => setTimeout(r, 300));
    const ask = sent.find((m) => m.method === "elicitation/create");
    session.handleResponse({ jsonrpc: "2.0", id: ask.id, result: { action: "accept", content: {} } });
    expect(JSON.parse(answerText((await pending)!)).result.content[0].text).toBe("accept");
  });
});

describe("HandlerCall", () => {
  const never = () => new Promise<never>(() => {});

  it("a deadline past setTimeout's range does not fire at once", async () => {
    const call = new HandlerCall("tools/call", 3e9);
    const parent = new Cancellation();
    const outcome = call.run(parent, never).catch((error: unknown) => error);
    await new Promise((r) => setTimeout(r, 50));
    expect(call.cancellation.aborted).toBe(false);
    parent.abort();
    expect(await outcome).toMatchObject({ message: "Request cancelled" });
  });

  it("pauses nest; the clock keeps what was left when it resumes", async () => {
    const call = new HandlerCall("tools/call", 150);
    const started = performance.now();
    const outcome = call
      .run(new Cancellation(), async (self) => {
        await new Promise((r) => setTimeout(r, 50));
        self.pause();
        self.pause();
        await new Promise((r) => setTimeout(r, 200));
        self.resume();
        await new Promise((r) => setTimeout(r, 50));
        expect(self.cancellation.aborted).toBe(false); // still paused once
        self.resume();
        return never();
      })
      .catch((error: unknown) => error);
    const error = await outcome;
    expect(error).toBeInstanceOf(HandlerTimeoutError);
    // 50 ms counted before the pause, ~100 ms after it: the 250 ms paused are not counted.
    expect(performance.now() - started).toBeGreaterThanOrEqual(380);
  });

  it("a request already cancelled never starts its handler", async () => {
    const parent = new Cancellation();
    parent.abort();
    let ran = false;
    const outcome = await new HandlerCall("tools/call", 1_000).run(parent, async () => (ran = true)).catch((e: unknown) => e);
    expect(ran).toBe(false);
    expect(outcome).toMatchObject({ code: -32603 });
  });
});

/** Discards output, counting lines, so the measurement holds only what the server retains. */
function countingSink(): Writable & { lines: number; timedOut: number } {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      const text = chunk.toString("utf8");
      sink.lines += text.split("\n").length - 1;
      if (text.includes("did not finish in time")) sink.timedOut++;
      done();
    },
  }) as Writable & { lines: number; timedOut: number };
  sink.lines = 0;
  sink.timedOut = 0;
  return sink;
}

function heapAfterGc(): number {
  for (let i = 0; i < 4; i++) gc();
  return process.memoryUsage().heapUsed;
}

/** Waits for the condition, then one more macrotask so the settled calls' promise chains finish. */
async function until(condition: () => boolean, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error("condition not reached in time");
    await new Promise((r) => setTimeout(r, 20));
  }
  await new Promise((r) => setTimeout(r, 20));
}

const CALLS = 10_000;
const MiB = 1024 * 1024;
// These tests are about what abandoned calls retain, so the in-flight cap (limits.maxInFlight,
// 4096 by default; its own tests are in test/operations/limits.test.ts) is raised above them.
const UNCAPPED = { maxInFlight: 4 * CALLS, maxInFlightPerCaller: 4 * CALLS };

function hangLines(from: number, count: number, cancel: boolean): string {
  const lines: string[] = [];
  for (let id = from; id < from + count; id++) {
    // 10 KB of arguments per call, each a fresh string once parsed.
    lines.push(JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "hang", arguments: { blob: `${id}`.padEnd(10_000, "x") }, _meta: envelope() } }));
    if (cancel) lines.push(JSON.stringify({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: id, _meta: envelope() } }));
  }
  return `${lines.join("\n")}\n`;
}

describe("abandoned calls are freed (issue 21 #9)", () => {
  it(`${CALLS} cancelled calls whose handlers never settle retain < 5 MiB`, async () => {
    const seen = { aborted: 0 };
    const sink = countingSink();
    const peer = connectInProcess(createMcpServer(definition(seen), { limits: UNCAPPED }), sink);
    peer.input.write(hangLines(0, 100, true));
    await until(() => seen.aborted === 100);
    const before = heapAfterGc();
    peer.input.write(hangLines(100, CALLS, true));
    await until(() => seen.aborted === 100 + CALLS);
    const retained = heapAfterGc() - before;
    expect(sink.lines).toBe(0); // cancelled requests are never answered
    expect(retained).toBeLessThan(5 * MiB);
  });

  it(`${CALLS} calls abandoned without a cancel are answered at the deadline and retain < 5 MiB`, async () => {
    const seen = { aborted: 0 };
    const sink = countingSink();
    const peer = connectInProcess(createMcpServer(definition(seen), { limits: { ...UNCAPPED, handlerTimeoutMs: 20 } }), sink);
    peer.input.write(hangLines(0, 100, false));
    await until(() => sink.lines === 100);
    const before = heapAfterGc();
    peer.input.write(hangLines(100, CALLS, false));
    await until(() => sink.lines === 100 + CALLS);
    const retained = heapAfterGc() - before;
    expect(sink.timedOut).toBe(100 + CALLS);
    expect(seen.aborted).toBe(100 + CALLS);
    expect(retained).toBeLessThan(5 * MiB);
  });
});
