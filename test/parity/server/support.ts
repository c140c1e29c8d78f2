// Shared set-up of the server-parity tests: a hand-written definition served by the runtime on
// 127.0.0.1 (a free port), and the official SDK 2.4.0 client as the peer, on either era.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import type { ClientCapabilities } from "@modelcontextprotocol/client";
import { listenHttp, type ListeningServer } from "../../../packages/runtime/src/http/node.js";
import type { ServerDefinition } from "../../../packages/runtime/src/server/definition.js";
import type { ServerOptions } from "../../../packages/runtime/src/server/options.js";
import { createMcpServer, type McpServer } from "../../../packages/runtime/src/server/server.js";

export type Era = "modern" | "legacy";
export const MODERN = "2026-07-28";
export const LEGACY = "2025-11-25";

export interface Served {
  server: McpServer;
  url: URL;
  errors: unknown[];
  close(): Promise<void>;
}

export async function serve(definition: Omit<ServerDefinition, "serverInfo" | "revisions"> & Partial<ServerDefinition>, options: ServerOptions = {}): Promise<Served> {
  const errors: unknown[] = [];
  const server = createMcpServer(
    { serverInfo: { name: "parity", version: "1.0.0" }, revisions: [MODERN, LEGACY], ...definition },
    { ...options, onError: (error) => errors.push(error) },
  );
  const listening: ListeningServer = await listenHttp(server, { port: 0 });
  return {
    server,
    url: new URL(listening.url),
    errors,
    close: async () => {
      await listening.close();
    },
  };
}

export interface SdkPeer {
  client: Client;
  transport: StreamableHTTPClientTransport;
  close(): Promise<void>;
}

/** The SDK client on one era: legacy = plain initialize; modern = pinned 2026-07-28 (discover + envelope). */
export async function sdkClient(
  url: URL,
  era: Era,
  capabilities: ClientCapabilities = {},
  setup?: (client: Client) => void,
  headers?: Record<string, string>,
): Promise<SdkPeer> {
  const client = new Client(
    { name: "parity-peer", version: "1.0.0" },
    { capabilities, ...(era === "modern" ? { versionNegotiation: { mode: { pin: MODERN } } } : {}) },
  );
  setup?.(client);
  const transport = new StreamableHTTPClientTransport(url, headers ? { requestInit: { headers } } : {});
  await client.connect(transport);
  return { client, transport, close: () => client.close() };
}

/** Resolves once `predicate` holds; rejects with `describe()` after `timeoutMs`. */
export async function until(predicate: () => boolean, describe: () => string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out: ${describe()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export function textOf(result: { content?: unknown }): string {
  const content = Array.isArray(result.content) ? (result.content as Array<{ type?: string; text?: string }>) : [];
  return content.map((c) => (c.type === "text" ? c.text : "")).join("");
}
