// Result shapes and markers shared by both halves (2026-07-28 basic/index § ResultType;
// server/tools § Tool Result).
import type { JsonObject } from "./jsonrpc/message.js";

/** A modern result's `resultType`; absent means complete. */
export const RESULT_TYPE_COMPLETE = "complete";
export const RESULT_TYPE_INPUT_REQUIRED = "input_required";
/** CreateTaskResult of the tasks extension (extensions/tasks § Polymorphic Results). */
export const RESULT_TYPE_TASK = "task";

/** A task's status, both eras (extensions/tasks § Task Status; 2025-11-25 basic/utilities/tasks). */
export type TaskStatus = "working" | "input_required" | "completed" | "failed" | "cancelled";

/**
 * A `tools/call` result. `structured` is never on the wire: the client sets it to the parsed
 * `structuredContent` when the caller passed a parser (typed generated clients do).
 */
export interface CallToolResult<T = unknown> extends JsonObject {
  content: JsonObject[];
  structuredContent?: unknown;
  isError?: boolean;
  structured?: T;
}
