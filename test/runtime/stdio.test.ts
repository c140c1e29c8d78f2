// stdio transport in a spawned process: both eras on one pipe, cancellation, framing errors.
import { execFileSync } from "node:child_process";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { envelope } from "./helpers/definition.js";
import { spawnStdioServer, type StdioPeer } from "./helpers/stdio.js";

const root = resolve(import.meta.dirname, "../..");
let peer: StdioPeer;

beforeAll(() => {
  execFileSync(process.execPath, [resolve(root, "node_modules/typescript/bin/tsc"), "-b", "packages/runtime/tsconfig.json"], { cwd: root });
  peer = spawnStdioServer();
});
afterAll(async () => {
  const code = await peer.close();
  expect(code).toBe(0);
});

describe("stdio transport", () => {
  it("serves modern requests statelessly", async () => {
    peer.send({ jsonrpc: "2.0", id: 1, method: "server/discover", params: { _meta: envelope() } });
    const discover = await peer.waitFor((m) => m.id === 1);
    expect(discover.result.supportedVersions).toEqual(["2026-07-28"]);
    peer.send({ jsonrpc: "2.0", id: 2, method: "ping", params: { _meta: envelope() } });
    expect((await peer.waitFor((m) => m.id === 2)).error.code).toBe(-32601);
  });

  it("answers framing errors with -32700 / -32600 and keeps going", async () => {
    peer.sendRaw("{not json");
    expect((await peer.waitFor((m) => m.error?.code === -32700)).id).toBeNull();
    peer.send({ jsonrpc: "2.0", id: "bad", method: 7 });
    expect((await peer.waitFor((m) => m.id === "bad")).error.code).toBe(-32600);
    peer.sendRaw(`{"pad":"${"x".repeat(10_000)}"}`);
    await peer.waitFor((m) => m.error?.message?.includes("too large"));
    peer.send({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "echo", arguments: { text: "still alive" }, _meta: envelope() } });
    expect((await peer.waitFor((m) => m.id === 3)).result.content[0].text).toBe("still alive");
  });

  it("cancels a modern request on notifications/cancelled and sends nothing more for it", async () => {
    peer.send({ jsonrpc: "2.0", id: "slow", method: "tools/call", params: { name: "wait_for_cancel", arguments: {}, _meta: envelope() } });
    await new Promise((r) => setTimeout(r, 100));
    peer.send({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: "slow", _meta: envelope() } });
    for (let i = 0; i < 100 && !peer.stderr.includes("aborted:slow"); i++) await new Promise((r) => setTimeout(r, 20));
    expect(peer.stderr).toContain("aborted:slow");
    peer.send({ jsonrpc: "2.0", id: 4, method: "tools/list", params: { _meta: envelope() } });
    await peer.waitFor((m) => m.id === 4);
    expect(peer.lines.some((line) => JSON.parse(line).id === "slow")).toBe(false);
  });

  it("serves a legacy session on the same pipe, bridging ctx.ask to elicitation/create", async () => {
    peer.send({ jsonrpc: "2.0", id: 10, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: { elicitation: {} }, clientInfo: { name: "c", version: "1" } } });
    expect((await peer.waitFor((m) => m.id === 10)).result.protocolVersion).toBe("2025-11-25");
    peer.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    peer.send({ jsonrpc: "2.0", id: 11, method: "tools/call", params: { name: "ask_name", arguments: {} } });
    const ask = await peer.waitFor((m) => m.method === "elicitation/create");
    expect(ask.params.requestedSchema.properties.name.type).toBe("string");
    peer.send({ jsonrpc: "2.0", id: ask.id, result: { action: "accept", content: { name: "Ada" } } });
    expect((await peer.waitFor((m) => m.id === 11)).result.content[0].text).toBe("hello Ada");
    // Legacy cancellation: the handler sees the abort and no response is sent.
    peer.send({ jsonrpc: "2.0", id: "legacy-slow", method: "tools/call", params: { name: "wait_for_cancel", arguments: {} } });
    await new Promise((r) => setTimeout(r, 100));
    peer.send({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: "legacy-slow", reason: "user" } });
    for (let i = 0; i < 100 && !peer.stderr.includes("aborted:legacy-slow"); i++) await new Promise((r) => setTimeout(r, 20));
    expect(peer.stderr).toContain("aborted:legacy-slow");
    peer.send({ jsonrpc: "2.0", id: 13, method: "ping" });
    await peer.waitFor((m) => m.id === 13);
    expect(peer.lines.some((line) => JSON.parse(line).id === "legacy-slow")).toBe(false);
    // Modern traffic still works after the legacy handshake (no era pinning).
    peer.send({ jsonrpc: "2.0", id: 12, method: "tools/call", params: { name: "ask_name", arguments: {}, _meta: envelope({}, { elicitation: {} }) } });
    expect((await peer.waitFor((m) => m.id === 12)).result.resultType).toBe("input_required");
  });

  it("runs subscriptions/listen on the shared pipe until notifications/cancelled", async () => {
    peer.send({ jsonrpc: "2.0", id: "L", method: "subscriptions/listen", params: { notifications: { toolsListChanged: true }, _meta: envelope() } });
    const ack = await peer.waitFor((m) => m.method === "notifications/subscriptions/acknowledged");
    expect(ack.params._meta["io.modelcontextprotocol/subscriptionId"]).toBe("L");
    peer.send({ jsonrpc: "2.0", id: 20, method: "tools/call", params: { name: "trigger", arguments: {}, _meta: envelope() } });
    // The legacy session opened earlier on this pipe gets its own unsolicited copy (no _meta).
    const stamped = (m: any) => m.method === "notifications/tools/list_changed" && m.params?._meta?.["io.modelcontextprotocol/subscriptionId"] === "L";
    await peer.waitFor(stamped);
    peer.send({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: "L", _meta: envelope() } });
    await new Promise((r) => setTimeout(r, 100));
    const countStamped = () => peer.lines.filter((l) => stamped(JSON.parse(l))).length;
    const before = countStamped();
    peer.send({ jsonrpc: "2.0", id: 21, method: "tools/call", params: { name: "trigger", arguments: {}, _meta: envelope() } });
    await peer.waitFor((m) => m.id === 21);
    await new Promise((r) => setTimeout(r, 100));
    expect(countStamped()).toBe(before);
    expect(peer.lines.filter((l) => l.includes("tools/list_changed")).length).toBeGreaterThan(before);
    expect(peer.lines.some((l) => JSON.parse(l).id === "L")).toBe(false);
  });
});

