// tools/list carries Tool fields only: what a definition holds for the server itself (header
// declarations, the per-call deadline, handle arguments, validators, the handler) stays out,
// on both eras (server/compile.ts toolDescriptor).
import { afterEach, describe, expect, it } from "vitest";
import { createMcpServer } from "../../packages/runtime/src/server/server.js";
import { envelope, MODERN } from "./helpers/definition.js";
import { connectInProcess, type InProcessStdio } from "./helpers/stdio.js";

const open: InProcessStdio[] = [];
afterEach(() => {
  for (const peer of open.splice(0)) peer.input.end();
});

function serve(): InProcessStdio {
  const server = createMcpServer({
    serverInfo: { name: "descriptors", version: "1.0.0" },
    revisions: [MODERN, "2025-11-25"],
    handles: { cart: { ttlMs: 1_000 } },
    tools: [
      {
        name: "open_cart",
        description: "d",
        inputSchema: { type: "object", properties: { region: { type: "string", "x-mcp-header": "Region" }, cart: { type: "string" } } },
        headers: [{ path: ["region"], headerName: "Region", type: "string" }],
        timeoutMs: 5_000,
        handleArguments: { cart: "cart" },
        parseInput: (args: unknown) => ({ success: true, data: args }),
        handler: () => ({ content: [] }),
      },
    ],
  });
  const peer = connectInProcess(server);
  open.push(peer);
  return peer;
}

describe("tools/list descriptors", () => {
  it("list name, description and inputSchema only, in the modern era", async () => {
    const peer = serve();
    peer.send({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: envelope() } });
    const answer = await peer.waitFor((m) => m.id === 1);
    expect(Object.keys(answer.result.tools[0]).sort()).toEqual(["description", "inputSchema", "name"]);
  });

  it("and in a 2025-11-25 session", async () => {
    const peer = serve();
    peer.send({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "c", version: "1" } } });
    await peer.waitFor((m) => m.id === 1);
    peer.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    peer.send({ jsonrpc: "2.0", id: 2, method: "tools/list" });
    const answer = await peer.waitFor((m) => m.id === 2);
    expect(Object.keys(answer.result.tools[0]).sort()).toEqual(["description", "inputSchema", "name"]);
  });
});
