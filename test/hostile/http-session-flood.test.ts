// Issue 21 #6: 10,000 `initialize` calls in 2.3 s used to lock every new legacy client out (503)
// for up to 30 minutes. Now a flood of bare handshakes displaces only its own unused sessions,
// a per-client cap keeps one address from taking the global budget, and idle sessions expire.
import { Agent, request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDefinition } from "../runtime/helpers/definition.js";
import { LEGACY_INIT, sleep, startHostileServer, type HostileServer } from "./helpers/http-server.js";

function post(url: string, body: string, headers: Record<string, string>, agent?: Agent, localAddress?: string) {
  return new Promise<{ status: number; session: string | undefined }>((resolve, reject) => {
    const req = request(url, { method: "POST", agent, localAddress, headers: { "content-type": "application/json", ...headers } }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, session: res.headers["mcp-session-id"] as string | undefined }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** Runs `count` tasks with at most `width` in flight; returns their results. */
async function pool<T>(count: number, width: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await task(i);
      }
    }),
  );
  return results;
}

const PING = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" });

let server: HostileServer;
let flooder: Agent;
beforeAll(async () => {
  server = await startHostileServer(testDefinition(), { limits: { maxSessions: 1000, maxSessionsPerClient: 50, sessionIdleMs: 400 } });
  flooder = new Agent({ keepAlive: true, maxSockets: 16 });
});
afterAll(async () => {
  flooder.destroy();
  await server.close();
});

describe("legacy session flood (#6)", () => {
  it("3,000 bare initialize calls from one address leave room for another client", async () => {
    const results = await pool(3000, 16, () => post(server.url, LEGACY_INIT, {}, flooder, "127.0.0.2"));
    // The flood never locks itself out either: each handshake displaces an older unused one.
    expect(results.filter((r) => r.status === 200).length).toBe(3000);
    const other = await post(server.url, LEGACY_INIT, {}, undefined, "127.0.0.1");
    expect(other.status).toBe(200);
    const ping = await post(server.url, PING, { "mcp-session-id": other.session as string });
    expect(ping.status).toBe(200);
  });

  it("sessions in use are capped per client address; other addresses are unaffected", async () => {
    const opened = await pool(80, 1, async () => {
      const init = await post(server.url, LEGACY_INIT, {}, flooder, "127.0.0.3");
      if (init.status === 200) await post(server.url, PING, { "mcp-session-id": init.session as string }, flooder, "127.0.0.3");
      return init.status;
    });
    expect(opened.filter((s) => s === 200).length).toBe(50);
    expect(opened.filter((s) => s === 503).length).toBe(30);
    expect((await post(server.url, LEGACY_INIT, {}, undefined, "127.0.0.4")).status).toBe(200);
  });

  it("expires idle sessions after sessionIdleMs", async () => {
    const init = await post(server.url, LEGACY_INIT, {}, undefined, "127.0.0.5");
    expect((await post(server.url, PING, { "mcp-session-id": init.session as string })).status).toBe(200);
    await sleep(1200);
    expect((await post(server.url, PING, { "mcp-session-id": init.session as string })).status).toBe(404);
    // The address's budget is free again.
    const again = await pool(50, 5, () => post(server.url, LEGACY_INIT, {}, undefined, "127.0.0.5"));
    expect(again.every((r) => r.status === 200)).toBe(true);
  });
});
