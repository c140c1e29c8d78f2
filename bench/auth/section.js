// `npm run bench -- auth`: tools/call with JWT verification on (keys cached after the first
// request) versus off, side by side; the server runs in its own process, the issuer (metadata +
// JWKS, a real RS256 key) in this one. Goal (issue 11): under 10% cost per request.
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
    sign: (audience) =>
      new SignJWT({ scope: "bench", client_id: "bench" }).setProtectedHeader({ alg: "RS256", kid: "bench", typ: "at+jwt" }).setIssuer(issuer).setAudience(audience).setSubject("bench-user").setIssuedAt().setExpirationTime("1h").sign(privateKey),
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

export async function authSection({ connections = 32, seconds = 5, warmupSeconds = 1 } = {}) {
  const issuer = await startIssuer();
  const rows = [];
  try {
    // A fixed port per mode so the resource id (the token's audience) is known before start.
    // Alternated, best of each: the machine is shared, a single pair is at the mercy of noise.
    for (const mode of ["off", "on", "off", "on"]) {
      const port = 20_000 + Math.floor(Math.random() * 20_000);
      const resource = `http://127.0.0.1:${port}/mcp`;
      const server = await startServer(mode === "on" ? ["--port", String(port), "--issuer", issuer.issuer, "--resource", resource] : ["--port", String(port)]);
      try {
        const token = await issuer.sign(resource);
        const base = planRow("modern", "tools/call");
        // The same request bytes in both modes (the "off" server ignores the header), so the row
        // isolates verification from the cost of parsing a longer request.
        const plan = { ...base, headersFor: (i) => ({ ...base.headersFor(i), authorization: `Bearer ${token}` }) };
        await verifyRow(server.url, plan);
        const result = await measureThroughput(server.url, plan, { connections, seconds, warmupSeconds, serverCpu: server.cpuSeconds });
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
  const picked = [best("off"), best("on")];
  const off = picked[0].requestsPerSecond;
  table(
    `Authorization: modern tools/call over HTTP, JWT verification off vs on (RS256, cached JWKS: ${issuer.jwksFetches()} fetch(es)); ${connections} connections, best of 2 alternated ${seconds} s runs`,
    ["verification", "req/s", "p50 ms", "p99 ms", "cost per request (req/s)", "server CPU µs/req", "cost per request (CPU)"],
    picked.map((r) => [
      r.mode,
      r.requestsPerSecond.toFixed(0),
      r.latencyP50Ms,
      r.latencyP99Ms,
      r.mode === "off" ? "—" : `${(((off - r.requestsPerSecond) / off) * 100).toFixed(1)}%`,
      r.cpuMicrosPerRequest === undefined ? "—" : r.cpuMicrosPerRequest.toFixed(1),
      r.mode === "off" || r.cpuMicrosPerRequest === undefined || picked[0].cpuMicrosPerRequest === undefined ? "—" : `${((r.cpuMicrosPerRequest / picked[0].cpuMicrosPerRequest - 1) * 100).toFixed(1)}%`,
    ]),
  );
  return picked;
}
