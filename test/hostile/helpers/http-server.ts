// Shared set-up for the HTTP hostile tests: a runtime server on 127.0.0.1 that records what it
// reports to onError, plus small raw-socket helpers.
import { connect, type Socket } from "node:net";
import { listenHttp, type ListeningServer } from "../../../packages/runtime/src/http/node.js";
import type { ServerDefinition } from "../../../packages/runtime/src/server/definition.js";
import type { ServerOptions } from "../../../packages/runtime/src/server/options.js";
import { createMcpServer, type McpServer } from "../../../packages/runtime/src/server/server.js";

export interface HostileServer {
  mcp: McpServer;
  listening: ListeningServer;
  url: string;
  errors: unknown[];
  close(): Promise<void>;
}

export async function startHostileServer(
  definition: ServerDefinition,
  options: ServerOptions = {},
  listen: Parameters<typeof listenHttp>[1] = {},
): Promise<HostileServer> {
  const errors: unknown[] = [];
  const mcp = createMcpServer(definition, { ...options, onError: (error) => errors.push(error) });
  const listening = await listenHttp(mcp, { port: 0, host: "127.0.0.1", ...listen });
  return { mcp, listening, url: listening.url, errors, close: () => listening.close() };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every 20 ms until it holds or `timeoutMs` passed; returns whether it held. */
export async function eventually(check: () => boolean, timeoutMs = 2000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (check()) return true;
    await sleep(20);
  }
  return check();
}

/** Opens a raw TCP socket to the server (optionally from another loopback address). */
export function rawSocket(port: number, localAddress?: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: "127.0.0.1", localAddress }, () => resolve(socket));
    socket.on("error", reject);
  });
}

export const LEGACY_INIT = JSON.stringify({
  jsonrpc: "2.0",
  id: 0,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "hostile", version: "1" } },
});
