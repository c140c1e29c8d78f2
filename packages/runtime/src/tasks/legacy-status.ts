// 2025-11-25 `notifications/tasks/status` (basic/utilities/tasks § Task Status Notification): the
// receiver MAY tell the requestor of each status change, with the full Task. Sent to the session
// that created the task, on every change of `status` (not on statusMessage-only updates), until
// the task ends; the requestor still polls, so a notification with nowhere to go is dropped.
import { notification, type JsonRpcNotification } from "../core/jsonrpc/message.js";
import type { TaskEngine } from "./engine.js";
import { TERMINAL_STATUSES, type TaskRecord, type TaskStatus } from "./types.js";
import { legacyTask } from "./wire.js";

export const TASK_STATUS_NOTIFICATION = "notifications/tasks/status";

export function legacyStatusNotification(record: TaskRecord): JsonRpcNotification {
  return notification(TASK_STATUS_NOTIFICATION, legacyTask(record));
}

/**
 * Calls `send` on each status change of one task (first with the current record if it already
 * moved on from `working`); stops by itself at a terminal status (then calls `onEnd`), or when
 * the returned function is called (session closed).
 */
export function watchLegacyStatus(engine: TaskEngine, taskId: string, send: (message: JsonRpcNotification) => void, onEnd?: () => void): () => void {
  let last: TaskStatus = "working";
  const seen = (record: TaskRecord) => {
    if (record.taskId !== taskId || record.status === last) return;
    last = record.status;
    if (TERMINAL_STATUSES.has(record.status)) {
      stop();
      onEnd?.();
    }
    send(legacyStatusNotification(record));
  };
  const stop = engine.onChange(seen);
  // A change between the task's creation and this watch (a handler that asked at once).
  const current = engine.peek(taskId);
  if (current) seen(current);
  return stop;
}
