// `npm run bench -- auth`: tools/call with JWT verification off, on with the same token on every
// request (what a client does during a token's lifetime: the verified-token cache answers), and
// on with a fresh token per request (every request a cache miss: a full RS256 check), side by
// side. Each mode is its own server process, all three started at once; the issuer (metadata +
// JWKS, a real RS256 key) runs in this one. The modes are measured in interleaved short bursts
// (each round in another of the six orders), so a shift in the shared machine's load falls on
// all three alike instead of on whichever ran during it. Goal (issue 11): under 10% cost per request for
// the same-token row.
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { planRow, verifyRow } from "../server/http-load.js";
import { combineBursts, createBurstDriver } from "./load.js";
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

/** Server cache size in the fresh-token row, and how many distinct tokens it cycles through (> the cache). */
const FRESH_CACHE = 500;
const FRESH_TOKENS = 1_000;

const MODES = {
  off: { label: "off", args: () => [] },
  on: { label: "on, same token (cache hit)", args: (issuer, resource) => ["--issuer", issuer, "--resource", resource] },
  fresh: { label: "on, fresh token per request (cache miss)", args: (issuer, resource) => ["--issuer", issuer, "--resource", resource, "--cache-size", String(FRESH_CACHE)] },
};

/** Every order of the three modes, one per round: no mode always runs first, last or after another. */
const ORDERS = [
  ["off", "on", "fresh"],
  ["fresh", "off", "on"],
  ["on", "fresh", "off"],
  ["off", "fresh", "on"],
  ["on", "off", "fresh"],
  ["fresh", "on", "off"],
];

export async function authSection({ connections = 32, rounds = 12, burstSeconds = 1, warmupSeconds = 1 } = {}) {
  const issuer = await startIssuer();
  const servers = [];
  const drivers = {};
  try {
    for (const mode of Object.keys(MODES)) {
      // A fixed port per mode so the resource id (the token's audience) is known before start.
      const port = 20_000 + Math.floor(Math.random() * 20_000);
      const resource = `http://127.0.0.1:${port}/mcp`;
      const server = await startServer(["--port", String(port), ...MODES[mode].args(issuer.issuer, resource)]);
      servers.push(server);
      const same = `Bearer ${await issuer.sign(resource)}`;
      const base = planRow("modern", "tools/call");
      // The same request bytes in every mode (the "off" server ignores the header), so the rows
      // isolate verification from the cost of parsing a longer request.
      const plan = { ...base, headersFor: (i) => ({ ...base.headersFor(i), authorization: same }) };
      await verifyRow(server.url, plan);
      let authorizationFor = () => same;
      if (mode === "fresh") {
        const tokens = [];
        for (let n = 0; n < FRESH_TOKENS; n++) tokens.push(`Bearer ${await issuer.sign(resource, `bench-user-${n}`)}`);
        authorizationFor = (n) => tokens[n % FRESH_TOKENS];
      }
      drivers[mode] = createBurstDriver(server.url, plan, authorizationFor, { connections, serverCpu: server.cpuSeconds });
      await drivers[mode].burst(warmupSeconds);
    }
    const bursts = { off: [], on: [], fresh: [] };
    for (let round = 0; round < rounds; round++) {
      for (const mode of ORDERS[round % ORDERS.length]) bursts[mode].push(await drivers[mode].burst(burstSeconds));
    }
    const rows = Object.keys(MODES).map((mode) => ({ mode, ...combineBursts(bursts[mode]) }));
    for (const row of rows) if (row.failures > 0) throw new Error(`auth ${row.mode}: ${row.failures} non-2xx or failed requests`);
    const [off] = rows;
    const cost = (r, value) => (r.mode === "off" || value(r) === undefined || value(off) === undefined ? "—" : `${(value(r) * 100).toFixed(1)}%`);
    table(
      `Authorization: modern tools/call over HTTP, JWT verification off vs on (RS256; JWKS fetched ${issuer.jwksFetches()} time(s) in all); ${connections} connections, ${rounds} interleaved ${burstSeconds} s bursts per mode; fresh tokens: ${FRESH_TOKENS} cycled through a ${FRESH_CACHE}-entry cache`,
      ["verification", "req/s", "p50 ms", "p99 ms", "cost per request (req/s)", "server CPU µs/req", "cost per request (CPU)", "goal"],
      rows.map((r) => [
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
    return rows;
  } finally {
    for (const server of servers) server.stop();
    await issuer.close();
  }
}
