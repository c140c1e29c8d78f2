// A small definition for the operations tests: a tool that takes a while (and honours its
// signal), a failing tool, and one with an x-mcp-header parameter.
import type { ServerDefinition } from "../../packages/runtime/src/server/definition.js";

export const MODERN = "2026-07-28";

export function operationsDefinition(): ServerDefinition {
  return {
    serverInfo: { name: "operations-test", version: "0.0.1" },
    revisions: [MODERN, "2025-11-25"],
    capabilities: { tools: { listChanged: true } },
    tools: [
      {
        name: "slow",
        description: "Answers after `ms` milliseconds",
        inputSchema: { type: "object", properties: { ms: { type: "integer" } } },
        handler: async (args: { ms?: number }, ctx) => {
          await new Promise<void>((resolve, reject) => {
            const timer = setTimeout(resolve, args.ms ?? 100);
            ctx.signal.addEventListener("abort", () => {
              clearTimeout(timer);
              reject(new Error("aborted"));
            });
          });
          return { content: [{ type: "text", text: `slept ${args.ms ?? 100}` }] };
        },
      },
      {
        name: "fails",
        description: "Always an isError result",
        inputSchema: { type: "object" },
        handler: () => ({ content: [{ type: "text", text: "no" }], isError: true }),
      },
      {
        name: "regional",
        description: "Mirrors region in a header",
        inputSchema: { type: "object", properties: { region: { type: "string", "x-mcp-header": "Region" } }, required: ["region"] },
        handler: (args: { region: string }) => ({ content: [{ type: "text", text: `region=${args.region}` }] }),
      },
    ],
  } as ServerDefinition;
}

export function envelope(extra: Record<string, unknown> = {}) {
  return { "io.modelcontextprotocol/protocolVersion": MODERN, "io.modelcontextprotocol/clientCapabilities": {}, ...extra };
}

/** One modern JSON POST with the standard headers; resolves with status, headers and parsed body. */
export async function modernPost(url: string, method: string, params: Record<string, unknown>, extraHeaders: Record<string, string> = {}, id: number | string = 1) {
  const name: Record<string, string> = typeof params["name"] === "string" ? { "mcp-name": params["name"] } : {};
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": MODERN, "mcp-method": method, ...name, ...extraHeaders },
    body: JSON.stringify({ jsonrpc: "2.0", id, method, params: { ...params, _meta: { ...envelope(), ...((params["_meta"] as object) ?? {}) } } }),
  });
  const text = await response.text();
  const type = response.headers.get("content-type") ?? "";
  let body: any;
  if (type.startsWith("text/event-stream")) {
    const events = text.split("\n").filter((l) => l.startsWith("data: ")).map((l) => JSON.parse(l.slice(6)));
    body = events[events.length - 1];
  } else body = text === "" ? undefined : JSON.parse(text);
  return { status: response.status, headers: response.headers, body };
}
