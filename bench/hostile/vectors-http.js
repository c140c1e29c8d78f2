// HTTP vectors of issue 21 that are about state, memory and sockets rather than CPU.
import { connect } from "node:net";
import { exchange, legacyHeaders, MiB, messageOf, modernRequest, openLegacySession, sleep, startHttpProbe } from "./probe.js";

/** #1: progress and log after the JSON answer went out; 4 calls per era on one probe. */
export async function lateWriteRow() {
  const probe = await startHttpProbe();
  let survived = 0;
  for (let i = 0; i < 4; i++) {
    const { headers, body } = modernRequest("tools/call", { name: "late_progress", arguments: {} }, { id: i + 1, meta: { progressToken: `p${i}` } });
    await exchange(probe.port, { headers, body });
    await sleep(100);
    if (probe.alive()) survived++;
  }
  const { sessionId } = probe.alive() ? await openLegacySession(probe.port) : {};
  for (let i = 0; i < 4 && sessionId; i++) {
    const body = JSON.stringify({ jsonrpc: "2.0", id: 10 + i, method: "tools/call", params: { name: "late_progress", arguments: {}, _meta: { progressToken: `l${i}` } } });
    await exchange(probe.port, { headers: legacyHeaders(sessionId), body });
    await sleep(100);
    if (probe.alive()) survived++;
  }
  probe.child.kill();
  return ["#1", "ctx.progress()/log() after the answer (4 calls × 2 eras)", "process exits (4/4 runs)", `${survived}/8 calls survived`, "8/8", survived === 8 ? "yes" : "NO"];
}

/** #5: a listen stream whose client never reads, while the server sends 2,000,000 notifications. */
export async function slowConsumerRow() {
  const probe = await startHttpProbe();
  const idle = (await probe.report()).rss;
  const socket = connect(probe.port, "127.0.0.1");
  await new Promise((resolve) => socket.once("connect", resolve));
  const listen = modernRequest("subscriptions/listen", { notifications: { resourceSubscriptions: ["probe://big"] } }, { id: 99 });
  socket.write(`POST /mcp HTTP/1.1\r\nhost: 127.0.0.1:${probe.port}\r\n${Object.entries(listen.headers).map(([k, v]) => `${k}: ${v}\r\n`).join("")}content-length: ${Buffer.byteLength(listen.body)}\r\n\r\n${listen.body}`);
  socket.pause(); // never read again
  await sleep(300);
  const flood = modernRequest("tools/call", { name: "flood", arguments: { count: 2_000_000 } }, { id: 100 });
  const answer = await exchange(probe.port, { ...flood, timeoutMs: 180_000 });
  await sleep(500);
  const after = (await probe.report()).rss;
  socket.destroy();
  probe.child.kill();
  const ok = after < 2 * idle && messageOf(answer)?.result !== undefined;
  return ["#5", "listen stream never read, 2,000,000 notifications (~340 MB)", "60 → 1,189 MiB (1 GB sent)", `RSS ${(idle / MiB).toFixed(0)} → ${(after / MiB).toFixed(0)} MiB`, "< 2× idle", ok ? "yes" : "NO"];
}

/** #6: 10,000 initialize from 127.0.0.1, then a new client from 127.0.0.2. */
export async function initializeFloodRow() {
  const probe = await startHttpProbe();
  const started = performance.now();
  let refusedSameIp = 0;
  for (let batch = 0; batch < 10_000 / 50; batch++) {
    const results = await Promise.all(Array.from({ length: 50 }, () => openLegacySession(probe.port, "127.0.0.1")));
    refusedSameIp += results.filter((r) => r.sessionId === undefined).length;
  }
  const seconds = (performance.now() - started) / 1000;
  const other = await openLegacySession(probe.port, "127.0.0.2");
  probe.child.kill();
  const ok = other.sessionId !== undefined;
  return ["#6", `10,000 initialize from one IP (${seconds.toFixed(1)} s), then another IP`, "every new client 503 for up to 30 min", `other IP: HTTP ${other.status}${ok ? " + session" : ""}; flooding IP refused ${refusedSameIp}×`, "other IP served", ok ? "yes" : "NO"];
}

/** #9: 10,000 calls whose handler never settles, each abandoned by its client; heap after GC. */
export async function abandonedCallsRow() {
  const probe = await startHttpProbe();
  const before = (await probe.report()).heap;
  const pad = "x".repeat(8 * 1024);
  for (let batch = 0; batch < 10_000 / 100; batch++) {
    await Promise.all(
      Array.from({ length: 100 }, (_, i) => {
        const { headers, body } = modernRequest("tools/call", { name: "hang", arguments: { pad } }, { id: batch * 100 + i });
        return exchange(probe.port, { headers, body, timeoutMs: 50 });
      }),
    );
  }
  await sleep(1_000);
  const after = (await probe.report()).heap;
  probe.child.kill();
  const retained = (after - before) / MiB;
  return ["#9", "10,000 abandoned never-settling calls (8 KiB arguments each)", "10.3 KiB per call, never freed (~100 MiB)", `${retained.toFixed(1)} MiB retained after GC`, "< 5 MiB", retained < 5 ? "yes" : "NO"];
}

/** #11: 1,030 idle sockets against a probe limited to 1,024 fds, then one normal request. */
export async function idleSocketsRow() {
  const probe = await startHttpProbe({ fdLimit: 1024 });
  const sockets = [];
  for (let i = 0; i < 1_030; i++) {
    const socket = connect(probe.port, "127.0.0.1");
    socket.on("error", () => {});
    sockets.push(socket);
  }
  await sleep(1_000);
  const { headers, body } = modernRequest("tools/call", { name: "echo", arguments: { text: "hi" } });
  const normal = await exchange(probe.port, { headers, body, timeoutMs: 30_000 });
  for (const socket of sockets) socket.destroy();
  probe.child.kill();
  const ok = normal.status === 200;
  return ["#11", "1,030 idle sockets (server fd limit 1,024), then a normal call", "normal calls fail for 86 s", ok ? `answered in ${normal.ms.toFixed(0)} ms` : `failed (${normal.error?.message ?? normal.status}) after ${normal.ms.toFixed(0)} ms`, "answered", ok ? "yes" : "NO"];
}

/** #11: headers sent at 1 byte/s: how long does the server keep the socket? (capped at 100 s) */
export async function slowHeadersRow() {
  const probe = await startHttpProbe();
  const socket = connect(probe.port, "127.0.0.1");
  socket.on("error", () => {});
  const started = performance.now();
  const closed = new Promise((resolve) => socket.once("close", resolve));
  const line = "POST /mcp HTTP/1.1\r\nx-slow: " + "a".repeat(500);
  let i = 0;
  const timer = setInterval(() => socket.writable && socket.write(line[i++ % line.length]), 1_000);
  await Promise.race([closed, sleep(100_000)]);
  clearInterval(timer);
  const held = (performance.now() - started) / 1000;
  socket.destroy();
  probe.child.kill();
  return ["#11", "request headers at 1 byte/s", "held 90 s", held >= 100 ? "held ≥ 100 s (cap)" : `closed after ${held.toFixed(1)} s`, "≤ 30 s", held <= 30 ? "yes" : "NO"];
}

/** #8 and #12: answers that must not leak or accept. */
export async function smallRows() {
  const probe = await startHttpProbe();
  const rows = [];
  const leak = modernRequest("tools/call", { name: "leak", arguments: {} });
  const leaked = (await exchange(probe.port, leak)).text.includes("hunter2");
  rows.push(["#8", "handler error holding a password", "message sent verbatim", leaked ? "secret in the response" : "generic text, details to onError", "no secret", leaked ? "NO" : "yes"]);
  const echo = modernRequest("tools/call", { name: "echo", arguments: { text: "hi" } });
  const host = await exchange(probe.port, { ...echo, headers: { ...echo.headers, host: "localhost:1@evil.com" } });
  rows.push(["#12", "Host: localhost:1@evil.com", "accepted", `HTTP ${host.status}`, "refused (4xx)", host.status >= 400 && host.status < 500 ? "yes" : "NO"]);
  const media = await exchange(probe.port, { ...echo, headers: { ...echo.headers, "content-type": "text/plain; charset=application/json" } });
  rows.push(["#12", "Content-Type: text/plain; charset=application/json", "accepted", `HTTP ${media.status}`, "415", media.status === 415 ? "yes" : "NO"]);
  probe.child.kill();
  return rows;
}
