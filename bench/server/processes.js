// Starting, probing and stopping the server processes. Every server runs as its own process
// on 127.0.0.1; everything started here is tracked and stopped by stopAll(), also on errors.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";

const started = new Set();

/** Waits until `child` prints a stderr line matching `pattern`; rejects on exit or after `timeoutMs`. */
function waitForStderr(child, pattern, timeoutMs) {
  return new Promise((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => finish(new Error(`no ${pattern} from pid ${child.pid} within ${timeoutMs} ms; stderr: ${seen.slice(-500)}`)), timeoutMs);
    const onData = (chunk) => {
      seen += chunk;
      const match = seen.match(pattern);
      if (match) finish(undefined, match);
    };
    const onExit = (code) => finish(new Error(`pid ${child.pid} exited (${code}) before ${pattern}; stderr: ${seen.slice(-500)}`));
    function finish(error, match) {
      clearTimeout(timer);
      child.stderr.off("data", onData);
      child.off("exit", onExit);
      if (error) reject(error);
      else resolve(match);
    }
    child.stderr.on("data", onData);
    child.once("exit", onExit);
  });
}

function track(child) {
  started.add(child);
  child.once("exit", () => started.delete(child));
  child.stderr.setEncoding("utf8");
  return child;
}

/** Spawns `node <script> --port 0 --report-rss` and resolves once it prints its URL. */
export async function startHttpServer(script) {
  const child = track(spawn(process.execPath, [script, "--port", "0", "--report-rss"], { stdio: ["ignore", "ignore", "pipe"] }));
  const [, url] = await waitForStderr(child, /listening (\S+)/, 30_000);
  return {
    url,
    pid: child.pid,
    /** The server's own RSS in bytes, read through the --report-rss SIGUSR2 side channel. */
    async rss() {
      const reply = waitForStderr(child, /rss (\d+)/, 5_000);
      child.kill("SIGUSR2");
      const [, bytes] = await reply;
      return Number(bytes);
    },
    /** CPU seconds (user + system, every thread) the server used so far; undefined off Linux. */
    cpuSeconds: () => cpuSecondsOf(child.pid),
    stop: () => stopChild(child),
  };
}

/** utime + stime of a process from /proc/<pid>/stat (fields 14 and 15, in clock ticks of 1/100 s). */
export function cpuSecondsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/** Spawns `node <script> --stdio`; stdin/stdout are the MCP pipe. */
export function startStdioServer(script, extraArgs = []) {
  const child = track(spawn(process.execPath, [script, "--stdio", ...extraArgs], { stdio: ["pipe", "pipe", "pipe"] }));
  child.stderr.resume();
  return child;
}

/** Closes stdin, then SIGTERM, then SIGKILL: the stdio shutdown order (S26:basic/transports/stdio § Shutdown). */
export function stopChild(child, graceMs = 2_000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killTimer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    child.once("exit", () => {
      clearTimeout(killTimer);
      resolve();
    });
    child.stdin?.end();
    child.kill("SIGTERM");
  });
}

export async function stopAll() {
  await Promise.all([...started].map((child) => stopChild(child)));
}

/** A port free on 127.0.0.1 right now (for servers whose port must be known before they start). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
