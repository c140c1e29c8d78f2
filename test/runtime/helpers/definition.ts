// A small server definition shared by the runtime tests: one tool per engine feature.
import type { ServerDefinition } from "../../../packages/runtime/src/server/definition.js";

export const MODERN = "2026-07-28";

export function envelope(extra: Record<string, unknown> = {}, capabilities: Record<string, unknown> = {}) {
  return {
    "io.modelcontextprotocol/protocolVersion": MODERN,
    "io.modelcontextprotocol/clientCapabilities": capabilities,
    ...extra,
  };
}

export interface Probe {
  aborted: number;
  started: number;
}

export function testDefinition(probe: Probe = { aborted: 0, started: 0 }): ServerDefinition {
  return {
    serverInfo: { name: "runtime-test", version: "0.0.1" },
    revisions: [MODERN, "2025-11-25", "2025-03-26"],
    handles: { cart: { ttlMs: 60_000 } },
    tools: [
      {
        name: "echo",
        description: "Echoes its text argument",
        inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
        parseInput: (args: unknown) => {
          const text = (args as { text?: unknown }).text;
          return typeof text === "string" ? { success: true, data: { text } } : { success: false, error: "text must be a string" };
        },
        handler: (args: { text: string }) => ({ content: [{ type: "text", text: args.text }] }),
      },
      {
        name: "wait_for_cancel",
        description: "Runs until cancelled",
        inputSchema: { type: "object" },
        handler: (_args, ctx) =>
          new Promise((resolve) => {
            probe.started++;
            ctx.progress(1, 2, "started");
            ctx.signal.addEventListener("abort", () => {
              probe.aborted++;
              resolve({ content: [{ type: "text", text: "cancelled" }] });
            });
          }),
      },
      {
        name: "confirm_delete",
        description: "Asks for confirmation, then for a reason",
        inputSchema: { type: "object", properties: { id: { type: "string" } } },
        inputs: {
          confirm: { kind: "form-elicitation", message: "Delete?", requestedSchema: { type: "object", properties: { ok: { type: "boolean" } } } },
          reason: { kind: "sampling", params: { messages: [], maxTokens: 10 } },
        },
        async handler(_args, ctx) {
          const confirm = await ctx.ask("confirm");
          const reason = await ctx.ask("reason", { messages: [{ role: "user", content: { type: "text", text: "why?" } }] });
          return { content: [{ type: "text", text: `ok=${JSON.stringify(confirm["content"])} reason=${JSON.stringify(reason["content"])}` }] };
        },
      },
      {
        name: "open_cart",
        description: "Mints a cart handle",
        inputSchema: { type: "object" },
        handler: async (_args, ctx) => ({ content: [{ type: "text", text: await ctx.handles.mint("cart", { cartId: 7 }) }] }),
      },
      {
        name: "add_item",
        description: "Uses a cart handle",
        inputSchema: { type: "object", properties: { cart: { type: "string" }, sku: { type: "string" } } },
        handleArguments: { cart: "cart" },
        handler: async (args: { cart: string; sku: string }, ctx) => {
          const cart = (await ctx.handles.open("cart", args.cart)) as { cartId: number };
          return { content: [{ type: "text", text: `added ${args.sku} to ${cart.cartId}` }] };
        },
      },
      {
        name: "regional",
        description: "Mirrors region in a header",
        inputSchema: { type: "object", properties: { region: { type: "string", "x-mcp-header": "Region" } } },
        handler: (args: { region?: string }) => ({ content: [{ type: "text", text: `region=${args.region}` }] }),
      },
      {
        name: "measure",
        description: "Returns structured output checked against its output schema",
        inputSchema: { type: "object", properties: { value: { type: "number" } } },
        outputSchema: { type: "object", properties: { value: { type: "number" } }, required: ["value"] },
        parseOutput: (out: unknown) =>
          typeof (out as { value?: unknown } | undefined)?.value === "number" ? { success: true, data: out } : { success: false, error: "value must be a number" },
        handler: (args: { value?: unknown }) => ({ content: [{ type: "text", text: JSON.stringify({ value: args.value }) }], structuredContent: { value: args.value } }),
      },
      {
        name: "chatty",
        description: "Logs at two levels",
        inputSchema: { type: "object" },
        handler(_args, ctx) {
          ctx.log("debug", "debug line");
          ctx.log("error", "error line");
          return { content: [{ type: "text", text: "done" }] };
        },
      },
    ],
    resources: [
      { uri: "test://a", name: "a", mimeType: "text/plain", subscribable: true, cache: { ttlMs: 5000, scope: "public" }, read: () => [{ uri: "test://a", text: "A" }] },
    ],
    prompts: [{ name: "greet", arguments: [{ name: "who", required: true }], get: (args) => ({ messages: [{ role: "user", content: { type: "text", text: `hi ${args["who"]}` } }] }) }],
  };
}
