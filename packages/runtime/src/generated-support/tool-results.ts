// What a generated tool handler may return, and how it becomes a CallToolResult.
import type { JsonObject } from "../core/jsonrpc/message.js";
import { isThenable, type MaybePromise } from "../core/maybe-promise.js";
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

/**
 * A handler's return value as a CallToolResult: at once for a plain value, as a promise for a
 * promise. PERFORMANCE (issue 10): generated tool wrappers are not async functions, so a
 * synchronous handler's call is answered in the tick its request arrived in.
 */
export function toCallToolResult(value: ToolReturn | StructuredToolReturn<unknown>): CallToolResult;
export function toCallToolResult(value: PromiseLike<ToolReturn | StructuredToolReturn<unknown>>): Promise<CallToolResult>;
export function toCallToolResult(value: MaybePromise<ToolReturn | StructuredToolReturn<unknown>>): MaybePromise<CallToolResult>;
export function toCallToolResult(value: MaybePromise<ToolReturn | StructuredToolReturn<unknown>> | PromiseLike<ToolReturn | StructuredToolReturn<unknown>>): MaybePromise<CallToolResult> {
  if (isThenable(value)) return Promise.resolve(value).then(plainToolResult);
  return plainToolResult(value);
}

function plainToolResult(value: ToolReturn | StructuredToolReturn<unknown>): CallToolResult {
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
