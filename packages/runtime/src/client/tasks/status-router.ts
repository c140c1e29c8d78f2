// 2025-11-25 `notifications/tasks/status` on the client (basic/utilities/tasks § Task Status
// Notification): a server MAY push each status change; the handles waiting on that task see it
// (their onStatus) without polling. Polling stays the source of truth (requestors MUST NOT rely on it).
import { isPlainObject, type JsonRpcNotification } from "../../core/jsonrpc/message.js";
import type { TaskSnapshot } from "./handle.js";

export const TASK_STATUS_METHOD = "notifications/tasks/status";

export class TaskStatusRouter {
  private readonly watchers = new Map<string, Set<(task: TaskSnapshot) => void>>();

  watch(taskId: string, listener: (task: TaskSnapshot) => void): () => void {
    let set = this.watchers.get(taskId);
    if (!set) this.watchers.set(taskId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.watchers.get(taskId) === set) this.watchers.delete(taskId);
    };
  }

  /** True when the notification was a task status one with a watcher (consumed). */
  deliver(message: JsonRpcNotification): boolean {
    if (message.method !== TASK_STATUS_METHOD) return false;
    const task = message.params;
    if (!isPlainObject(task) || typeof task["taskId"] !== "string" || typeof task["status"] !== "string") return false;
    const set = this.watchers.get(task["taskId"]);
    if (!set) return false;
    for (const listener of [...set]) listener(task as TaskSnapshot);
    return true;
  }
}
