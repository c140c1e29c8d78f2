// Where a call becomes a task, and the task methods of each era. The server decides per request
// (extensions/tasks § Capability Negotiation): a 2026-07-28 call runs as a task when its tool
// supports tasks and the request declares the extension in its per-request capabilities; a
// 2025-11-25 call when the requestor sent the `task` param (basic/utilities/tasks § Tool-Level
// Negotiation).
import { INTERNAL_ERROR, METHOD_NOT_FOUND, MISSING_REQUIRED_CLIENT_CAPABILITY } from "../core/jsonrpc/codes.js";
import { invalidParams, RpcError } from "../core/jsonrpc/errors.js";
import { isPlainObject, type JsonObject } from "../core/jsonrpc/message.js";
import { buildInputRequest, type InputAnswer, type InputRequestDeclaration } from "../mrtr/input-requests.js";
import { InputRequiredSignal } from "../mrtr/input-required.js";
import type { ModernInputChannel } from "../mrtr/modern-inputs.js";
import type { Cancellation } from "../server/cancellation.js";
import type { CallScope } from "../server/scope.js";
import type { TaskEngine } from "./engine.js";
import type { ToolTaskOptions } from "./types.js";
import { legacyTask, modernCreateResult, modernDetailed, relatedTaskMeta, requiredExtensionData, TASKS_EXTENSION } from "./wire.js";

export function declaresTasksExtension(clientCapabilities: JsonObject): boolean {
  const extensions = clientCapabilities["extensions"];
  return isPlainObject(extensions) && isPlainObject(extensions[TASKS_EXTENSION]);
}

export function missingExtension(): RpcError {
  return new RpcError(MISSING_REQUIRED_CLIENT_CAPABILITY, "Missing required client capability", requiredExtensionData(), 400);
}

export interface TaskCall {
  options: ToolTaskOptions | undefined;
  inputs: Readonly<Record<string, InputRequestDeclaration>> | undefined;
  /** Runs the handler (no handler deadline: a task's bound is its TTL and tasks/cancel). */
  execute(scope: CallScope): Promise<JsonObject>;
}

/**
 * Returns the body that answers the call when it became a task (or needs MRTR input before it
 * can become one); undefined when it runs inline.
 */
export async function maybeStartTask(engine: TaskEngine, scope: CallScope, call: TaskCall): Promise<JsonObject | undefined> {
  const support = call.options?.support ?? "forbidden";
  if (scope.era === "modern") {
    const declared = declaresTasksExtension(scope.clientCapabilities);
    if (support === "forbidden") return undefined;
    if (!declared) {
      if (support === "required") throw missingExtension();
      return undefined;
    }
    const early = await askFirst(scope, call);
    if ("inputRequired" in early) return early.inputRequired;
    const seed = await engine.start(scope, call.options!, early.answers, call.execute);
    return modernCreateResult(seed);
  }
  const requested = scope.params["task"];
  if (requested === undefined) {
    if (support === "required") throw new RpcError(METHOD_NOT_FOUND, "Task augmentation required for tools/call requests");
    return undefined;
  }
  if (support === "forbidden") throw new RpcError(METHOD_NOT_FOUND, "Method not found: this tool does not run as a task");
  if (!isPlainObject(requested)) throw invalidParams("Invalid params: task must be an object");
  const ttl = typeof requested["ttl"] === "number" ? requested["ttl"] : undefined;
  const seed = await engine.start(scope, call.options!, {}, call.execute, ttl);
  return { task: legacyTask(seed), _meta: relatedTaskMeta(seed.taskId) };
}

/** The tool's `askFirst` inputs through MRTR on the creating request (extensions/tasks § Task Creation). */
async function askFirst(scope: CallScope, call: TaskCall): Promise<{ answers: Record<string, InputAnswer> } | { inputRequired: JsonObject }> {
  const keys = call.options?.askFirst ?? [];
  const declarations = call.inputs ?? {};
  if (keys.length === 0) return { answers: {} };
  const requests = Object.fromEntries(keys.filter((k) => Object.hasOwn(declarations, k)).map((k) => [k, buildInputRequest(declarations[k]!, undefined)]));
  const channel = scope.openInputs(declarations) as ModernInputChannel;
  try {
    return { answers: await channel.askAll(requests) };
  } catch (error) {
    if (error instanceof InputRequiredSignal) return { inputRequired: await channel.inputRequiredResult(error) };
    throw error;
  }
}

/** tasks/get, tasks/update, tasks/cancel (2026-07-28). The extension MUST be declared on each. */
export async function serveModernTaskMethod(engine: TaskEngine, method: string, params: JsonObject, scope: Pick<CallScope, "clientCapabilities" | "caller">): Promise<JsonObject> {
  if (!declaresTasksExtension(scope.clientCapabilities)) throw missingExtension();
  switch (method) {
    case "tasks/get":
      return modernDetailed(await engine.get(params["taskId"], scope.caller));
    case "tasks/update":
      await engine.update(params["taskId"], scope.caller, params["inputResponses"]);
      return { resultType: "complete" };
    default:
      await engine.cancel(params["taskId"], scope.caller);
      return { resultType: "complete" };
  }
}

const LIST_PAGE = 100;

/** tasks/get, tasks/result, tasks/list, tasks/cancel (2025-11-25 basic/utilities/tasks). */
export async function serveLegacyTaskMethod(engine: TaskEngine, method: string, params: JsonObject, caller: string | undefined, cancellation: Cancellation): Promise<JsonObject> {
  switch (method) {
    case "tasks/get":
      return legacyTask(await engine.get(params["taskId"], caller));
    case "tasks/cancel": {
      const before = await engine.get(params["taskId"], caller);
      // Cancelling a terminal task is refused in 2025-11-25 (§ Cancelling Tasks: -32602).
      if (before.status === "completed" || before.status === "failed" || before.status === "cancelled") {
        throw invalidParams(`Cannot cancel task: already in terminal status '${before.status}'`);
      }
      return legacyTask(await engine.cancel(params["taskId"], caller));
    }
    case "tasks/list": {
      const records = await engine.list(caller, LIST_PAGE);
      return { tasks: records.map(legacyTask) };
    }
    default: {
      const record = await engine.settled(params["taskId"], caller, cancellation);
      const meta = relatedTaskMeta(record.taskId);
      if (record.status === "completed" && record.result) {
        const result = record.result;
        const ownMeta = isPlainObject(result["_meta"]) ? result["_meta"] : {};
        return { ...result, _meta: { ...ownMeta, ...meta } };
      }
      if (record.status === "failed" && record.error) {
        throw new RpcError(Number(record.error["code"]), String(record.error["message"]), record.error["data"]);
      }
      throw new RpcError(INTERNAL_ERROR, "Task was cancelled", { taskId: record.taskId });
    }
  }
}
