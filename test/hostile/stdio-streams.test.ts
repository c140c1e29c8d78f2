// Issue 21 #7 (UTF-8 split across reads), #5 (a client that stops reading stdout), #10 (EPIPE)
// and #12 (a duplicate in-flight id), against serveStdio in process.
import { Writable } from "node:stream";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ServerDefinition } from "../../packages/runtime/src/server/definition.js";
import { createMcpServer } from "../../packages/runtime/src/server/server.js";
import { createLineSplitter } from "../../packages/runtime/src/stdio/line-reader.js";
import { envelope, MODERN } from "../runtime/helpers/definition.js";
import { connectInProcess } from "../runtime/helpers/stdio.js";
import { PROPERTY_TEST_TIMEOUT_MS, within } from "../support/property-budget.js";

function definition(aborted: Array<string | number> = []): ServerDefinition {
  return {
    serverInfo: { name: "stdio-hostile", version: "0.0.1" },
    revisions: [MODERN, "2025-11-25"],
    tools: [
      { name: "echo", inputSchema: { type: "object" }, handler: (args: any) => ({ content: [{ type: "text", text: args.text }] }) },
      {
        name: "chatty",
        inputSchema: { type: "object" },
        handler: (args: any, ctx) => {
          const filler = "x".repeat(1_000);
          for (let i = 1; i <= args.count; i++) ctx.progress(i, args.count, filler);
          return { content: [{ type: "text", text: "done" }] };
        },
      },
      {
        name: "wait_for_cancel",
        inputSchema: { type: "object" },
        handler: (_args, ctx) =>
          new Promise((resolve) => {
            ctx.signal.addEventListener("abort", () => {
              aborted.push(ctx.requestId);
              resolve({ content: [{ type: "text", text: "cancelled" }] });
            });
          }),
      },
    ],
  };
}
const call = (id: number, name: string, args: object, meta: Record<string, unknown> = {}) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name, arguments: args, _meta: envelope(meta) },
});

describe("stdio reads UTF-8 split across chunks (issue 21 #7)", () => {
  it("a 150,000-character title of 'é' written in odd-sized chunks comes back intact", async () => {
    const peer = connectInProcess(createMcpServer(definition()));
    const title = "é".repeat(150_000);
    const bytes = Buffer.from(`${JSON.stringify(call(1, "echo", { text: title }))}\n`, "utf8");
    // 1,001 is odd, so every other chunk boundary falls inside a two-byte 'é'.
    for (let at = 0; at < bytes.length; at += 1_001) peer.input.write(bytes.subarray(at, at + 1_001));
    const reply = await peer.waitFor((m) => m.id === 1);
    const text: string = reply.result.content[0].text;
    expect(text.includes("\uFFFD")).toBe(false);
    expect(text).toBe(title);
  });

  it("an over-long line is refused once however it is cut, and the next line is read", () => {
    const seen: string[] = [];
    const feed = createLineSplitter(10, { line: (t) => seen.push(t), oversized: () => seen.push("<too large>") });
    feed("12345");
    feed("678901234"); // past the limit before any newline: skip to the newline
    feed("5\nok\r\n123456");
    feed("78901\nfits567890\r\n"); // pending + head over the limit at the newline
    feed(Buffer.from("é".repeat(5)));
    feed("\n");
    expect(seen).toEqual(["<too large>", "ok", "<too large>", "fits567890", "ééééé"]);
  });

  it("a line written one byte at a time is assembled once, intact", async () => {
    const peer = connectInProcess(createMcpServer(definition()));
    const title = "é".repeat(20_000);
    const bytes = Buffer.from(`${JSON.stringify(call(3, "echo", { text: title }))}\n`, "utf8");
    for (let at = 0; at < bytes.length; at++) peer.input.write(bytes.subarray(at, at + 1));
    expect((await peer.waitFor((m) => m.id === 3, 20_000)).result.content[0].text).toBe(title);
  });

  it("any text, cut into any chunk sizes, round-trips exactly (property)", async () => {
    const peer = connectInProcess(createMcpServer(definition()));
    let id = 100;
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "binary", maxLength: 200 }), fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 8 }), async (text, cuts) => {
        const requestId = id++;
        const bytes = Buffer.from(`${JSON.stringify(call(requestId, "echo", { text }))}\n`, "utf8");
        for (let at = 0, i = 0; at < bytes.length; i++) {
          const size = cuts[i % cuts.length]!;
          peer.input.write(bytes.subarray(at, at + size));
          at += size;
        }
        const reply = await peer.waitFor((m) => m.id === requestId);
        expect(reply.result.content[0].text).toBe(text);
      }),
      { numRuns: 200, ...within() },
    );
  }, PROPERTY_TEST_TIMEOUT_MS);

  it("the line limit still counts bytes: at the limit accepted, one byte over refused", async () => {
    const limit = 8_192;
    const peer = connectInProcess(createMcpServer(definition(), { limits: { maxBodyBytes: limit } }));
    const frame = (text: string) => JSON.stringify(call(2, "echo", { text }));
    const overhead = Buffer.byteLength(frame(""));
    const fits = "é".repeat((limit - overhead) / 2);
    expect(Buffer.byteLength(frame(fits))).toBe(limit);
    const line = Buffer.from(`${frame(fits)}\n${frame(`${fits}a`)}\n`, "utf8");
    for (let at = 0; at < line.length; at += 777) peer.input.write(line.subarray(at, at + 777));
    expect((await peer.waitFor((m) => m.id === 2)).result.content[0].text).toBe(fits);
    expect((await peer.waitFor((m) => m.id === null)).error).toEqual({ code: -32600, message: "Invalid Request: message too large" });
  });
});

/** A client that never reads: the writable accepts writes but never completes them. */
function stalledOutput(): Writable & { release(): void } {
  const held: Array<() => void> = [];
  let flowing = false;
  const stream = new Writable({
    highWaterMark: 16 * 1024,
    write(_chunk, _encoding, done) {
      if (flowing) done();
      else held.push(done);
    },
  });
  return Object.assign(stream, {
    release() {
      flowing = true;
      for (const done of held.splice(0)) done();
    },
  });
}

describe("stdio with a client that stops reading stdout (issue 21 #5)", () => {
  it("drops notifications past the bound (one report), pauses stdin, and recovers on drain", async () => {
    const reported: unknown[] = [];
    const output = stalledOutput();
    const server = createMcpServer(definition(), { onError: (e) => reported.push(e), limits: { maxStdoutBufferBytes: 1024 * 1024 } });
    const peer = connectInProcess(server, output);
    // 100,000 progress notifications of 1 KB each: ~100 MB if everything were buffered.
    peer.send(call(1, "chatty", { count: 100_000 }, { progressToken: "p" }));
    await new Promise((r) => setTimeout(r, 200));
    expect(output.writableLength).toBeLessThan(2 * 1024 * 1024);
    expect(output.writableLength).toBeGreaterThan(1024 * 1024);
    expect(reported).toHaveLength(1);
    expect(String(reported[0])).toContain("not reading stdout");
    expect(peer.input.isPaused()).toBe(true);
    output.release();
    await new Promise((r) => setTimeout(r, 50));
    expect(peer.input.isPaused()).toBe(false);
    expect(output.writableLength).toBe(0);
  });
});

describe("stdio when the client closes its end (issue 21 #10)", () => {
  it("EPIPE ends the connection quietly: no throw, no report, in-flight handlers aborted", async () => {
    const aborted: Array<string | number> = [];
    const reported: unknown[] = [];
    let writes = 0;
    const output = new Writable({
      write(_chunk, _encoding, done) {
        if (++writes === 1) return done();
        done(Object.assign(new Error("write EPIPE"), { code: "EPIPE", errno: -32, syscall: "write" }));
      },
    });
    const peer = connectInProcess(createMcpServer(definition(aborted), { onError: (e) => reported.push(e) }), output);
    peer.send(call(1, "wait_for_cancel", {}));
    peer.send(call(2, "echo", { text: "first write succeeds" }));
    peer.send(call(3, "echo", { text: "second write hits EPIPE" }));
    await peer.connection.closed;
    expect(aborted).toEqual([1]);
    expect(reported).toEqual([]);
    // Writing after the break is a no-op, not an ERR_STREAM_DESTROYED crash.
    peer.send(call(4, "echo", { text: "after" }));
    await new Promise((r) => setTimeout(r, 20));
    expect(writes).toBe(2);
  });

  it("another stdout error is reported to onError and also ends the connection", async () => {
    const reported: unknown[] = [];
    const output = new Writable({ write: (_c, _e, done) => done(new Error("disk full")) });
    const peer = connectInProcess(createMcpServer(definition(), { onError: (e) => reported.push(e) }), output);
    peer.send(call(1, "echo", { text: "x" }));
    await peer.connection.closed;
    expect(reported.map(String)).toEqual(["Error: disk full"]);
  });
});

describe("stdio refuses a duplicate in-flight id (issue 21 #12)", () => {
  it("answers the duplicate with -32600 and the first request stays cancellable", async () => {
    const aborted: Array<string | number> = [];
    const peer = connectInProcess(createMcpServer(definition(aborted)));
    peer.send(call(5, "wait_for_cancel", {}));
    peer.send(call(5, "wait_for_cancel", {}));
    const refusal = await peer.waitFor((m) => m.id === 5);
    expect(refusal.error).toEqual({ code: -32600, message: "Invalid Request: a request with this id is still in progress" });
    peer.send({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 5, _meta: envelope() } });
    await new Promise((r) => setTimeout(r, 20));
    expect(aborted).toEqual([5]);
    // Once the first request is over, its id may be used again.
    peer.send(call(5, "echo", { text: "again" }));
    expect((await peer.waitFor((m) => m.id === 5 && m.result)).result.content[0].text).toBe("again");
  });
});
