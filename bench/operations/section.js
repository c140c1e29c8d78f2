// `npm run bench -- operations` (issue 17): the server under load and faults, loopback only.
// Rows: (1) OPS_LISTENS (default 1,000) concurrent subscriptions/listen streams plus tools/call at
// c=32 for OPS_SECONDS (default 60, as issue 17 asks; lower it for a quick look): calls/s,
// p50/p99, the server's RSS and file descriptors before, at peak and after the streams closed; (2) a slowloris client and
// (3) a client that never reads its SSE stream, each cut by the server while other clients'
// calls go on (p99 during the fault); (4) OPS_SESSIONS (default 10,000) legacy sessions opened
// and abandoned, reclaimed by the idle sweep (heap after GC, and how many ids answer 404 after).
import { fork } from "node:child_process";
import { Agent, request } from "node:http";
import { connect } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import { table } from "../report.js";

const HERE = dirname(fileURLToPath(import.meta.url));
const SECONDS = Number(process.env.OPS_SECONDS ?? 60);
const LISTENS = Number(process.env.OPS_LISTENS ?? 1000);
const SESSIONS = Number(process.env.OPS_SESSIONS ?? 10_000);
const IDLE_MS = 2000;
const META = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} };
const MB = (bytes) => (bytes / 1024 / 1024).toFixed(1);

function startServer() {
  const child = fork(join(HERE, "server.js"), [], { execArgv: ["--expose-gc"], env: { ...process.env, OPS_SESSION_IDLE_MS: String(IDLE_MS) }, stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const pending = [];
  child.on("message", (message) => pending.shift()?.(message));
  const ask = (message) => new Promise((resolve) => (pending.push(resolve), message && child.send(message)));
  return ask(undefined).then(({ url }) => ({ url, stats: () => ask("stats"), gc: () => ask("gc"), stop: () => child.disconnect() }));
}

function post(url, agent, body, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "POST", agent, headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, text }));
    });
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

const call = (url, agent, id) =>
  post(url, agent, { jsonrpc: "2.0", id, method: "tools/call", params: { name: "work", arguments: {}, _meta: META } }, { "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": "work" });

/** Calls at concurrency `c` for `ms`; latencies in ms. */
async function callsFor(url, ms, c = 32) {
  const agent = new Agent({ keepAlive: true, maxSockets: c });
  const latencies = [];
  let failures = 0;
  const until = performance.now() + ms;
  let id = 0;
  await Promise.all(
    Array.from({ length: c }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        const answer = await call(url, agent, ++id).catch(() => ({ status: 0 }));
        if (answer.status === 200) latencies.push(performance.now() - t);
        else failures++;
      }
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const q = (p) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] : NaN);
  return { count: latencies.length, failures, p50: q(0.5), p99: q(0.99), perSecond: latencies.length / (ms / 1000) };
}

/** Opens one listen stream on its own socket; resolves once acknowledged, with a closer. */
function openListen(url, id) {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "POST", agent: false, headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2026-07-28", "mcp-method": "subscriptions/listen" } }, (res) => {
      res.setEncoding("utf8");
      let acknowledged = false;
      res.on("data", (chunk) => {
        if (!acknowledged && chunk.includes("notifications/subscriptions/acknowledged")) {
          acknowledged = true;
          resolve(() => req.destroy());
        }
      });
      res.on("error", () => {});
      res.on("end", () => !acknowledged && reject(new Error(`listen ${id} ended early (${res.statusCode})`)));
    });
    req.on("error", (error) => reject(error));
    req.end(JSON.stringify({ jsonrpc: "2.0", id, method: "subscriptions/listen", params: { notifications: { toolsListChanged: true }, _meta: META } }));
  });
}

async function loadRow(server) {
  const base = await server.gc();
  const closers = [];
  for (let i = 0; i < LISTENS; i += 100) closers.push(...(await Promise.all(Array.from({ length: Math.min(100, LISTENS - i) }, (_, k) => openListen(server.url, `L${i + k}`)))));
  let peak = await server.stats();
  const sampler = setInterval(async () => {
    const now = await server.stats();
    if (now.rss > peak.rss) peak = { ...now, fds: Math.max(now.fds, peak.fds) };
  }, 500);
  const calls = await callsFor(server.url, SECONDS * 1000);
  clearInterval(sampler);
  const during = await server.stats();
  for (const close of closers) close();
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const after = await server.gc();
  table(
    `Operations: ${LISTENS} open subscriptions/listen streams + tools/call at c=32 for ${SECONDS} s (server process)`,
    ["listens", "calls", "calls/s", "failed", "p50 ms", "p99 ms", "RSS base MB", "RSS peak MB", "RSS after MB", "fds base", "fds during", "fds after"],
    [[LISTENS, calls.count, calls.perSecond.toFixed(0), calls.failures, calls.p50.toFixed(2), calls.p99.toFixed(2), MB(base.rss), MB(Math.max(peak.rss, during.rss)), MB(after.rss), base.fds, Math.max(peak.fds, during.fds), after.fds]],
  );
}

/** A client sending its headers one byte a second; resolves with how long until the server cut it. */
function slowloris(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect(Number(port), hostname);
    const text = `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ${"a".repeat(1000)}`;
    let i = 0;
    const timer = setInterval(() => socket.writable && socket.write(text[i++ % text.length]), 1000);
    socket.on("error", () => {});
    socket.on("close", () => (clearInterval(timer), resolve(performance.now() - started)));
  });
}

/**
 * A client that asks for a stream of large notifications and never reads it; resolves when the
 * server reports the cut (a paused client does not read, so it would not see its own EOF).
 */
function nonReader(url, server) {
  return new Promise((resolve) => {
    const started = performance.now();
    let baseline;
    void server.stats().then((s) => (baseline = s.slowConsumerCuts));
    const poll = setInterval(async () => {
      if (baseline === undefined) return;
      if ((await server.stats()).slowConsumerCuts > baseline) {
        clearInterval(poll);
        req.destroy();
        resolve(performance.now() - started);
      }
    }, 100);
    const req = request(url, { method: "POST", agent: false, headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": "firehose" } }, (res) => {
      res.pause(); // never read
    });
    req.on("error", () => {});
    req.end(JSON.stringify({ jsonrpc: "2.0", id: "F", method: "tools/call", params: { name: "firehose", arguments: {}, _meta: { ...META, progressToken: "F" } } }));
  });
}

async function faultRows(server) {
  const rows = [];
  const quiet = await callsFor(server.url, 2000);
  rows.push(["none (baseline)", "-", quiet.count, quiet.failures, quiet.p99.toFixed(2)]);
  const before = (await server.stats()).slowConsumerCuts;
  for (const [name, fault] of [
    ["slowloris (1 B/s headers)", slowloris],
    ["SSE client that never reads", nonReader],
  ]) {
    const cut = fault(server.url, server);
    const during = await callsFor(server.url, 3000);
    const cutMs = await Promise.race([cut, new Promise((resolve) => setTimeout(() => resolve(NaN), 20_000))]);
    rows.push([name, Number.isNaN(cutMs) ? "not cut in 20 s" : (cutMs / 1000).toFixed(1), during.count, during.failures, during.p99.toFixed(2)]);
  }
  const cuts = (await server.stats()).slowConsumerCuts - before;
  table(
    `Operations: faults — each cut by the server while other clients call at c=32 (slow consumers reported: ${cuts})`,
    ["fault", "cut after s", "calls meanwhile", "failed", "p99 ms"],
    rows,
  );
}

async function sessionRow(server) {
  const base = await server.gc();
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const ids = [];
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 64 }, async () => {
      while (next < SESSIONS) {
        const id = next++;
        const answer = await post(server.url, agent, { jsonrpc: "2.0", id, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "abandoned", version: "1" } } });
        if (answer.headers["mcp-session-id"]) ids.push(answer.headers["mcp-session-id"]);
      }
    }),
  );
  const openMs = performance.now() - started;
  const opened = await server.gc();
  // The sweep runs every IDLE_MS / 2; past 2 × IDLE_MS every abandoned session has gone.
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS * 2 + 500));
  const swept = await server.gc();
  let gone = 0;
  next = 0;
  await Promise.all(
    Array.from({ length: 64 }, async () => {
      while (next < ids.length) {
        const id = ids[next++];
        const answer = await post(server.url, agent, { jsonrpc: "2.0", id: 1, method: "ping" }, { "mcp-session-id": id, "mcp-protocol-version": "2025-11-25" });
        if (answer.status === 404) gone++;
      }
    }),
  );
  agent.destroy();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const after = await server.gc();
  table(
    `Operations: ${SESSIONS} legacy sessions opened and abandoned, reclaimed by the idle sweep (sessionIdleMs ${IDLE_MS})`,
    ["sessions", "open s", "heap base MB", "heap open MB", "heap after sweep MB", "RSS after MB", "404 after sweep", "fds after"],
    [[ids.length, (openMs / 1000).toFixed(1), MB(base.heapUsed), MB(opened.heapUsed), MB(swept.heapUsed), MB(swept.rss), `${gone}/${ids.length}`, after.fds]],
  );
}

export async function operationsSection() {
  const server = await startServer();
  try {
    await loadRow(server);
    await faultRows(server);
    await sessionRow(server);
  } finally {
    server.stop();
  }
}
