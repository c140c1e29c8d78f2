// What a generated tool handler may return, and how it becomes a CallToolResult.
import type { JsonObject } from "../core/jsonrpc/message.js";
import type { CallToolResult } from "../server/definition.js";

/**
 * A tool without an output schema returns text, content blocks or a full result.
 * A tool with one returns `{ structuredContent }` (content is filled in for older clients,
 * spec server/tools "Structured Content": SHOULD also return the serialized JSON as text).
 */
export type ToolReturn = string | JsonObject[] | CallToolResult;
export type StructuredToolReturn<Output> =
  | { structuredContent: Output; content?: JsonObject[]; isError?: false; _meta?: JsonObject }
  | { isError: true; content: JsonObject[]; structuredContent?: undefined; _meta?: JsonObject };

export function toCallToolResult(value: ToolReturn | StructuredToolReturn<unknown>): CallToolResult {
  if (typeof value === "string") return { content: [{ type: "text", text: value }] };
  if (Array.isArray(value)) return { content: value };
  const result = value as CallToolResult;
  if (result.structuredContent !== undefined && result.content === undefined) {
    return { ...result, content: [{ type: "text", text: JSON.stringify(result.structuredContent) }] };
  }
  return result.content === undefined ? { ...result, content: [] } : result;
}

/** A tool error the model can see and correct (isError: true), not a protocol error. */
export function toolError(message: string): { isError: true; content: JsonObject[] } {
  return { isError: true, content: [{ type: "text", text: message }] };
}
