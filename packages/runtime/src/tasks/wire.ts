// Task records on the wire, per era. 2026-07-28 extension (extensions/tasks § Tasks): flat
// `Result & Task` with ttlMs/pollIntervalMs and a DetailedTask on tasks/get; 2025-11-25
// (basic/utilities/tasks): `{ task: Task }` on creation, `Task` with ttl/pollInterval elsewhere.
import type { JsonObject } from "../core/jsonrpc/message.js";
import type { TaskRecord } from "./types.js";

import { META_RELATED_TASK, META_TASKS_EXTENSION as TASKS_EXTENSION } from "../core/era/envelope.js";

export { TASKS_EXTENSION };

function base(record: TaskRecord): JsonObject {
  const out: JsonObject = { taskId: record.taskId, status: record.status };
  if (record.statusMessage !== undefined) out["statusMessage"] = record.statusMessage;
  out["createdAt"] = new Date(record.createdAt).toISOString();
  out["lastUpdatedAt"] = new Date(record.lastUpdatedAt).toISOString();
  return out;
}

export function modernTask(record: TaskRecord): JsonObject {
  return { ...base(record), ttlMs: record.ttlMs, pollIntervalMs: record.pollIntervalMs };
}

/** CreateTaskResult: the seed state, never result/error/inputRequests (those live on tasks/get). */
export function modernCreateResult(record: TaskRecord): JsonObject {
  return { resultType: "task", ...modernTask(record) };
}

/** GetTaskResult = Result & DetailedTask, resultType "complete" (§ Task Polling). */
export function modernDetailed(record: TaskRecord): JsonObject {
  const out: JsonObject = { resultType: "complete", ...modernTask(record) };
  if (record.status === "input_required" && record.inputRequests) out["inputRequests"] = { ...record.inputRequests };
  // The inlined result is the request's own result shape: a 2026-07-28 CallToolResult says resultType "complete".
  if (record.status === "completed" && record.result) out["result"] = { resultType: "complete", ...record.result };
  if (record.status === "failed" && record.error) out["error"] = record.error;
  return out;
}

export function legacyTask(record: TaskRecord): JsonObject {
  const out: JsonObject = { ...base(record), ttl: record.ttlMs };
  out["pollInterval"] = record.pollIntervalMs;
  return out;
}

export function relatedTaskMeta(taskId: string): JsonObject {
  return { [META_RELATED_TASK]: { taskId } };
}

/** The -32021 data naming the extension (extensions/tasks § Capability Negotiation). */
export function requiredExtensionData(): JsonObject {
  return { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } };
}
