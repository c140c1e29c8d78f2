// HTTP rows: open legacy sessions, check one answer, then drive load with autocannon 8.
import autocannon from "autocannon";
import { assertAnswer, messageFromBody } from "./check.js";
import { INITIALIZED_NOTIFICATION, LEGACY, initializeHeaders, initializeMessage, legacyHeaders, legacyMessage, modernHeaders, modernMessage } from "./requests.js";

async function post(url, headers, message) {
  const response = await fetch(url, { method: "POST", headers, body: JSON.stringify(message), signal: AbortSignal.timeout(15_000) });
  const text = await response.text();
  return { response, text };
}

/** Legacy handshake over HTTP: initialize, read Mcp-Session-Id, send notifications/initialized. */
export async function openLegacySession(url) {
  const { response, text } = await post(url, initializeHeaders(), initializeMessage());
  const sessionId = response.headers.get("mcp-session-id");
  if (!response.ok || sessionId === null) throw new Error(`initialize at ${url}: HTTP ${response.status}, no session id; ${text.slice(0, 200)}`);
  const init = messageFromBody(response.headers.get("content-type"), text);
  if (init.result?.protocolVersion !== LEGACY) throw new Error(`initialize at ${url} negotiated ${JSON.stringify(init.result?.protocolVersion)}`);
  const ack = await post(url, legacyHeaders(sessionId), INITIALIZED_NOTIFICATION);
  if (ack.response.status !== 202) throw new Error(`notifications/initialized at ${url}: HTTP ${ack.response.status}`);
  return sessionId;
}

/** Ends a legacy session (DELETE, S25:basic/transports § Session Management) so cells do not pile up state. */
export async function closeLegacySession(url, sessionId) {
  const response = await fetch(url, { method: "DELETE", headers: legacyHeaders(sessionId), signal: AbortSignal.timeout(15_000) }).catch(() => undefined);
  await response?.body?.cancel();
}

/**
 * One row's request plan. `sessions` (legacy only) gives each load connection its own session,
 * as 32 separate legacy clients would have; ids are unique per request because a legacy
 * session must not reuse an id and a modern sender must not reuse an in-flight one.
 */
export function planRow(era, operation, sessions = []) {
  const build = era === "modern" ? (id) => modernMessage(operation, id) : (id) => legacyMessage(operation, id);
  const headersFor = era === "modern" ? () => modernHeaders(operation) : (i) => legacyHeaders(sessions[i % sessions.length]);
  return { era, operation, build, headersFor };
}

/** Sends one request of the plan and throws unless the answer is correct. */
export async function verifyRow(url, plan) {
  const { response, text } = await post(url, plan.headersFor(0), plan.build(1));
  if (response.status !== 200) throw new Error(`${plan.era} ${plan.operation} at ${url}: HTTP ${response.status}: ${text.slice(0, 300)}`);
  assertAnswer(plan.operation, messageFromBody(response.headers.get("content-type"), text));
}

function autocannonOptions(url, plan, connections) {
  let nextId = 1;
  let nextConnection = 0;
  // The id goes last in the body text, so each request is one string concatenation.
  const [head, tail] = JSON.stringify(plan.build(0)).split('"id":0');
  return {
    url,
    connections,
    pipelining: 1,
    timeout: 10,
    requests: [
      {
        method: "POST",
        setupRequest(request, context) {
          if (context.headers === undefined) context.headers = plan.headersFor(nextConnection++);
          return { ...request, headers: context.headers, body: `${head}"id":${nextId++}${tail}` };
        },
      },
    ],
  };
}

function summarize(result) {
  return {
    requestsPerSecond: result.requests.total / (result.duration || 1),
    total: result.requests.total,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/**
 * Warm-up, then a fixed-duration measured run. `serverCpu` (optional) reads the server process's
 * CPU seconds (processes.js); the result then carries `cpuMicrosPerRequest`, which a busy machine
 * distorts far less than req/s (the server's own work, user + system, all threads incl. GC).
 */
export async function measureThroughput(url, plan, { connections, seconds, warmupSeconds, serverCpu }) {
  if (warmupSeconds > 0) await autocannon({ ...autocannonOptions(url, plan, connections), duration: warmupSeconds });
  const cpuBefore = serverCpu?.();
  const result = summarize(await autocannon({ ...autocannonOptions(url, plan, connections), duration: seconds }));
  const cpuAfter = serverCpu?.();
  if (cpuBefore !== undefined && cpuAfter !== undefined && result.total > 0) result.cpuMicrosPerRequest = ((cpuAfter - cpuBefore) * 1e6) / result.total;
  return result;
}

/** Exactly `amount` requests (stopped early if it takes longer than `maxSeconds`). */
export async function sendAmount(url, plan, { connections, amount, maxSeconds }) {
  // autocannon ignores `duration` once `amount` is set, so the time bound is ours.
  const instance = autocannon({ ...autocannonOptions(url, plan, connections), amount });
  const watchdog = setTimeout(() => instance.stop(), maxSeconds * 1000);
  try {
    return summarize(await instance);
  } finally {
    clearTimeout(watchdog);
  }
}
