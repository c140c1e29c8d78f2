// The auth section's load driver: short bursts of autocannon against one server, each request
// carrying the Authorization header `authorizationFor(n)` for the n-th request of the mode (so
// the fresh-token row can cycle through its tokens across bursts without ever restarting).
import autocannon from "autocannon";

/** A driver for `url`: `burst(seconds)` sends load and returns what that burst measured. */
export function createBurstDriver(url, plan, authorizationFor, { connections, serverCpu }) {
  let sent = 0;
  let nextId = 1;
  // The id goes last in the body text, so each request is one string concatenation.
  const [head, tail] = JSON.stringify(plan.build(0)).split('"id":0');
  const base = plan.headersFor(0);
  return {
    async burst(seconds) {
      const cpuBefore = serverCpu();
      const result = await autocannon({
        url,
        connections,
        pipelining: 1,
        timeout: 10,
        duration: seconds,
        requests: [
          {
            method: "POST",
            setupRequest(request) {
              return { ...request, headers: { ...base, authorization: authorizationFor(sent++) }, body: `${head}"id":${nextId++}${tail}` };
            },
          },
        ],
      });
      const cpuAfter = serverCpu();
      return {
        total: result.requests.total,
        duration: result.duration || seconds,
        latencyP50Ms: result.latency.p50,
        latencyP99Ms: result.latency.p99,
        failures: result.non2xx + result.errors,
        cpuSeconds: cpuBefore !== undefined && cpuAfter !== undefined ? cpuAfter - cpuBefore : undefined,
      };
    },
  };
}

/** Sums bursts: req/s over all of them, server CPU µs per request, the median burst's latencies. */
export function combineBursts(bursts) {
  const total = bursts.reduce((sum, b) => sum + b.total, 0);
  const duration = bursts.reduce((sum, b) => sum + b.duration, 0);
  const cpu = bursts.every((b) => b.cpuSeconds !== undefined) ? bursts.reduce((sum, b) => sum + b.cpuSeconds, 0) : undefined;
  const middle = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return {
    total,
    requestsPerSecond: total / duration,
    latencyP50Ms: middle(bursts.map((b) => b.latencyP50Ms)),
    latencyP99Ms: middle(bursts.map((b) => b.latencyP99Ms)),
    failures: bursts.reduce((sum, b) => sum + b.failures, 0),
    cpuMicrosPerRequest: cpu !== undefined && total > 0 ? (cpu * 1e6) / total : undefined,
  };
}
