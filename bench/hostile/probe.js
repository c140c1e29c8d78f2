// The hostile probe server as a child process, and raw wire helpers for it. Everything runs
// on 127.0.0.1; every child started here is stopped by the section, also on errors.
import { spawn } from "node:child_process";
import { request } from "node:http";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const HERE = dirname(fileURLToPath(import.meta.url));
export const START = join(HERE, "start.js");
export const MODERN = "2026-07-28";
export const LEGACY = "2025-11-25";
export const ENVELOPE = {
  "io.modelcontextprotocol/protocolVersion": MODERN,
  "io.modelcontextprotocol/clientCapabilities": {},
  "io.modelcontextprotocol/clientInfo": { name: "mcp-gen-hostile-bench", version: "1.0.0" },
};

const children = new Set();

/** Waits for a stderr line matching `pattern` (rejects on exit or timeout). */
function waitFor(child, pattern, timeoutMs) {
  return new Promise((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => done(new Error(`no ${pattern} within ${timeoutMs} ms: ${seen.slice(-300)}`)), timeoutMs);
    const onData = (chunk) => {
      seen += chunk;
      const match = seen.match(pattern);
      if (match) done(undefined, match);
    };
    const onExit = (code) => done(new Error(`probe exited (${code}) before ${pattern}: ${seen.slice(-300)}`));
    function done(error, match) {
      clearTimeout(timer);
      child.stderr.off("data", onData);
      child.off("exit", onExit);
      error ? reject(error) : resolve(match);
    }
    child.stderr.on("data", onData);
    child.once("exit", onExit);
  });
}

function spawnProbe(args, { fdLimit } = {}) {
  const node = [process.execPath, "--expose-gc", START, ...args];
  const child = fdLimit
    ? spawn("bash", ["-c", `ulimit -n ${fdLimit} && exec "$@"`, "probe", ...node], { stdio: ["pipe", "pipe", "pipe"] })
    : spawn(node[0], node.slice(1), { stdio: ["pipe", "pipe", "pipe"] });
  children.add(child);
  // The probe may close its pipes first (that is what some vectors test); never crash the bench on it.
  child.stdin.on("error", () => {});
  child.stdout.on("error", () => {});
  child.stderr.setEncoding("utf8");
  child.exitInfo = new Promise((resolve) => child.once("exit", (code, signal) => (children.delete(child), resolve({ code, signal }))));
  child.stderrText = "";
  child.stderr.on("data", (chunk) => (child.stderrText += chunk));
  return child;
}

/** Starts the probe on HTTP; resolves `{ url, port, child, report(), alive() }`. */
export async function startHttpProbe(options) {
  const child = spawnProbe(["--port", "0"], options);
  const [, url] = await waitFor(child, /listening (\S+)/, 30_000);
  return {
    url,
    port: Number(new URL(url).port),
    child,
    /** `{ eld, rss, heap }`: the longest event-loop stall since the last report (ms), memory after GC. */
    async report() {
      const line = waitFor(child, /probe eld=([\d.]+) rss=(\d+) heap=(\d+)/, 10_000);
      child.kill("SIGUSR2");
      const [, eld, rss, heap] = await line;
      return { eld: Number(eld), rss: Number(rss), heap: Number(heap) };
    },
    alive: () => child.exitCode === null && child.signalCode === null,
  };
}

/** Starts the probe on stdio. */
export function startStdioProbe() {
  return spawnProbe(["--stdio"]);
}

export function stopAllProbes() {
  for (const child of children) child.kill("SIGKILL");
}

/** One raw HTTP exchange; never throws (an error becomes `{ status: 0, error }`). */
export function exchange(port, { method = "POST", headers = {}, body, localAddress, timeoutMs = 60_000, path = "/mcp" }) {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = request({ host: "127.0.0.1", port, path, method, headers, localAddress, agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, text, ms: performance.now() - started }));
      res.on("error", (error) => resolve({ status: res.statusCode, text, error, ms: performance.now() - started }));
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error("timeout")));
    req.on("error", (error) => resolve({ status: 0, text: "", error, ms: performance.now() - started }));
    req.end(body);
  });
}

const BASE = { "content-type": "application/json", accept: "application/json, text/event-stream" };

/** A 2026-07-28 request: envelope in `_meta`, standard headers. */
export function modernRequest(method, params = {}, { id = 1, meta = {} } = {}) {
  const headers = { ...BASE, "mcp-protocol-version": MODERN, "mcp-method": method };
  if (method === "tools/call") headers["mcp-name"] = params.name;
  if (method === "resources/read") headers["mcp-name"] = params.uri;
  return { headers, body: JSON.stringify({ jsonrpc: "2.0", id, method, params: { ...params, _meta: { ...ENVELOPE, ...meta } } }) };
}

/** Opens a 2025-11-25 session; resolves its id (undefined when refused) and the initialize status. */
export async function openLegacySession(port, localAddress) {
  const init = await exchange(port, {
    headers: BASE,
    localAddress,
    body: JSON.stringify({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: "hostile", version: "1" } } }),
  });
  const sessionId = init.headers?.["mcp-session-id"];
  if (sessionId !== undefined) {
    await exchange(port, { headers: legacyHeaders(sessionId), localAddress, body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) });
  }
  return { sessionId, status: init.status };
}

export function legacyHeaders(sessionId) {
  return { ...BASE, "mcp-protocol-version": LEGACY, "mcp-session-id": sessionId };
}

/** The JSON-RPC message of a response body (plain JSON or the last SSE `data:` line). */
export function messageOf(response) {
  const text = response.text ?? "";
  const data = text.split("\n").filter((l) => l.startsWith("data:")).map((l) => l.slice(5).trim()).filter(Boolean);
  const candidates = data.length > 0 ? data : [text];
  for (const candidate of candidates.reverse()) {
    try {
      const message = JSON.parse(candidate);
      if (message.id !== undefined) return message;
    } catch {}
  }
  return undefined;
}

export const MiB = 1024 * 1024;
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
