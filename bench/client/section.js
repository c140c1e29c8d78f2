// `npm run bench -- client`: round trips per second of the GENERATED notes client against the
// generated notes server, next to the official @modelcontextprotocol/client 2.4.0 against the
// same server process, sequential `tools/call list_notes`, over HTTP on both eras.
// Options: BENCH_CLIENT_CALLS (default 3000 per measurement), `--quick` (300).
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { median, table } from "../report.js";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, "..", "..");

function startNotesServer() {
  const child = spawn(process.execPath, [join(ROOT, "examples/notes/start.js"), "--port", "0"], { stdio: ["ignore", "ignore", "pipe"] });
  return new Promise((resolve, reject) => {
    let seen = "";
    child.stderr.on("data", (chunk) => {
      seen += chunk;
      const match = /listening (\S+)/.exec(seen);
      if (match) resolve({ url: match[1], stop: () => child.kill() });
    });
    child.once("exit", (code) => reject(new Error(`notes server exited ${code}: ${seen}`)));
  });
}

async function rate(calls, call) {
  for (let i = 0; i < Math.min(200, calls); i++) await call();
  const start = performance.now();
  for (let i = 0; i < calls; i++) await call();
  return calls / ((performance.now() - start) / 1000);
}

export async function clientSection(argv = process.argv.slice(2)) {
  const calls = argv.includes("--quick") ? 300 : Number(process.env.BENCH_CLIENT_CALLS ?? 3000);
  const notes = await import(pathToFileURL(join(ROOT, "examples/notes/generated/dist/index.js")).href);
  const { createHttpTransport } = await import("@mcp-gen/runtime/client");
  const { Client, StreamableHTTPClientTransport } = await import("@modelcontextprotocol/client");
  const server = await startNotesServer();
  const rows = [];
  try {
    for (const protocol of ["2026-07-28", "2025-11-25"]) {
      const ours = await notes.connect({ transport: createHttpTransport({ url: server.url }), clientInfo: { name: "bench", version: "1" }, protocol });
      const official = new Client({ name: "bench", version: "1" }, protocol === "2026-07-28" ? { versionNegotiation: { mode: { pin: "2026-07-28" } } } : {});
      await official.connect(new StreamableHTTPClientTransport(new URL(server.url)));
      // Both must really work before they are timed.
      const check = await ours.tools.listNotes({});
      if (!Array.isArray(check.structured?.notes)) throw new Error("generated client: list_notes gave no notes array");
      const sdkCheck = await official.callTool({ name: "list_notes", arguments: {} });
      if (!Array.isArray(sdkCheck.structuredContent?.notes)) throw new Error("SDK client: list_notes gave no notes array");
      // Alternate three blocks each so background load hits both alike; report the medians.
      const oursRates = [];
      const sdkRates = [];
      for (let block = 0; block < 3; block++) {
        oursRates.push(await rate(calls, () => ours.tools.listNotes({})));
        sdkRates.push(await rate(calls, () => official.callTool({ name: "list_notes", arguments: {} })));
      }
      const a = median(oursRates);
      const b = median(sdkRates);
      rows.push([`HTTP ${protocol}`, a.toFixed(0), b.toFixed(0), `${(a / b).toFixed(2)}x`]);
      await ours.close();
      await official.close();
    }
  } finally {
    server.stop();
  }
  table(
    `Client: sequential tools/call round trips per second against the generated notes server (${calls} calls per block, median of 3)`,
    ["transport / era", "generated client", "official SDK client", "generated / SDK"],
    rows,
  );
}
