// `npm run bench -- scale`: what coordination costs and buys (issue 13). Rows: tools/call at
// c=32 on one instance without and with Redis configured (the modern path must not touch Redis;
// legacy requests pay one PEXPIRE each); one instance vs three behind nginx round-robin; and the
// latency of a change notification from instance A to a listen stream on instance B (p50/p99).
// Needs redis-server and nginx on PATH (.ci/run installs them). BENCH_SECONDS per row (default 5).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { table } from "../report.js";
import { freePort } from "../server/processes.js";
import { closeLegacySession, measureThroughput, openLegacySession, planRow, verifyRow } from "../server/http-load.js";
import { NGINX_TEMP_DIRS, nginxConfig } from "../../test/scale/helpers/nginx-conf.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, "..", "..");
const KEYS = { MCP_GEN_STATE_KEY: "bench-scale-state-key-0123456789abcdef", MCP_GEN_HANDLE_KEY: "bench-scale-handle-key-0123456789abcdef" };
const children = new Set();

function waitFor(child, pattern, what) {
  return new Promise((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => reject(new Error(`${what} did not start: ${seen.slice(-500)}`)), 30_000);
    const onData = (chunk) => {
      seen += chunk;
      if (pattern.test(seen)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`${what} exited (${code}): ${seen.slice(-500)}`)));
  });
}

async function waitForPort(port) {
  for (let i = 0; i < 200; i++) {
    const open = await new Promise((done) => {
      const socket = connect(port, "127.0.0.1");
      socket.once("connect", () => (socket.destroy(), done(true)));
      socket.once("error", () => done(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nothing listens on ${port}`);
}

function track(child) {
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

async function startRedis() {
  const port = await freePort();
  const child = track(spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: ["ignore", "pipe", "pipe"] }));
  await waitFor(child, /Ready to accept connections/, "redis-server");
  return `redis://127.0.0.1:${port}`;
}

async function startInstance(script, redisUrl) {
  const port = await freePort();
  const env = { ...process.env, ...KEYS, MCP_GEN_REDIS_URL: redisUrl ?? "" };
  const child = track(spawn(process.execPath, [script, "--port", String(port)], { cwd: ROOT, env, stdio: ["ignore", "ignore", "pipe"] }));
  await waitFor(child, /listening/, `instance ${script}`);
  return { url: `http://127.0.0.1:${port}/mcp`, port, child };
}

async function startNginx(upstreams) {
  const dir = mkdtempSync(join(tmpdir(), "mcp-gen-bench-nginx-"));
  for (const sub of NGINX_TEMP_DIRS) mkdirSync(join(dir, sub), { recursive: true });
  const port = await freePort();
  writeFileSync(join(dir, "nginx.conf"), nginxConfig({ dir, port, upstreams }));
  const child = track(spawn("nginx", ["-p", dir, "-c", join(dir, "nginx.conf"), "-e", join(dir, "error.log")], { stdio: "ignore" }));
  await waitForPort(port);
  return { url: `http://127.0.0.1:${port}/mcp`, stop: () => (child.kill("SIGTERM"), rmSync(dir, { recursive: true, force: true })) };
}

function stopAll() {
  for (const child of children) child.kill("SIGKILL");
}

async function rate(url, era, options) {
  const sessions = era === "legacy" ? await Promise.all(Array.from({ length: 32 }, () => openLegacySession(url))) : [];
  const plan = planRow(era, "tools/call", sessions);
  try {
    await verifyRow(url, plan);
    return await measureThroughput(url, plan, { connections: 32, seconds: options.seconds, warmupSeconds: 1 });
  } finally {
    await Promise.all(sessions.map((s) => closeLegacySession(url, s)));
  }
}

const cell = (result) => (result.failed ? `failed: ${result.failed}` : `${result.requestsPerSecond?.toFixed?.(0) ?? result.rps ?? "-"}`);

/** Sends modern tools/call add_note to `from` and times the notification's arrival on a listen stream held by `to`. */
async function fanOutLatencies(from, to, samples) {
  const meta = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} };
  let waiting;
  let buffer = "";
  const listen = request(to, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2026-07-28", "mcp-method": "subscriptions/listen" } }, (res) => {
    res.setEncoding("utf8");
    res.on("data", (chunk) => {
      buffer += chunk;
      if (buffer.includes("notifications/resources/updated")) {
        buffer = "";
        waiting?.();
      }
    });
  });
  listen.on("error", () => {});
  listen.end(JSON.stringify({ jsonrpc: "2.0", id: "bench-listen", method: "subscriptions/listen", params: { notifications: { resourceSubscriptions: ["notes://index"] }, _meta: meta } }));
  await new Promise((r) => setTimeout(r, 300));
  const times = [];
  for (let i = 0; i < samples; i++) {
    const arrived = new Promise((resolve) => (waiting = resolve));
    const started = process.hrtime.bigint();
    void fetch(from, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": "add_note" },
      body: JSON.stringify({ jsonrpc: "2.0", id: i + 1, method: "tools/call", params: { name: "add_note", arguments: { title: `n${i}`, body: "b" }, _meta: meta } }),
    }).then((r) => r.text());
    await Promise.race([arrived, new Promise((r) => setTimeout(r, 5000))]);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  listen.destroy();
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length * 0.5)], p99: times[Math.min(times.length - 1, Math.floor(times.length * 0.99))] };
}

export async function scaleSection() {
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  for (const tool of ["redis-server", "nginx"]) {
    if (spawnSync("sh", ["-c", `command -v ${tool}`]).status !== 0) {
      console.log(`\n## Scale-out\n\n(skipped: ${tool} is not installed; .ci/run installs it)`);
      return;
    }
  }
  if (!existsSync(join(ROOT, "bench/server/generated/dist/index.js"))) {
    const generated = spawnSync(process.execPath, [join(ROOT, "bin/mcp-gen.js"), "generate", join(ROOT, "bench/server/mcp.yaml"), "--out", join(ROOT, "bench/server/generated")], { cwd: ROOT });
    if (generated.status !== 0) throw new Error("generating bench/server failed");
  }
  const script = join(HERE, "start.js");
  const notes = join(ROOT, "examples/notes/start.js");
  try {
    const redisUrl = await startRedis();
    const plain = await startInstance(script, undefined);
    const shared = await startInstance(script, redisUrl);
    const rows = [];
    for (const era of ["modern", "legacy"]) {
      // Alternating order, twice, so background drift does not favour one side.
      const a1 = await rate(plain.url, era, { seconds });
      const b1 = await rate(shared.url, era, { seconds });
      const b2 = await rate(shared.url, era, { seconds });
      const a2 = await rate(plain.url, era, { seconds });
      const avg = (x, y) => (x.failed || y.failed ? x.failed ? x : y : { requestsPerSecond: (x.requestsPerSecond + y.requestsPerSecond) / 2 });
      const without = avg(a1, a2);
      const withRedis = avg(b1, b2);
      const ratio = without.requestsPerSecond && withRedis.requestsPerSecond ? `${((withRedis.requestsPerSecond / without.requestsPerSecond) * 100).toFixed(1)}%` : "-";
      rows.push([`${era} tools/call c=32`, cell(without), cell(withRedis), ratio]);
    }
    table("Scale-out: one instance, Redis not configured vs configured (req/s, mean of two runs each)", ["row", "no Redis", "with Redis", "with/without"], rows);
    plain.child.kill("SIGTERM");
    shared.child.kill("SIGTERM");

    const three = await Promise.all([0, 1, 2].map(() => startInstance(script, redisUrl)));
    const one = await startNginx([three[0].port]);
    const all = await startNginx(three.map((i) => i.port));
    const viaOne = await rate(one.url, "modern", { seconds });
    const viaAll = await rate(all.url, "modern", { seconds });
    table(
      "Scale-out: modern tools/call c=32 through nginx, one upstream vs three (req/s; 2 cores shared by nginx, the instances and the load generator)",
      ["upstreams", "req/s"],
      [
        ["1", cell(viaOne)],
        ["3", cell(viaAll)],
      ],
    );
    one.stop();
    all.stop();
    for (const i of three) i.child.kill("SIGTERM");

    const a = await startInstance(notes, redisUrl);
    const b = await startInstance(notes, redisUrl);
    const remote = await fanOutLatencies(a.url, b.url, 300);
    const local = await fanOutLatencies(a.url, a.url, 300);
    table(
      "Scale-out: change notification latency, tool call sent → notifications/resources/updated received on a listen stream (ms, 300 samples)",
      ["path", "p50", "p99"],
      [
        ["A → B (via Redis pub/sub)", remote.p50.toFixed(2), remote.p99.toFixed(2)],
        ["A → A (same instance)", local.p50.toFixed(2), local.p99.toFixed(2)],
      ],
    );
  } finally {
    stopAll();
  }
}
