// Shared by the client parity tests: a runtime client pinned to one era over HTTP, and the
// official SDK peer (fixtures/sdk-parity-server.mjs) with its observable state.
import { McpClient, createHttpTransport, type McpClientOptions } from "../../../packages/runtime/src/client-entry.js";
// @ts-expect-error - plain ESM fixture without type declarations
import { startSdkParityServer } from "./fixtures/sdk-parity-server.mjs";

export type Era = "modern" | "legacy";
export const REVISION: Record<Era, string> = { modern: "2026-07-28", legacy: "2025-11-25" };
export const ERAS: Era[] = ["modern", "legacy"];

export interface SdkParityServer {
  url: string;
  state: { rootsListChanged: number; connected: boolean; elicitations: number };
  visit(elicitationId: string): Promise<void>;
  close(): Promise<void>;
}

export function startSdkPeer(): Promise<SdkParityServer> {
  return startSdkParityServer() as Promise<SdkParityServer>;
}

export function clientFor(url: string, era: Era, options: Partial<McpClientOptions> = {}): McpClient {
  return new McpClient({
    transport: createHttpTransport({ url }),
    clientInfo: { name: "mcp-gen-parity", version: "0.1.0" },
    protocol: REVISION[era],
    eraCache: new Map(),
    ...options,
  });
}

/** The text of a tool result's first content block. */
export function textOf(result: { content: unknown[] }): string {
  const first = result.content[0] as { text?: unknown } | undefined;
  return typeof first?.text === "string" ? first.text : "";
}

export async function eventually(check: () => boolean, describe: () => string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not reached within ${timeoutMs} ms: ${describe()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
