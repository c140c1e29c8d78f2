// Issue 21 #8: what a handler throws must not reach the client verbatim (the docs promise details
// go to onError only). Before the fix a tool answered `db failed: postgres://admin:hunter2@…`
// and the runtime's own TypeError text for bad return values.
import { describe, expect, it } from "vitest";
import { answerText } from "../../packages/runtime/src/core/jsonrpc/serialize.js";
import { Cancellation } from "../../packages/runtime/src/server/cancellation.js";
import type { ServerDefinition } from "../../packages/runtime/src/server/definition.js";
// From the package entry: SafeError is public API.
import { SafeError } from "../../packages/runtime/src/server-entry.js";
import { createMcpServer, type McpServer } from "../../packages/runtime/src/server/server.js";
import { envelope, MODERN } from "../runtime/helpers/definition.js";

const SECRET = "postgres://admin:hunter2@db.internal/notes";
const fail = (): never => {
  throw new Error(`db failed: ${SECRET}`);
};

function definition(): ServerDefinition {
  return {
    serverInfo: { name: "errors", version: "0.0.1" },
    revisions: [MODERN, "2025-11-25"],
    tools: [
      { name: "leaky", inputSchema: { type: "object" }, handler: fail },
      { name: "bad_return", inputSchema: { type: "object" }, handler: () => 42 as never },
      { name: "safe", inputSchema: { type: "object" }, handler: () => Promise.reject(new SafeError("note 7 is locked by another user")) },
      {
        name: "exposed",
        inputSchema: { type: "object" },
        handler: () => {
          throw Object.assign(new Error("quota exceeded, retry in 60 s"), { expose: true });
        },
      },
    ],
    resources: [
      { uri: "notes://leaky", name: "leaky", read: fail },
      { uri: "notes://safe", name: "safe", read: () => Promise.reject(new SafeError("notes are being migrated")) },
    ],
    resourceTemplates: [{ uriTemplate: "notes://n/{id}", name: "note", read: fail, complete: { id: fail } }],
    prompts: [{ name: "leaky", get: fail }],
  };
}

function setup(): { server: McpServer; reported: unknown[] } {
  const reported: unknown[] = [];
  return { server: createMcpServer(definition(), { onError: (error) => reported.push(error) }), reported };
}

async function modern(server: McpServer, method: string, params: Record<string, unknown>): Promise<{ text: string; message: any }> {
  const reply = await server.serveModern(
    { jsonrpc: "2.0", id: 1, method, params: { ...params, _meta: envelope() } },
    { cancellation: new Cancellation(), notify: () => {} },
  );
  return { text: reply.body!, message: JSON.parse(reply.body!) };
}

async function legacy(server: McpServer, method: string, params: Record<string, unknown>): Promise<{ text: string; message: any }> {
  const session = server.createLegacySession();
  const channel = { send: () => {}, closeStream: () => {} };
  await session.handleRequest({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {} } }, channel);
  const text = answerText((await session.handleRequest({ jsonrpc: "2.0", id: 1, method, params }, channel))!);
  session.close();
  return { text, message: JSON.parse(text) };
}

describe.each([
  ["modern", modern],
  ["legacy", legacy],
] as const)("handler errors on the %s era (issue 21 #8)", (_era, call) => {
  it("a failing tool answers a generic isError result; the error itself goes to onError", async () => {
    const { server, reported } = setup();
    const { text, message } = await call(server, "tools/call", { name: "leaky", arguments: {} });
    expect(text).not.toContain("hunter2");
    expect(message.result.isError).toBe(true);
    expect(message.result.content).toEqual([{ type: "text", text: "Tool execution failed" }]);
    expect(reported).toHaveLength(1);
    expect(String((reported[0] as Error).message)).toContain(SECRET);
  });

  it("the runtime's own complaint about a bad return value stays in onError", async () => {
    const { server, reported } = setup();
    const { text, message } = await call(server, "tools/call", { name: "bad_return", arguments: {} });
    expect(text).not.toContain("content array");
    expect(message.result.content[0].text).toBe("Tool execution failed");
    expect(String((reported[0] as Error).message)).toContain("bad_return");
  });

  it("a SafeError or an error with expose: true reaches the client as written", async () => {
    const { server } = setup();
    expect((await call(server, "tools/call", { name: "safe", arguments: {} })).message.result).toEqual({
      content: [{ type: "text", text: "note 7 is locked by another user" }],
      isError: true,
      ...(_era === "modern" ? { resultType: "complete", _meta: expect.anything() } : {}),
    });
    expect((await call(server, "tools/call", { name: "exposed", arguments: {} })).message.result.content[0].text).toBe("quota exceeded, retry in 60 s");
    expect((await call(server, "resources/read", { uri: "notes://safe" })).message.error).toEqual({ code: -32603, message: "notes are being migrated" });
  });

  it.each([
    ["resources/read", { uri: "notes://leaky" }],
    ["resources/read (template)", { uri: "notes://n/7" }],
    ["prompts/get", { name: "leaky" }],
    ["completion/complete", { ref: { type: "ref/resource", uri: "notes://n/{id}" }, argument: { name: "id", value: "" } }],
  ] as const)("%s answers -32603 Internal error without the details", async (label, params) => {
    const { server, reported } = setup();
    const { text, message } = await call(server, label.split(" ")[0]!, params);
    expect(text).not.toContain("hunter2");
    expect(message.error).toEqual({ code: -32603, message: "Internal error" });
    expect(reported).toHaveLength(1);
  });
});
