#!/usr/bin/env node
// Profiles one server under one HTTP row: `node bench/server/profile.js [generated|sdk|ceiling]
// [modern|legacy] [tools/call|tools/list] [seconds]`. Runs the server with --cpu-prof
// (profile written to bench/results/profiles/), drives 8 connections for `seconds`, stops it,
// and prints the functions with the most self time (by sample count) and their share.
import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { openLegacySession, planRow, verifyRow, measureThroughput } from "./http-load.js";

const HERE = dirname(fileURLToPath(import.meta.url));
const SCRIPTS = { generated: "start-generated.js", sdk: "sdk-server.js", ceiling: "ceiling-server.js" };
const [which = "generated", era = "modern", operation = "tools/call", secondsText = "5"] = process.argv.slice(2);
const dir = join(HERE, "..", "results", "profiles", `${which}-${era}-${operation.replace("/", "-")}`);
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });

const child = spawn(process.execPath, ["--cpu-prof", `--cpu-prof-dir=${dir}`, join(HERE, SCRIPTS[which]), "--port", "0"], { stdio: ["ignore", "ignore", "pipe"] });
child.stderr.setEncoding("utf8");
const url = await new Promise((resolve, reject) => {
  let seen = "";
  child.stderr.on("data", (chunk) => {
    seen += chunk;
    const match = seen.match(/listening (\S+)/);
    if (match) resolve(match[1]);
  });
  child.once("exit", (code) => reject(new Error(`server exited ${code}: ${seen}`)));
});
const exited = new Promise((resolve) => child.once("exit", resolve));
try {
  const sessions = era === "legacy" ? await Promise.all(Array.from({ length: 8 }, () => openLegacySession(url))) : [];
  const plan = planRow(era, operation, sessions);
  await verifyRow(url, plan);
  const result = await measureThroughput(url, plan, { connections: 8, seconds: Number(secondsText), warmupSeconds: 0 });
  console.log(`${which} ${era} ${operation}: ${result.requestsPerSecond.toFixed(0)} req/s under --cpu-prof`);
} finally {
  child.kill("SIGINT");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
}

const file = readdirSync(dir).find((f) => f.endsWith(".cpuprofile"));
if (file === undefined) throw new Error(`no .cpuprofile in ${dir}`);
const profile = JSON.parse(readFileSync(join(dir, file), "utf8"));
const selfSamples = new Map();
for (const id of profile.samples) selfSamples.set(id, (selfSamples.get(id) ?? 0) + 1);
const byFunction = new Map();
for (const node of profile.nodes) {
  const { functionName, url: source, lineNumber } = node.callFrame;
  const key = `${functionName || "(anonymous)"} ${source.replace(/^file:\/\/.*?\/(node_modules|packages|bench)\//, "$1/")}:${lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + (selfSamples.get(node.id) ?? 0));
}
const total = profile.samples.length;
console.log(`profile: ${join(dir, file)} (${total} samples)\nself%   function`);
for (const [key, count] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${((100 * count) / total).toFixed(1).padStart(5)}%  ${key}`);
