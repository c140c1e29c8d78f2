// A tool handler that returns a plain value is answered in the tick its request arrived in (issue
// 10, performance): no promise between the request and its reply, on both eras and on stdio. A
// handler that returns a promise still races the deadline and the request's cancellation.
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { Cancellation } from "../../packages/runtime/src/server/cancellation.js";
import { HandlerCall } from "../../packages/runtime/src/server/handler-call.js";
import type { ModernExchange } from "../../packages/runtime/src/server/modern.js";
import { createMcpServer } from "../../packages/runtime/src/server/server.js";
import { serveStdio } from "../../packages/runtime/src/stdio/stdio.js";
import { envelope, testDefinition } from "./helpers/definition.js";

function exchange(): ModernExchange & { notified: unknown[] } {
  const notified: unknown[] = [];
  return { cancellation: new Cancellation(), notify: (message) => notified.push(message), notified };
}

const echo = (id: number) => ({ jsonrpc: "2.0" as const, id, method: "tools/call", params: { name: "echo", arguments: { text: "hi" }, _meta: envelope() } });

describe("HandlerCall.runNow", () => {
  it("returns a plain value at once, without joining the deadline list or listening to the request", () => {
    const parent = new Cancellation();
    const call = new HandlerCall("tools/call", 1_000);
    expect(call.runNow(parent, (n: number) => n + 1, 41)).toBe(42);
    expect(call.list).toBeUndefined();
    parent.abort(); // the request ends later: the finished call does not hear of it
    expect(call.cancellation.aborted).toBe(false);
  });

  it("throws what a synchronous work throws", () => {
    const failure = new Error("sync");
    const call = new HandlerCall("tools/call", 1_000);
    expect(() =>
      call.runNow(new Cancellation(), () => {
        throw failure;
      }, undefined),
    ).toThrow(failure);
  });

  it("races a returned promise against the deadline", async () => {
    const call = new HandlerCall("tools/call", 20);
    const running = call.runNow(new Cancellation(), () => new Promise<never>(() => {}), undefined);
    expect(running).toBeInstanceOf(Promise);
    expect(call.list).toBeDefined();
    await expect(running).rejects.toMatchObject({ name: "HandlerTimeoutError" });
    expect(call.cancellation.aborted).toBe(true);
  });

  it("a request cancelled by the work's synchronous part rejects its promise as cancelled", async () => {
    const parent = new Cancellation();
    const call = new HandlerCall("tools/call", 1_000);
    const running = call.runNow(
      parent,
      () => {
        parent.abort();
        return Promise.reject(new Error("ignored: the call was already over"));
      },
      undefined,
    );
    await expect(running).rejects.toMatchObject({ message: "Request cancelled" });
    expect(call.cancellation.aborted).toBe(true);
    expect(call.list).toBeUndefined();
  });

  it("refuses to start under a request that is already cancelled", () => {
    const parent = new Cancellation();
    parent.abort();
    let ran = false;
    expect(() => new HandlerCall("tools/call", 1_000).runNow(parent, () => (ran = true), undefined)).toThrow("Request cancelled");
    expect(ran).toBe(false);
  });
});

describe("a synchronous tool handler", () => {
  it("is answered synchronously on the modern era", () => {
    const server = createMcpServer(testDefinition());
    const reply = server.serveModern(echo(1), exchange());
    expect(reply).not.toBeInstanceOf(Promise);
    const body = JSON.parse((reply as { body: string }).body);
    expect(body).toMatchObject({ id: 1, result: { resultType: "complete", content: [{ type: "text", text: "hi" }] } });
  });

  it("is answered synchronously in a legacy session", async () => {
    const server = createMcpServer(testDefinition());
    const session = server.createLegacySession();
    const channel = { send: () => true, closeStream: () => {} };
    const init = { jsonrpc: "2.0" as const, id: 0, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } } };
    await session.handleRequest(init, channel);
    session.handleNotification({ jsonrpc: "2.0", method: "notifications/initialized" });
    const answer = session.handleRequest({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "echo", arguments: { text: "hi" } } }, channel);
    expect(typeof answer).toBe("string");
    expect(JSON.parse(answer as string)).toMatchObject({ id: 2, result: { content: [{ type: "text", text: "hi" }] } });
  });

  it("an asynchronous one still answers, after its promise settles", async () => {
    const server = createMcpServer(testDefinition());
    const call = { jsonrpc: "2.0" as const, id: 3, method: "tools/call", params: { name: "open_cart", arguments: {}, _meta: envelope() } };
    const reply = server.serveModern(call, exchange());
    expect(reply).toBeInstanceOf(Promise);
    expect(JSON.parse(((await reply) as { body: string }).body)).toMatchObject({ id: 3, result: { resultType: "complete" } });
  });

  it("over stdio, writes its answer before the line's data event returns", () => {
    const input = new PassThrough();
    const writes: string[] = [];
    const output = new PassThrough();
    const write = output.write.bind(output);
    output.write = ((chunk: string, ...rest: never[]) => {
      writes.push(String(chunk));
      return write(chunk, ...rest);
    }) as typeof output.write;
    const connection = serveStdio(createMcpServer(testDefinition()), { input, output });
    // Emitting 'data' directly runs the server's listener in this call stack.
    input.emit("data", Buffer.from(`${JSON.stringify(echo(4))}\n`));
    expect(writes).toHaveLength(1);
    expect(JSON.parse(writes[0] as string)).toMatchObject({ id: 4, result: { content: [{ type: "text", text: "hi" }] } });
    connection.close();
  });
});
