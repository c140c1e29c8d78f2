// `npm run bench -- auth`: tools/call with JWT verification off, on with the same token on every
// request (what a client does during a token's lifetime: the verified-token cache answers), and
// on with a fresh token per request (every request a cache miss: a full RS256 check), side by
// side; the server runs in its own process, the issuer (metadata + JWKS, a real RS256 key) in
// this one. Goal (issue 11): under 10% cost per request for the same-token row.
import autocannon from "autocannon";
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { measureThroughput, planRow, verifyRow } from "../server/http-load.js";
import { cpuSecondsOf } from "../server/processes.js";
import { table } from "../report.js";

const HERE = dirname(fileURLToPath(import.meta.url));

async function startIssuer() {
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "bench", alg: "RS256", use: "sig" };
  let fetches = 0;
  const server = createServer((req, res) => {
    const body =
      req.url === "/.well-known/oauth-authorization-server" ? { issuer, jwks_uri: `${issuer}/jwks` } : req.url === "/jwks" ? (fetches++, { keys: [jwk] }) : undefined;
    res.writeHead(body ? 200 : 404, { "content-type": "application/json" }).end(JSON.stringify(body ?? {}));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${server.address().port}`;
  return {
    issuer,
    jwksFetches: () => fetches,
    sign: (audience, subject = "bench-user") =>
      new SignJWT({ scope: "bench", client_id: "bench" }).setProtectedHeader({ alg: "RS256", kid: "bench", typ: "at+jwt" }).setIssuer(issuer).setAudience(audience).setSubject(subject).setIssuedAt().setExpirationTime("1h").sign(privateKey),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

function startServer(args) {
  const child = spawn(process.execPath, [join(HERE, "server.js"), ...args], { stdio: ["ignore", "ignore", "pipe"] });
  return new Promise((resolve, reject) => {
    let err = "";
    child.stderr.on("data", (chunk) => {
      err += chunk;
      const match = /listening (\S+)/.exec(err);
      if (match) resolve({ url: match[1], cpuSeconds: () => cpuSecondsOf(child.pid), stop: () => child.kill() });
    });
    child.once("exit", (code) => reject(new Error(`bench auth server exited ${code}: ${err}`)));
  });
}

/**
 * The fresh-token row: the same plan, but request n carries token n mod `tokens.length`. With
 * more tokens than the server's cache holds, cycled in order, every request misses the cache.
 */
async function measureFreshTokens(url, plan, tokens, { connections, seconds, warmupSeconds, serverCpu }) {
  let next = 0;
  let nextId = 1;
  const [head, tail] = JSON.stringify(plan.build(0)).split('"id":0');
  const options = (duration) => ({
    url,
    connections,
    pipelining: 1,
    timeout: 10,
    duration,
    requests: [
      {
        method: "POST",
        setupRequest(request, context) {
          if (context.base === undefined) context.base = plan.headersFor(0);
          const headers = { ...context.base, authorization: `Bearer ${tokens[next++ % tokens.length]}` };
          return { ...request, headers, body: `${head}"id":${nextId++}${tail}` };
        },
      },
    ],
  });
  if (warmupSeconds > 0) await autocannon(options(warmupSeconds));
  const before = serverCpu();
  const result = await autocannon(options(seconds));
  const after = serverCpu();
  const total = result.requests.total;
  return {
    requestsPerSecond: total / (result.duration || 1),
    total,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    cpuMicrosPerRequest: total > 0 && before !== undefined && after !== undefined ? ((after - before) * 1e6) / total : undefined,
  };
}

/** Server cache size in the fresh-token row, and how many distinct tokens it cycles through (> the cache). */
const FRESH_CACHE = 500;
const FRESH_TOKENS = 1_000;

const MODES = {
  off: { label: "off", args: () => [] },
  on: { label: "on, same token (cache hit)", args: (issuer, resource) => ["--issuer", issuer, "--resource", resource] },
  fresh: { label: "on, fresh token per request (cache miss)", args: (issuer, resource) => ["--issuer", issuer, "--resource", resource, "--cache-size", String(FRESH_CACHE)] },
};

export async function authSection({ connections = 32, seconds = 5, warmupSeconds = 1 } = {}) {
  const issuer = await startIssuer();
  const rows = [];
  try {
    // A fixed port per mode so the resource id (the token's audience) is known before start.
    // Alternated, best of each: the machine is shared, a single pair is at the mercy of noise.
    for (const mode of ["off", "on", "fresh", "off", "on", "fresh"]) {
      const port = 20_000 + Math.floor(Math.random() * 20_000);
      const resource = `http://127.0.0.1:${port}/mcp`;
      const server = await startServer(["--port", String(port), ...MODES[mode].args(issuer.issuer, resource)]);
      try {
        const token = await issuer.sign(resource);
        const base = planRow("modern", "tools/call");
        // The same request bytes in every mode (the "off" server ignores the header), so the rows
        // isolate verification from the cost of parsing a longer request.
        const plan = { ...base, headersFor: (i) => ({ ...base.headersFor(i), authorization: `Bearer ${token}` }) };
        await verifyRow(server.url, plan);
        const measure = { connections, seconds, warmupSeconds, serverCpu: server.cpuSeconds };
        let result;
        if (mode === "fresh") {
          const tokens = [];
          for (let n = 0; n < FRESH_TOKENS; n++) tokens.push(await issuer.sign(resource, `bench-user-${n}`));
          result = await measureFreshTokens(server.url, plan, tokens, measure);
        } else {
          result = await measureThroughput(server.url, plan, measure);
        }
        if (result.non2xx > 0 || result.errors > 0) throw new Error(`auth ${mode}: ${result.non2xx} non-2xx, ${result.errors} errors`);
        rows.push({ mode, ...result });
      } finally {
        server.stop();
      }
    }
  } finally {
    await issuer.close();
  }
  const best = (mode) => rows.filter((r) => r.mode === mode).reduce((a, b) => (b.requestsPerSecond > a.requestsPerSecond ? b : a));
  const picked = [best("off"), best("on"), best("fresh")];
  const [off] = picked;
  const cost = (r, value) => (r.mode === "off" || value(r) === undefined || value(off) === undefined ? "—" : `${(value(r) * 100).toFixed(1)}%`);
  table(
    `Authorization: modern tools/call over HTTP, JWT verification off vs on (RS256; JWKS fetched ${issuer.jwksFetches()} time(s) in all); ${connections} connections, best of 2 alternated ${seconds} s runs; fresh tokens: ${FRESH_TOKENS} cycled through a ${FRESH_CACHE}-entry cache`,
    ["verification", "req/s", "p50 ms", "p99 ms", "cost per request (req/s)", "server CPU µs/req", "cost per request (CPU)", "goal"],
    picked.map((r) => [
      MODES[r.mode].label,
      r.requestsPerSecond.toFixed(0),
      r.latencyP50Ms,
      r.latencyP99Ms,
      cost(r, (x) => (off.requestsPerSecond - x.requestsPerSecond) / off.requestsPerSecond),
      r.cpuMicrosPerRequest === undefined ? "—" : r.cpuMicrosPerRequest.toFixed(1),
      cost(r, (x) => (x.cpuMicrosPerRequest === undefined ? undefined : x.cpuMicrosPerRequest / off.cpuMicrosPerRequest - 1)),
      r.mode === "on" ? "< 10%" : "",
    ]),
  );
  return picked;
}
