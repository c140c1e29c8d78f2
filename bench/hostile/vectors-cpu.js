// Vectors that try to hold the event loop: each request is sent alone and the probe reports its
// longest event-loop stall (monitorEventLoopDelay in the server process) around it.
import { exchange, messageOf, modernRequest } from "./probe.js";

const STALL_GOAL_MS = 50;

async function stall(probe, method, params) {
  await probe.report(); // resets the stall histogram
  const { headers, body } = modernRequest(method, params);
  const response = await exchange(probe.port, { headers, body, timeoutMs: 120_000 });
  const { eld } = await probe.report();
  const message = messageOf(response);
  const outcome = message?.error ? `error ${message.error.code}` : message?.result?.isError ? "isError" : message ? "result" : `HTTP ${response.status}`;
  return { eld, ms: response.ms, outcome };
}

const VECTORS = [
  { item: "#2", name: 'format url, "http://" + "@"×100,000 + "!"', before: "3.7 s", method: "tools/call", params: { name: "check_url", arguments: { u: `http://${"@".repeat(100_000)}!` } } },
  { item: "#2", name: 'format url, "http://" + "@"×200,000 + "!"', before: "15.7 s", method: "tools/call", params: { name: "check_url", arguments: { u: `http://${"@".repeat(200_000)}!` } } },
  { item: "#3", name: "pattern ^(a+)+$ behind maxLength 10, 31 chars", before: "6.9 s", method: "tools/call", params: { name: "check_pattern", arguments: { p: `${"a".repeat(30)}!` } } },
  { item: "#4", name: "template {a}-{b}-{c}, 3,000 '-'", before: "6 s", method: "resources/read", params: { uri: `probe://d/${"-".repeat(3_000)}/` } },
  { item: "#4", name: "template {+a}/{+b}/{+c}/{+d}, 1,000 '/'", before: "33 s", method: "resources/read", params: { uri: `probe://s/${"/".repeat(1_000)}<` } },
  { item: "#12", name: "arguments nested 3,000 levels", before: "-32603 (digest overflow)", method: "tools/call", params: { name: "any_shape", arguments: { deep: JSON.parse(`${"[".repeat(3_000)}${"]".repeat(3_000)}`) } } },
];

/** Rows: item, vector, before (issue 21), now, goal, met. */
export async function cpuRows(probe) {
  const rows = [];
  for (const vector of VECTORS) {
    const { eld, ms, outcome } = await stall(probe, vector.method, vector.params);
    rows.push([vector.item, vector.name, vector.before, `stall ${eld.toFixed(1)} ms, answered in ${ms.toFixed(0)} ms (${outcome})`, `stall < ${STALL_GOAL_MS} ms`, eld < STALL_GOAL_MS && probe.alive() ? "yes" : "NO"]);
  }
  return rows;
}
