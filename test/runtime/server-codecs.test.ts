// server/create-codecs.ts: the server's requestState and handle codecs. A configured key is
// checked at construction; without one each server draws its own random key on first use.
import { afterEach, describe, expect, it } from "vitest";
import { HandleError } from "../../packages/runtime/src/handles/handles.js";
import { createServerCodecs } from "../../packages/runtime/src/server/create-codecs.js";
import { createMcpServer } from "../../packages/runtime/src/server/server.js";

const kinds = { cart: { ttlMs: 60_000 } };
const KEY = "k".repeat(32);
const reason = async (work: Promise<unknown>): Promise<string> =>
  work.then(
    () => "ok",
    (error: unknown) => (error instanceof HandleError ? error.reason : String(error)),
  );

describe("server codecs", () => {
  afterEach(() => {
    delete process.env["MCP_GEN_STATE_KEY"];
    delete process.env["MCP_GEN_HANDLE_KEY"];
  });

  it("refuses a short configured key at construction, from the option or the environment", () => {
    const definition = { serverInfo: { name: "s", version: "1" }, revisions: ["2026-07-28"] };
    expect(() => createMcpServer(definition, { stateKey: "short" })).toThrow("MCP_GEN_STATE_KEY: signing key must be at least 32 bytes (got 5)");
    process.env["MCP_GEN_HANDLE_KEY"] = "also-short";
    expect(() => createMcpServer(definition)).toThrow("MCP_GEN_HANDLE_KEY: signing key must be at least 32 bytes (got 10)");
  });

  it("without a key: one random key per server, the same for every use (drawn on first use)", async () => {
    const a = createServerCodecs({}, kinds);
    const b = createServerCodecs({}, kinds);
    const first = await a.handles.mint("cart", { id: 1 });
    const second = await a.handles.mint("cart", { id: 2 }, "alice");
    expect(await a.handles.open("cart", first)).toEqual({ id: 1 });
    expect(await a.handles.open("cart", second, "alice")).toEqual({ id: 2 });
    expect(await reason(b.handles.open("cart", first))).toBe("forged");
    const state = await a.stateCodec.seal("tools/call", "d", { answers: { x: 1 } });
    expect(await a.stateCodec.open(state, "tools/call", "d")).toEqual({ answers: { x: 1 } });
    expect(await reason(b.stateCodec.open(state, "tools/call", "d"))).toMatch(/invalid or expired requestState/);
  });

  it("with a shared key (option or environment), handles and state open on another instance", async () => {
    process.env["MCP_GEN_STATE_KEY"] = KEY;
    const a = createServerCodecs({ handleKey: KEY }, kinds);
    const b = createServerCodecs({ handleKey: new TextEncoder().encode(KEY) }, kinds);
    expect(await b.handles.open("cart", await a.handles.mint("cart", 7))).toBe(7);
    const state = await a.stateCodec.seal("tools/call", "d", { answers: {} });
    expect(await b.stateCodec.open(state, "tools/call", "d")).toEqual({ answers: {} });
  });
});
