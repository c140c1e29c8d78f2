// Graceful drain (issue 17 #1) of a real child process started as generated servers start
// (serveFromArgv): SIGTERM while a 2 s tool call runs. The call completes; a request during the
// drain gets 503 + Retry-After; readiness turns false while liveness stays true; an open
// subscriptions/listen ends with its close result and a legacy GET stream ends; the process
// exits 0 well within the deadline. On stdio, the in-flight line is answered after stdin closes.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { envelope, MODERN, modernPost } from "./helpers.js";

const FIXTURE = fileURLToPath(new URL("./fixture-server.mjs", import.meta.url));
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

async function start(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [FIXTURE, ...args], { stdio: ["pipe", "pipe", "pipe"] });
  children.push(child);
  let stderr = "";
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr!.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /listening (\S+)/.exec(stderr);
      if (match) resolve(match[1] as string);
    });
    child.once("exit", (code) => reject(new Error(`fixture exited ${code}: ${stderr}`)));
  });
  return { child, url };
}

/** Reads an SSE response to its end; `onEvent` sees each parsed data line as it arrives. */
async function readSse(response: Response, onEvent: (message: any) => void = () => {}): Promise<any[]> {
  const events: any[] = [];
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let cut: number;
    while ((cut = buffer.indexOf("\n\n")) !== -1) {
      const frame = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      for (const line of frame.split("\n")) {
        if (!line.startsWith("data: ") || line.length === 6) continue;
        const message = JSON.parse(line.slice(6));
        events.push(message);
        onEvent(message);
      }
    }
  }
  return events;
}

describe("graceful drain on SIGTERM (HTTP)", () => {
  it("finishes the in-flight call, refuses new work with 503, ends listens and GET streams, exits 0", async () => {
    const { child, url } = await start(["--port", "0", "--drain-ms", "5000"]);
    const base = url.replace(/\/mcp$/, "");
    expect((await fetch(`${base}/readyz`)).status).toBe(200);

    // A modern listen, acknowledged before the signal.
    let acknowledged!: () => void;
    const listenAck = new Promise<void>((resolve) => (acknowledged = resolve));
    const listenResponse = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": MODERN, "mcp-method": "subscriptions/listen" },
      body: JSON.stringify({ jsonrpc: "2.0", id: "L1", method: "subscriptions/listen", params: { notifications: { toolsListChanged: true }, _meta: envelope() } }),
    });
    const listenEvents = readSse(listenResponse, (message) => {
      if (message.method === "notifications/subscriptions/acknowledged") acknowledged();
    });
    await listenAck;

    // A legacy session with its GET stream open.
    const init = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "drain", version: "1" } } }),
    });
    const sessionId = init.headers.get("mcp-session-id") as string;
    await init.text();
    const legacyHeaders = { "mcp-session-id": sessionId, "mcp-protocol-version": "2025-11-25" };
    await (await fetch(url, { method: "POST", headers: { ...legacyHeaders, "content-type": "application/json", accept: "application/json, text/event-stream" }, body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) })).text();
    const getStream = await fetch(url, { headers: { ...legacyHeaders, accept: "text/event-stream" } });
    expect(getStream.status).toBe(200);
    const getEnded = readSse(getStream).then(() => "ended");

    const call = modernPost(url, "tools/call", { name: "slow", arguments: { ms: 2000 } }, {}, "C1");
    await new Promise((resolve) => setTimeout(resolve, 300));
    const signalled = Date.now();
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 300));

    const refused = await modernPost(url, "tools/call", { name: "slow", arguments: { ms: 1 } }, {}, "C2");
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(refused.body.error.code).toBe(-32603);
    expect(refused.body.error.message).toMatch(/shutting down/);
    const ready = await fetch(`${base}/readyz`);
    expect([ready.status, (await ready.json()).reason]).toEqual([503, "draining"]);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);

    const events = await listenEvents;
    const last = events[events.length - 1];
    expect(last.id).toBe("L1");
    expect(last.result).toMatchObject({ resultType: "complete", _meta: { "io.modelcontextprotocol/subscriptionId": "L1" } });
    expect(await getEnded).toBe("ended");

    const answered = await call;
    expect(answered.status).toBe(200);
    expect(answered.body.result.content[0].text).toBe("slept 2000");

    const [code] = await exited;
    expect(code).toBe(0);
    // It left once the call was done, not at the 5 s deadline.
    expect(Date.now() - signalled).toBeLessThan(4500);
  });

  it("exits at the deadline when a call outlasts it", async () => {
    const { child, url } = await start(["--port", "0", "--drain-ms", "500"]);
    const call = modernPost(url, "tools/call", { name: "slow", arguments: { ms: 30_000 } }).catch(() => "cut");
    await new Promise((resolve) => setTimeout(resolve, 200));
    const signalled = Date.now();
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    const [code] = await exited;
    expect(code).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(3000);
    expect(await call).toBe("cut");
  });
});

describe("stdio", () => {
  it("answers the in-flight line after stdin closes, then exits 0", async () => {
    const child = spawn(process.execPath, [FIXTURE, "--stdio"], { stdio: ["pipe", "pipe", "pipe"] });
    children.push(child);
    let stdout = "";
    child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = once(child, "exit");
    child.stdin!.write(`${JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "slow", arguments: { ms: 500 }, _meta: envelope() } })}\n`);
    child.stdin!.end();
    const [code] = await exited;
    expect(code).toBe(0);
    const answer = JSON.parse(stdout.trim().split("\n").pop() as string);
    expect([answer.id, answer.result.content[0].text]).toEqual([7, "slept 500"]);
  });
});
