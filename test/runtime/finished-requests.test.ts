// A finished request is garbage once its response is written, even while its kept-alive
// connection stays open (issue 10): the node:http adapter's connection table once held each
// connection's latest response, which kept that whole request alive until the next one, grew
// V8's young generation under load and raised RSS after load by ~13 MB.
import { Agent, request, type IncomingMessage } from "node:http";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenHttp, type ListeningServer } from "../../packages/runtime/src/http/node.js";
import { createMcpServer } from "../../packages/runtime/src/server/server.js";
import { envelope, testDefinition } from "./helpers/definition.js";
import { modernHeaders } from "./helpers/http.js";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

const seen: WeakRef<IncomingMessage>[] = [];
let listening: ListeningServer;
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

beforeAll(async () => {
  listening = await listenHttp(createMcpServer(testDefinition()), {
    port: 0,
    clientAddress: (req) => {
      seen.push(new WeakRef(req));
      return req.socket.remoteAddress;
    },
  });
});
afterAll(async () => {
  agent.destroy();
  await listening.close();
});

function callEcho(id: number): Promise<{ status: number; body: string; socketReused: boolean }> {
  const body = JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "echo", arguments: { text: "hi" }, _meta: envelope() } });
  return new Promise((resolve, reject) => {
    const req = request(listening.url, { method: "POST", agent, headers: modernHeaders("tools/call", "echo") }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text, socketReused: req.reusedSocket }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

describe("finished requests on a kept-alive connection", () => {
  it("are collectable while the connection stays open", async () => {
    const replies = [];
    for (let id = 1; id <= 3; id++) replies.push(await callEcho(id));
    expect(replies.map((r) => [r.status, JSON.parse(r.body).result.content[0].text])).toEqual([
      [200, "hi"],
      [200, "hi"],
      [200, "hi"],
    ]);
    // One connection served all three, and it is still open (the agent keeps it).
    expect(replies.map((r) => r.socketReused)).toEqual([false, true, true]);
    expect(Object.values(agent.freeSockets).flat()).toHaveLength(1);
    expect(seen).toHaveLength(3);
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setTimeout(r, 20));
    gc();
    expect(seen.map((ref) => ref.deref() === undefined)).toEqual([true, true, true]);
  });
});
