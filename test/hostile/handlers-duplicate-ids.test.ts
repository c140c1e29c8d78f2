// Issue 21 #12: a second request with the id of one still in flight took over its cancellation
// slot, so `notifications/cancelled` could no longer reach the first. Legacy sessions (HTTP and
// stdio) refuse the duplicate; stdio's own check is in stdio-streams.test.ts.
import { describe, expect, it } from "vitest";
import { answerText } from "../../packages/runtime/src/core/jsonrpc/serialize.js";
import { createMcpServer } from "../../packages/runtime/src/server/server.js";
import { MODERN } from "../runtime/helpers/definition.js";

describe("legacy session and duplicate in-flight ids (issue 21 #12)", () => {
  it("answers the duplicate -32600; the first stays cancellable; the id is free again afterwards", async () => {
    let aborted = 0;
    const server = createMcpServer({
      serverInfo: { name: "dup", version: "0.0.1" },
      revisions: [MODERN, "2025-11-25"],
      tools: [
        {
          name: "wait",
          inputSchema: { type: "object" },
          handler: (_args, ctx) =>
            new Promise((resolve) => {
              ctx.signal.addEventListener("abort", () => {
                aborted++;
                resolve({ content: [{ type: "text", text: "cancelled" }] });
              });
            }),
        },
        { name: "echo", inputSchema: { type: "object" }, handler: () => ({ content: [{ type: "text", text: "ok" }] }) },
      ],
    });
    const session = server.createLegacySession();
    const channel = { send: () => {}, closeStream: () => {} };
    await session.handleRequest({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {} } }, channel);
    session.handleNotification({ jsonrpc: "2.0", method: "notifications/initialized" });
    const first = session.handleRequest({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "wait", arguments: {} } }, channel);
    const duplicate = await session.handleRequest({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "echo", arguments: {} } }, channel);
    expect(JSON.parse(answerText(duplicate!))).toEqual({ jsonrpc: "2.0", id: 7, error: { code: -32600, message: "Invalid Request: a request with this id is still in progress" } });
    session.handleNotification({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 7 } });
    expect(await first).toBeUndefined(); // cancelled requests get no response
    expect(aborted).toBe(1);
    const again = await session.handleRequest({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "echo", arguments: {} } }, channel);
    expect(JSON.parse(answerText(again!)).result.content).toEqual([{ type: "text", text: "ok" }]);
  });
});
