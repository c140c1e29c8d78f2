// Task status on subscriptions/listen (extensions/tasks § Task Status Notifications): a listen may
// name `taskIds`; the ack lists those the caller may see; every change of one of them is sent as
// `notifications/tasks` carrying the DetailedTask tasks/get would return. Asking for task ids
// without declaring the extension is -32021.
import { invalidParams } from "../core/jsonrpc/errors.js";
import { notification, type JsonObject, type JsonRpcNotification } from "../core/jsonrpc/message.js";
import type { CallScope } from "../server/scope.js";
import { declaresTasksExtension, missingExtension } from "./dispatch.js";
import type { TaskEngine } from "./engine.js";
import { modernDetailed } from "./wire.js";

/** Ids one listen may name (a bound on the lookups a single request causes). */
const MAX_TASK_IDS = 100;

export interface TaskListenHook {
  /** The requested ids the caller may watch; undefined when none were requested. */
  honour(requested: unknown): Promise<string[] | undefined>;
  subscribe(taskIds: readonly string[], push: (message: JsonRpcNotification) => void): () => void;
}

export function taskListenHook(engine: TaskEngine, scope: Pick<CallScope, "clientCapabilities" | "caller">): TaskListenHook {
  return {
    async honour(requested) {
      if (requested === undefined) return undefined;
      if (!declaresTasksExtension(scope.clientCapabilities)) throw missingExtension();
      if (!Array.isArray(requested) || !requested.every((id) => typeof id === "string") || requested.length > MAX_TASK_IDS) {
        throw invalidParams(`Invalid params: taskIds must be a list of at most ${MAX_TASK_IDS} task ids`);
      }
      const visible: string[] = [];
      for (const id of new Set(requested as string[])) {
        try {
          await engine.get(id, scope.caller);
          visible.push(id);
        } catch {
          // Unknown or foreign: left out of the ack, like any type the server does not honour.
        }
      }
      return visible;
    },
    subscribe(taskIds, push) {
      const watched = new Set(taskIds);
      return engine.onChange((record) => {
        if (!watched.has(record.taskId)) return;
        const { resultType: _r, ...task } = modernDetailed(record);
        push(notification("notifications/tasks", task as JsonObject));
      });
    },
  };
}
