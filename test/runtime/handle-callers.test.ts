// Caller-bound handles end to end: ServerOptions.callerOf names the principal per request; a
// handle minted for one caller is a tool error for another.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenHttp, type ListeningServer } from "../../packages/runtime/src/http/node.js";
import { createMcpServer } from "../../packages/runtime/src/server/server.js";
import { testDefinition } from "./helpers/definition.js";
import { modernCall } from "./helpers/http.js";

let listening: ListeningServer;

beforeAll(async () => {
  listening = await listenHttp(createMcpServer(testDefinition(), { callerOf: ({ headers }) => headers?.("x-user") }), { port: 0 });
});
afterAll(() => listening.close());

describe("caller-bound handles", () => {
  it("opens only for the caller that minted the handle", async () => {
    const opened = await modernCall(listening.url, "tools/call", { name: "open_cart", arguments: {} }, { headers: { "x-user": "alice" } });
    const handle = opened.final.result.content[0].text;
    const alice = await modernCall(listening.url, "tools/call", { name: "add_item", arguments: { cart: handle, sku: "a" } }, { headers: { "x-user": "alice" } });
    expect(alice.final.result.content[0].text).toBe("added a to 7");
    const bob = await modernCall(listening.url, "tools/call", { name: "add_item", arguments: { cart: handle, sku: "b" } }, { headers: { "x-user": "bob" } });
    expect(bob.final.result.isError).toBe(true);
    expect(bob.final.result.content[0].text).toMatch(/another caller/);
  });
});
