// notifications/roots/list_changed reaching the server (issue 16 item 3). 2025-11-25: the
// official SDK 2.4.0 client's sendRootsListChanged() reaches ServerDefinition.onRootsListChanged
// and server.onRootsListChanged listeners, whose event asks that client for its new roots. A
// listener that throws is reported, never answered. 2026-07-28 removed the notification: a
// modern POST of it is accepted (202) and reaches no hook.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RootsListChangedEvent } from "../../../packages/runtime/src/server/definition.js";
import { MODERN, serve, sdkClient, until, type Served } from "./support.js";

let served: Served;
const fromDefinition: RootsListChangedEvent[] = [];
let roots = [{ uri: "file:///work/a", name: "a" }];

beforeAll(async () => {
  served = await serve({
    tools: [{ name: "noop", inputSchema: { type: "object" }, handler: () => ({ content: [] }) }],
    onRootsListChanged: (event) => {
      fromDefinition.push(event);
    },
  });
});
afterAll(async () => {
  await served?.close();
});

describe("2025-11-25 roots/list_changed", () => {
  it("reaches the definition's hook and server listeners; listRoots() asks that client on its GET stream", async () => {
    const heard: Array<{ sessionId: string; roots: string[] }> = [];
    const stop = served.server.onRootsListChanged(async (event) => {
      const answer = await event.listRoots();
      heard.push({ sessionId: event.sessionId, roots: answer.roots.map((r) => r.uri) });
    });
    const failing = served.server.onRootsListChanged(() => {
      throw new Error("listener bug");
    });
    const peer = await sdkClient(served.url, "legacy", { roots: { listChanged: true } }, (client) => {
      client.setRequestHandler("roots/list", () => ({ roots }));
    });
    try {
      fromDefinition.length = 0;
      served.errors.length = 0;
      roots = [{ uri: "file:///work/b", name: "b" }];
      // The roots/list request travels on the GET stream, which the SDK opens after the handshake.
      await until(() => {
        if (heard.length === 0) peer.client.sendRootsListChanged().catch(() => undefined);
        return heard.length > 0;
      }, () => `heard ${JSON.stringify(heard)}; errors ${served.errors.map(String).join()}`);
      expect(heard[0]!.roots).toEqual(["file:///work/b"]);
      expect(heard[0]!.sessionId).toBe(peer.transport.sessionId);
      expect(fromDefinition.length).toBeGreaterThan(0);
      expect(fromDefinition[0]).toMatchObject({ sessionId: peer.transport.sessionId, clientCapabilities: { roots: { listChanged: true } } });
      expect(fromDefinition[0]!.clientInfo).toMatchObject({ name: "parity-peer" });
      expect(served.errors.map(String).join()).toContain("listener bug");
      // The session still serves requests: the failing listener answered nothing to the client.
      await peer.client.callTool({ name: "noop", arguments: {} });
      stop();
      failing();
      // Earlier sends of the polling loop may still be answering; let them land before counting.
      await new Promise((r) => setTimeout(r, 200));
      const count = heard.length;
      await peer.client.sendRootsListChanged();
      await new Promise((r) => setTimeout(r, 100));
      expect(heard.length).toBe(count);
    } finally {
      await peer.close();
    }
  });

  it("listRoots() of a client without the roots capability fails without asking", async () => {
    const failures: unknown[] = [];
    const stop = served.server.onRootsListChanged((event) => event.listRoots().then(() => undefined, (e: unknown) => void failures.push(e)));
    const peer = await sdkClient(served.url, "legacy", {});
    try {
      await until(() => {
        // The SDK refuses to send it without the capability; the raw transport does not.
        if (failures.length === 0) peer.transport.send({ jsonrpc: "2.0", method: "notifications/roots/list_changed" }).catch(() => undefined);
        return failures.length > 0;
      }, () => "no failure");
      expect(String(failures[0])).toContain("roots capability");
    } finally {
      stop();
      await peer.close();
    }
  });
});

describe("2026-07-28 has no roots/list_changed", () => {
  it("a modern POST of the notification is accepted and reaches no hook", async () => {
    fromDefinition.length = 0;
    const response = await fetch(served.url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": MODERN, "mcp-method": "notifications/roots/list_changed" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        method: "notifications/roots/list_changed",
        params: { _meta: { "io.modelcontextprotocol/protocolVersion": MODERN, "io.modelcontextprotocol/clientCapabilities": { roots: {} } } },
      }),
    });
    expect(response.status).toBe(202);
    await new Promise((r) => setTimeout(r, 50));
    expect(fromDefinition).toEqual([]);
  });
});
