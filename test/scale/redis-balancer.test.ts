// Scale-out with real components (issue 13): three notes instances on one redis-server, behind
// nginx doing plain round-robin (no stickiness). Direct instance URLs pin "A", "B", "C" where a
// test needs to; everything else goes through the balancer, as a client would.
import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectSdkClient } from "../interop/support/sdk-client.js";
import { freePort, NOTES, ROOT, SHARED_KEYS, startCluster, type Cluster } from "./helpers/cluster.js";
import { legacySession, modernCall, modernListen, stream, waitFor } from "./helpers/wire.js";

let cluster: Cluster;
const url = (i: number) => (cluster.instances[i] as { url: string }).url;
const methodsOf = (events: { data: any }[]) => events.map((e) => e.data?.method).filter(Boolean);

beforeAll(async () => {
  cluster = await startCluster(NOTES, 3);
}, 60_000);
afterAll(async () => {
  await cluster?.stop();
});

/** Adds notes on instance `i` directly until it holds one with id `target` (notes live in each process). */
async function seedNote(i: number, target: number): Promise<void> {
  for (;;) {
    const result = await modernCall(url(i), "tools/call", { name: "add_note", arguments: { title: `seed ${i}`, body: "b" } });
    const id = Number(result.result.structuredContent.id);
    if (id >= target) return;
  }
}

function startProcess(env: Record<string, string | undefined>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [NOTES.args[0] as string, "--port", "0"], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    child.once("exit", (code) => {
      clearTimeout(timer);
      done({ code, stderr });
    });
  });
}

describe("start-up", () => {
  it("refuses to start with MCP_GEN_REDIS_URL but no shared keys, naming them", async () => {
    const { code, stderr } = await startProcess({ MCP_GEN_REDIS_URL: cluster.redis.url, MCP_GEN_STATE_KEY: "", MCP_GEN_HANDLE_KEY: "" });
    expect(code).toBe(1);
    expect(stderr).toMatch(/MCP_GEN_STATE_KEY and MCP_GEN_HANDLE_KEY/);
  });

  it("refuses to start when Redis cannot be reached, without printing the password", async () => {
    const port = await freePort();
    const { code, stderr } = await startProcess({ ...SHARED_KEYS, MCP_GEN_REDIS_URL: `redis://user:hunter2@127.0.0.1:${port}` });
    expect(code).toBe(1);
    expect(stderr).toMatch(/cannot reach Redis at redis:\/\/user:\*\*\*@127\.0\.0\.1/);
    expect(stderr).not.toContain("hunter2");
  });
});

describe("across instances", () => {
  it("a resource update triggered by a tool call on A reaches a legacy GET stream on B and a listen stream on C", async () => {
    const client = await legacySession(cluster.balancer.url);
    expect((await client.call({ method: "resources/subscribe", params: { uri: "notes://index" } })).result).toEqual({});
    const get = stream(url(1), { method: "GET", headers: client.headers });
    const listen = modernListen(url(2), { resourceSubscriptions: ["notes://index"] });
    await waitFor(() => get.events.length > 0 && listen.events.length > 0, 5000, "streams open");
    await modernCall(url(0), "tools/call", { name: "add_note", arguments: { title: "from A", body: "x" } });
    await waitFor(() => methodsOf(get.events).length >= 1 && methodsOf(listen.events).length >= 2, 5000, "the update on B and C");
    get.close();
    listen.close();
    expect(get.events.find((e) => e.data?.method)?.data).toEqual({ jsonrpc: "2.0", method: "notifications/resources/updated", params: { uri: "notes://index" } });
    expect(methodsOf(listen.events)).toEqual(["notifications/subscriptions/acknowledged", "notifications/resources/updated"]);
  });

  it("an elicitation asked on A is answered by a POST that lands on B", async () => {
    await seedNote(0, 1);
    const client = await legacySession(cluster.balancer.url, { elicitation: { form: {} } });
    const call = stream(url(0), { headers: client.headers, body: JSON.stringify({ jsonrpc: "2.0", id: 5, method: "tools/call", params: { name: "delete_note", arguments: { id: "1" } } }) });
    await waitFor(() => call.events.some((e) => e.data?.method === "elicitation/create"), 5000, "the elicitation");
    const asked = call.events.find((e) => e.data?.method === "elicitation/create")?.data;
    expect(await stream(url(1), { headers: client.headers, body: JSON.stringify({ jsonrpc: "2.0", id: asked.id, result: { action: "accept", content: { confirm: false } } }) }).status).toBe(202);
    await call.ended;
    expect(call.events.at(-1)?.data.result.content[0].text).toBe("kept 1");
  });

  it("MRTR rounds and requestState cross instances (round 1 on A, round 2 on B)", async () => {
    await seedNote(1, 1);
    const caps = { elicitation: { form: {} } };
    const first = await modernCall(url(0), "tools/call", { name: "delete_note", arguments: { id: "1" } }, caps);
    expect(first.result.resultType).toBe("input_required");
    const [key] = Object.keys(first.result.inputRequests);
    const second = await modernCall(
      url(1),
      "tools/call",
      { name: "delete_note", arguments: { id: "1" }, requestState: first.result.requestState, inputResponses: { [key as string]: { action: "accept", content: { confirm: false } } } },
      caps,
    );
    // B opened A's requestState (shared key) and took the answer: a per-process key would reject it.
    expect(second.result.content[0].text).toBe("kept 1");
  });

  it("DELETE on C ends the session on A and B", async () => {
    const client = await legacySession(url(0));
    expect(await stream(url(1), { headers: client.headers, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }) }).status).toBe(200);
    expect(await stream(url(2), { method: "DELETE", headers: client.headers }).status).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    for (const i of [0, 1, 2]) expect(await stream(url(i), { headers: client.headers, body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" }) }).status).toBe(404);
  });

  it("the official SDK client (2025-11-25) completes delete_note with its elicitation 200 times in a row through nginx", async () => {
    await Promise.all([0, 1, 2].map((i) => seedNote(i, 60)));
    const connected = await connectSdkClient({
      era: "legacy",
      target: { kind: "http", url: new URL(cluster.balancer.url) },
      capabilities: { elicitation: { form: {} } },
      answerElicitation: () => ({ action: "accept", content: { confirm: false } }),
    });
    let failures = 0;
    try {
      for (let i = 0; i < 200; i++) {
        const result = await connected.client.callTool({ name: "delete_note", arguments: { id: "60" } });
        const text = (result.content as Array<{ text?: string }>)[0]?.text;
        if (result.isError || text !== "kept 60") failures++;
      }
    } finally {
      await connected.close();
    }
    expect(connected.elicitations).toHaveLength(200);
    expect(failures).toBe(0);
  }, 120_000);

  it("a GET stream resumes on C after A died: what A logged is replayed, and C delivers what follows", async () => {
    const client = await legacySession(cluster.balancer.url);
    await client.call({ method: "resources/subscribe", params: { uri: "notes://index" } });
    const get = stream(url(0), { method: "GET", headers: client.headers });
    await waitFor(() => get.events.length > 0, 5000, "priming event");
    const lastSeen = get.events.at(-1)?.id as string;
    get.close();
    await new Promise((r) => setTimeout(r, 100));
    await modernCall(url(1), "tools/call", { name: "add_note", arguments: { title: "missed", body: "x" } });
    await new Promise((r) => setTimeout(r, 200));
    await (cluster.instances[0] as { kill(): Promise<void> }).kill();
    const resumed = stream(url(2), { method: "GET", headers: { ...client.headers, "last-event-id": lastSeen } });
    expect(await resumed.status).toBe(200);
    await waitFor(() => methodsOf(resumed.events).length === 1, 5000, "the missed update");
    await modernCall(url(1), "tools/call", { name: "add_note", arguments: { title: "after", body: "x" } });
    await waitFor(() => methodsOf(resumed.events).length === 2, 5000, "the update after takeover");
    resumed.close();
    expect(methodsOf(resumed.events)).toEqual(["notifications/resources/updated", "notifications/resources/updated"]);
    await (cluster.instances[0] as { start(): Promise<void> }).start();
  });
});
