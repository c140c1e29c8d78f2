// The start-up most generated servers want: `--stdio`, or HTTP with `--port N [--host H]`.
import { listenHttp, type ListeningServer } from "../http/node.js";
import { sseTransportPaths } from "../http/sse-transport.js";
import type { McpServer } from "../server/server.js";
import { serveStdio } from "../stdio/stdio.js";

/** How long SIGTERM/SIGINT let in-flight requests finish, when neither --drain-ms nor MCP_GEN_DRAIN_MS says. */
export const DEFAULT_SIGNAL_DRAIN_MS = 10_000;

export interface ServeFromArgvResult {
  readonly transport: "stdio" | "http";
  readonly http?: ListeningServer;
}

function option(argv: readonly string[], name: string): string | undefined {
  const index = argv.indexOf(name);
  if (index >= 0) return argv[index + 1];
  const inline = argv.find((a) => a.startsWith(`${name}=`));
  return inline?.slice(name.length + 1);
}

function drainMsOf(argv: readonly string[]): number {
  const text = option(argv, "--drain-ms") ?? process.env.MCP_GEN_DRAIN_MS;
  if (text === undefined) return DEFAULT_SIGNAL_DRAIN_MS;
  const ms = Number(text);
  if (!Number.isInteger(ms) || ms < 0) throw new Error(`--drain-ms must be a whole number of milliseconds, got '${text}'`);
  return ms;
}

/**
 * On SIGTERM/SIGINT: drain (new work refused, listens ended with their close result, in-flight
 * requests given `drainMs`), then exit 0. A second signal exits at once.
 */
function exitOnSignal(stop: () => Promise<unknown>): void {
  let stopping = false;
  const onSignal = () => {
    if (stopping) process.exit(0);
    stopping = true;
    stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
}

/**
 * Serves `server` as the command line says: `--stdio` (newline-delimited JSON on stdin/stdout),
 * or Streamable HTTP on `--host` (default 127.0.0.1) `--port` (default 3000) at `--path` (default /mcp);
 * `--sse` (or the server's `sse` option) adds the 2024-11-05 HTTP+SSE transport at /sse (messages to /messages).
 * On HTTP it prints one line `listening <url>` to stderr, so scripts can wait for it.
 * SIGTERM/SIGINT drain gracefully for `--drain-ms` (env MCP_GEN_DRAIN_MS, default 10 s), then exit 0.
 */
export async function serveFromArgv(server: McpServer, argv: readonly string[] = process.argv.slice(2)): Promise<ServeFromArgvResult> {
  const drainMs = drainMsOf(argv);
  if (argv.includes("--stdio")) {
    const connection = serveStdio(server);
    // stdin closing: the connection settles once its in-flight lines are answered.
    void connection.closed.then(() => server.close());
    exitOnSignal(() => server.close({ drainMs }));
    return { transport: "stdio" };
  }
  const portText = option(argv, "--port") ?? process.env.PORT ?? "3000";
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a port number, got '${portText}'`);
  // --sse, or the server's own `sse` option (a manifest's `http.sse`): also the 2024-11-05
  // HTTP+SSE transport, GET /sse + POST /messages unless the option names paths (http/sse-transport.ts).
  const sse = argv.includes("--sse") ? true : server.options.sse;
  const ssePaths = sseTransportPaths(sse);
  const http = await listenHttp(server, { port, host: option(argv, "--host") ?? "127.0.0.1", path: option(argv, "--path") ?? "/mcp", ...(ssePaths ? { sse: ssePaths } : {}) });
  process.stderr.write(`listening ${http.url}\n`);
  if (ssePaths) process.stderr.write(`HTTP+SSE (2024-11-05) at ${new URL(ssePaths.path, http.url).href}\n`);
  exitOnSignal(() => http.close({ drainMs }));
  return { transport: "http", http };
}
