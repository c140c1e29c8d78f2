// The client side of tasks (2026-07-28 extensions/tasks § Task Polling, § Task Update Requests,
// § Task Cancellation). A task handle polls `tasks/get` at the server's `pollIntervalMs`, answers
// `inputRequests` once per key through the same handlers as MRTR, and resolves with the final
// result; a client that restarted reattaches by id.
import { INTERNAL_ERROR } from "../../core/jsonrpc/codes.js";
import { RpcError } from "../../core/jsonrpc/errors.js";
import { isPlainObject, type JsonObject } from "../../core/jsonrpc/message.js";
import { McpClientError } from "../errors.js";
import type { InputRequestEntry } from "../mrtr.js";

import type { TaskStatus } from "../../core/results.js";

const TERMINAL: ReadonlySet<string> = new Set(["completed", "failed", "cancelled"]);

/** A task snapshot as tasks/get answers it (DetailedTask). */
export interface TaskSnapshot extends JsonObject {
  taskId: string;
  status: TaskStatus;
  statusMessage?: string;
  createdAt: string;
  lastUpdatedAt: string;
  ttlMs: number | null;
  pollIntervalMs?: number;
}

/** What a handle needs from the session: one request, and answers to input requests. */
export interface TaskDriver {
  send(method: string, params: JsonObject, signal?: AbortSignal): Promise<JsonObject>;
  fulfil(requests: Record<string, InputRequestEntry>, signal?: AbortSignal): Promise<JsonObject>;
  /** Poll interval when the server suggests none (ms). */
  defaultPollMs: number;
  /** 2025-11-25: the result comes from tasks/result (blocking), not inlined on tasks/get. */
  fetchResult?(taskId: string, signal?: AbortSignal): Promise<JsonObject>;
  /** 2025-11-25: the server's notifications/tasks/status for one task (./status-router.ts). */
  watchStatus?(taskId: string, listener: (task: TaskSnapshot) => void): () => void;
}

export interface WaitOptions {
  /** Called with every snapshot seen while polling, and each status the server pushes (2025-11-25). */
  onStatus?: (task: TaskSnapshot) => void;
  /** Stops waiting (the task keeps running; call cancel() to stop it). */
  signal?: AbortSignal;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new McpClientError("aborted", "waiting for the task was aborted"));
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new McpClientError("aborted", "waiting for the task was aborted"));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

function snapshotOf(value: JsonObject): TaskSnapshot {
  if (typeof value["taskId"] !== "string" || typeof value["status"] !== "string") {
    throw new McpClientError("bad-response", "a task carries no taskId or status");
  }
  return value as TaskSnapshot;
}

export class TaskHandle<R = JsonObject> {
  private answered = new Set<string>();
  private last: TaskSnapshot;
  private settled: Promise<R> | undefined;

  constructor(
    private readonly driver: TaskDriver,
    initial: JsonObject,
    private readonly finish: (result: JsonObject) => R = (r) => r as R,
  ) {
    this.last = snapshotOf(initial);
  }

  get taskId(): string {
    return this.last.taskId;
  }

  /** The latest snapshot seen (no request). */
  get current(): TaskSnapshot {
    return this.last;
  }

  /** One `tasks/get`. */
  async status(signal?: AbortSignal): Promise<TaskSnapshot> {
    this.last = snapshotOf(await this.driver.send("tasks/get", { taskId: this.taskId }, signal));
    return this.last;
  }

  /** `tasks/cancel`: an acknowledgement; the task may still finish otherwise (cooperative). */
  async cancel(signal?: AbortSignal): Promise<void> {
    await this.driver.send("tasks/cancel", { taskId: this.taskId }, signal);
  }

  /** The typed result, polling until the task ends (shared by every caller of `result`). */
  get result(): Promise<R> {
    return (this.settled ??= this.wait());
  }

  /**
   * Polls until a terminal status: completed → the result; failed → the task's JSON-RPC error as
   * an RpcError; cancelled → McpClientError "aborted".
   */
  async wait(options: WaitOptions = {}): Promise<R> {
    let task = this.last;
    const fetchResult = this.driver.fetchResult;
    if (fetchResult !== undefined) {
      // 2025-11-25: wait on tasks/result, whose stream also carries the task's input requests.
      let result: JsonObject;
      const unwatch = this.driver.watchStatus?.(this.taskId, (pushed) => {
        this.last = pushed;
        options.onStatus?.(pushed);
      });
      try {
        result = await fetchResult(this.taskId, options.signal);
      } catch (error) {
        unwatch?.();
        task = await this.status(options.signal).catch(() => task);
        options.onStatus?.(task);
        if (task.status === "cancelled") throw new McpClientError("aborted", `task ${task.taskId} was cancelled`);
        throw error;
      }
      unwatch?.();
      task = await this.status(options.signal);
      options.onStatus?.(task);
      return this.finish(result);
    }
    for (;;) {
      if (task.status === "input_required") await this.answer(task, options.signal);
      if (TERMINAL.has(task.status) && (task.status !== "completed" || isPlainObject(task["result"]))) break;
      await sleep(positiveInt(task.pollIntervalMs) ?? positiveInt(task["pollInterval"]) ?? this.driver.defaultPollMs, options.signal);
      task = await this.status(options.signal);
      options.onStatus?.(task);
    }
    if (task.status === "completed") return this.finish(task["result"] as JsonObject);
    if (task.status === "failed") {
      const error = isPlainObject(task["error"]) ? task["error"] : {};
      throw new RpcError(typeof error["code"] === "number" ? error["code"] : INTERNAL_ERROR, typeof error["message"] === "string" ? error["message"] : "Task failed", error["data"]);
    }
    throw new McpClientError("aborted", `task ${task.taskId} was cancelled${task.statusMessage ? `: ${task.statusMessage}` : ""}`);
  }

  /** Answers each input request key once (§ Task Update Requests: clients SHOULD deduplicate). */
  private async answer(task: TaskSnapshot, signal: AbortSignal | undefined): Promise<void> {
    const requests = isPlainObject(task["inputRequests"]) ? (task["inputRequests"] as Record<string, InputRequestEntry>) : {};
    const fresh = Object.fromEntries(Object.entries(requests).filter(([key]) => !this.answered.has(key)));
    if (Object.keys(fresh).length === 0) return;
    for (const key of Object.keys(fresh)) this.answered.add(key);
    const inputResponses = await this.driver.fulfil(fresh, signal);
    await this.driver.send("tasks/update", { taskId: task.taskId, inputResponses }, signal);
  }
}

function positiveInt(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : undefined;
}

/** A call the server answered inline: already completed, nothing to poll. */
export interface InlineHandle<R> {
  readonly taskId: undefined;
  readonly inline: true;
  readonly result: Promise<R>;
  wait(): Promise<R>;
}

export function completedHandle<R>(result: R): InlineHandle<R> {
  return { taskId: undefined, inline: true, result: Promise.resolve(result), wait: async () => result };
}
