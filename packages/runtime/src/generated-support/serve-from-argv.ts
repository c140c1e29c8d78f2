// The start-up most generated servers want: `--stdio`, or HTTP with `--port N [--host H]`.
import { listenHttp, type ListeningServer } from "../http/node.js";
import type { McpServer } from "../server/server.js";
import { serveStdio } from "../stdio/stdio.js";

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

/**
 * Serves `server` as the command line says: `--stdio` (newline-delimited JSON on stdin/stdout),
 * or Streamable HTTP on `--host` (default 127.0.0.1) `--port` (default 3000) at `--path` (default /mcp).
 * On HTTP it prints one line `listening <url>` to stderr, so scripts can wait for it.
 */
export async function serveFromArgv(server: McpServer, argv: readonly string[] = process.argv.slice(2)): Promise<ServeFromArgvResult> {
  if (argv.includes("--stdio")) {
    const connection = serveStdio(server);
    void connection.closed.then(() => server.close());
    return { transport: "stdio" };
  }
  const portText = option(argv, "--port") ?? process.env.PORT ?? "3000";
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a port number, got '${portText}'`);
  const http = await listenHttp(server, { port, host: option(argv, "--host") ?? "127.0.0.1", path: option(argv, "--path") ?? "/mcp" });
  process.stderr.write(`listening ${http.url}\n`);
  const stop = () => void http.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  return { transport: "http", http };
}
