// Runs calls as tasks and answers the task methods of both eras against a TaskStore. The store
// holds what any instance may be asked about (status, result, outstanding input requests); the
// running handler, its cancellation and its waits for input live on the instance that runs it.
import { INTERNAL_ERROR, INVALID_PARAMS } from "../core/jsonrpc/codes.js";
import { invalidParams, RpcError } from "../core/jsonrpc/errors.js";
import { isPlainObject, type JsonObject } from "../core/jsonrpc/message.js";
import { validateInputAnswer, type EmbeddedInputRequest, type InputAnswer } from "../mrtr/input-requests.js";
import { Cancellation } from "../server/cancellation.js";
import type { CallScope } from "../server/scope.js";
import { newTaskId } from "./ids.js";
import { adopt, endRun, takeAnswers, type Running, type Waiter } from "./running.js";
import { MemoryTaskStore } from "./memory-store.js";
import { TaskScope, type TaskControl, type TaskInputSource } from "./task-scope.js";
import { TERMINAL_STATUSES, type TaskRecord, type TaskStatus, type TaskStore, type ToolTaskOptions } from "./types.js";

export const DEFAULT_TASK_TTL_MS = 60 * 60_000;
export const DEFAULT_POLL_INTERVAL_MS = 1000;
/** The message of a task whose server instance stopped before it finished. */
export const SERVER_STOPPED = "The server instance running this task stopped";
/** How often a blocked legacy tasks/result re-reads a task that runs on another instance. */
const SETTLED_RECHECK_MS = 2000;

export interface TaskEngineOptions {
  store?: TaskStore;
  /** Retained tasks (any status) past which creation is refused. Default 10 000. */
  maxTasks?: number;
  /** Unfinished tasks one principal may have at once. Default 100. */
  maxActiveTasksPerCaller?: number;
  reportError(error: unknown): void;
}

export type TaskListener = (record: TaskRecord) => void;

function notFound(): RpcError {
  // Unknown, expired and foreign ids read the same: nothing tells a caller another's task exists.
  return new RpcError(INVALID_PARAMS, "Failed to retrieve task: Task not found");
}

export class TaskEngine {
  readonly store: TaskStore;
  private readonly maxTasks: number;
  private readonly maxActive: number;
  private readonly running = new Map<string, Running>();
  private readonly activeByOwner = new Map<string | undefined, number>();
  private readonly listeners = new Set<TaskListener>();
  private readonly unwatch: Array<() => void> = [];

  constructor(private readonly options: TaskEngineOptions) {
    this.store = options.store ?? new MemoryTaskStore();
    this.maxTasks = options.maxTasks ?? 10_000;
    this.maxActive = options.maxActiveTasksPerCaller ?? 100;
    // A shared store: changes made elsewhere reach this instance's listeners, and input answered
    // elsewhere reaches the handler running here (docs/tasks.md § Across instances).
    if (this.store.watch) this.unwatch.push(this.store.watch((record) => this.remoteChange(record)));
    if (this.store.onForwardedInput) {
      this.unwatch.push(
        this.store.onForwardedInput((taskId, responses) => {
          const running = this.running.get(taskId);
          if (running) this.applyInput(running, responses).catch((error: unknown) => this.options.reportError(error));
        }),
      );
    }
  }

  /**
   * Settles once every task running here now has ended; undefined when none runs. Workers end a
   * request's promises and timers with its response unless handed to waitUntil (http/fetch.ts).
   */
  background(): Promise<void> | undefined {
    if (this.running.size === 0) return undefined;
    return Promise.allSettled([...this.running.values()].map((running) => running.done)).then(() => undefined);
  }

  /** A record another instance stored: a terminal one ends the run here (a remote tasks/cancel). */
  private remoteChange(remote: TaskRecord): void {
    const running = this.running.get(remote.taskId);
    if (!running) {
      this.emit(remote);
      return;
    }
    if (!TERMINAL_STATUSES.has(remote.status) || TERMINAL_STATUSES.has(running.record.status)) return;
    endRun(running, remote);
    this.emit(running.record);
  }

  private emit(record: TaskRecord): void {
    for (const listener of [...this.listeners]) listener(record);
  }

  onChange(listener: TaskListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Creates the task (durably: resolves after the store has it), then runs `execute` in the
   * background under a TaskScope. Returns the seed record's snapshot.
   */
  async start(
    scope: CallScope,
    options: ToolTaskOptions,
    preAnswered: Readonly<Record<string, InputAnswer>>,
    execute: (scope: CallScope) => Promise<JsonObject>,
    requestedTtlMs?: number,
  ): Promise<TaskRecord> {
    const owner = scope.caller;
    const active = this.activeByOwner.get(owner) ?? 0;
    if (active >= this.maxActive) {
      throw new RpcError(INTERNAL_ERROR, `Too many unfinished tasks: at most ${this.maxActive} per caller; wait for one to finish or cancel one`, { limit: this.maxActive });
    }
    if ((await this.store.size()) >= this.maxTasks) {
      throw new RpcError(INTERNAL_ERROR, `Too many tasks: the server retains at most ${this.maxTasks}; retry later`, { limit: this.maxTasks });
    }
    const now = Date.now();
    let ttlMs = options.ttlMs === undefined ? DEFAULT_TASK_TTL_MS : options.ttlMs;
    // A 2025-11-25 requestor may ask for a shorter retention; never longer than the tool allows.
    if (requestedTtlMs !== undefined && Number.isInteger(requestedTtlMs) && requestedTtlMs > 0 && (ttlMs === null || requestedTtlMs < ttlMs)) ttlMs = requestedTtlMs;
    const record: TaskRecord = {
      taskId: newTaskId(),
      owner,
      era: scope.era,
      status: "working",
      createdAt: now,
      lastUpdatedAt: now,
      ttlMs,
      pollIntervalMs: options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS,
    };
    const seed = { ...record };
    await this.store.create(record);
    this.activeByOwner.set(owner, active + 1);
    const running: Running = { record, cancellation: new Cancellation(), waiters: [], wireKeys: new Map(), used: new Map(), legacyWaits: 0, done: Promise.resolve() };
    this.running.set(record.taskId, running);
    const control: TaskControl = {
      taskId: record.taskId,
      status: (message) => {
        if (TERMINAL_STATUSES.has(record.status)) return;
        record.statusMessage = message;
        void this.save(record);
      },
    };
    const source: TaskInputSource = {
      await: (requests) => this.awaitInputs(running, requests),
      during: (requests, work) => this.during(running, requests, work),
    };
    const taskScope = new TaskScope(scope, running.cancellation, control, preAnswered, source);
    running.done = execute(taskScope).then(
      (result) => this.finish(running, "completed", { result }),
      (error: unknown) => {
        const rpc = error instanceof RpcError ? error : undefined;
        if (!rpc) this.options.reportError(error);
        const wire: JsonObject = { code: rpc?.code ?? INTERNAL_ERROR, message: rpc?.message ?? "Internal error" };
        if (rpc?.data !== undefined) wire["data"] = rpc.data as JsonObject;
        return this.finish(running, "failed", { error: wire });
      },
    );
    return seed;
  }

  private async finish(running: Running, status: TaskStatus, payload: { result?: JsonObject; error?: JsonObject }): Promise<void> {
    const record = running.record;
    this.running.delete(record.taskId);
    this.activeByOwner.set(record.owner, Math.max(0, (this.activeByOwner.get(record.owner) ?? 1) - 1));
    if (TERMINAL_STATUSES.has(record.status)) return; // cancelled first: the late outcome is dropped
    record.status = status;
    delete record.inputRequests;
    if (payload.result) record.result = payload.result;
    if (payload.error) {
      record.error = payload.error;
      record.statusMessage = String(payload.error["message"]);
    }
    await this.save(record);
  }

  private async save(record: TaskRecord): Promise<void> {
    record.lastUpdatedAt = Date.now();
    try {
      const kept = await this.store.update(record);
      if (kept && kept !== record) {
        // The store kept another outcome: a terminal one decided elsewhere, or a substitute.
        const running = this.running.get(record.taskId);
        if (running?.record === record && TERMINAL_STATUSES.has(kept.status) && !TERMINAL_STATUSES.has(record.status)) endRun(running, kept);
        else adopt(record, kept);
      }
    } catch (error) {
      this.options.reportError(error);
    }
    this.emit(record);
  }

  private awaitInputs(running: Running, requests: Readonly<Record<string, EmbeddedInputRequest>>): Promise<Record<string, InputAnswer>> {
    const record = running.record;
    if (running.cancellation.aborted) return Promise.reject(new RpcError(INTERNAL_ERROR, "Request cancelled"));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { keys: new Set(), answers: {}, resolve, reject };
      const outstanding = (record.inputRequests ??= {});
      for (const [key, request] of Object.entries(requests)) {
        const n = (running.used.get(key) ?? 0) + 1;
        running.used.set(key, n);
        const wireKey = n === 1 ? key : `${key}#${n}`;
        running.wireKeys.set(wireKey, { key, method: request.method });
        outstanding[wireKey] = request;
        waiter.keys.add(wireKey);
      }
      running.waiters.push(waiter);
      record.status = "input_required";
      void this.save(record);
    });
  }

  private async during<T>(running: Running, requests: Readonly<Record<string, EmbeddedInputRequest>>, work: () => Promise<T>): Promise<T> {
    const record = running.record;
    running.legacyWaits++;
    record.status = "input_required";
    record.inputRequests = { ...record.inputRequests, ...requests };
    void this.save(record);
    try {
      return await work();
    } finally {
      if (--running.legacyWaits === 0 && !TERMINAL_STATUSES.has(record.status)) {
        record.status = "working";
        delete record.inputRequests;
        void this.save(record);
      }
    }
  }

  /** The record of a task this instance runs (no store read, no owner check). */
  peek(taskId: string): TaskRecord | undefined {
    return this.running.get(taskId)?.record;
  }

  /** The caller's task, or -32602 (§ Error Handling: invalid or nonexistent taskId). */
  async get(taskId: unknown, caller: string | undefined): Promise<TaskRecord> {
    if (typeof taskId !== "string" || taskId === "") throw invalidParams("Invalid params: taskId must be a non-empty string");
    const record = this.running.get(taskId)?.record ?? (await this.store.get(taskId));
    if (record === undefined || (record.owner !== undefined && record.owner !== caller)) throw notFound();
    return record;
  }

  /**
   * tasks/update: answers for outstanding keys resume their waits; unknown or already answered
   * keys are ignored (§ Task Update Requests: SHOULD ignore); a partial set keeps the task
   * input_required.
   */
  async update(taskId: unknown, caller: string | undefined, responses: unknown): Promise<void> {
    const record = await this.get(taskId, caller);
    if (!isPlainObject(responses)) throw invalidParams("Invalid params: inputResponses must be an object");
    if (record.status !== "input_required") return;
    const running = this.running.get(record.taskId);
    if (running) return this.applyInput(running, responses);
    // Running on another instance: answers are checked here against the stored requests, then
    // handed to that instance (it applies them as if they had arrived there).
    if (!this.store.forwardInput) return;
    const outstanding = record.inputRequests ?? {};
    const accepted: JsonObject = {};
    for (const [wireKey, answer] of Object.entries(responses)) {
      const request = outstanding[wireKey];
      if (request === undefined || !Object.hasOwn(outstanding, wireKey)) continue;
      accepted[wireKey] = validateInputAnswer(wireKey, request.method, answer) as unknown as JsonObject;
    }
    if (Object.keys(accepted).length > 0) await this.store.forwardInput(record.taskId, accepted);
  }

  private async applyInput(running: Running, responses: JsonObject): Promise<void> {
    const record = running.record;
    if (record.status !== "input_required") return;
    const ready = takeAnswers(running, responses);
    if (ready === undefined) return;
    await this.save(record);
    for (const waiter of ready) waiter.resolve(waiter.answers);
  }

  /** tasks/cancel: idempotent; a finished task stays as it finished (§ Task Cancellation). */
  async cancel(taskId: unknown, caller: string | undefined): Promise<TaskRecord> {
    const found = await this.get(taskId, caller);
    if (TERMINAL_STATUSES.has(found.status)) return found;
    // Not running here: a copy, so that what the store keeps (maybe a finish that won) is answered.
    const record = this.running.has(found.taskId) ? found : { ...found };
    record.status = "cancelled";
    record.statusMessage = "Cancelled by the client";
    delete record.inputRequests;
    const running = this.running.get(record.taskId);
    if (running) {
      running.cancellation.abort();
      for (const waiter of running.waiters) waiter.reject(new RpcError(INTERNAL_ERROR, "Request cancelled"));
      running.waiters = [];
    }
    await this.save(record);
    return record;
  }

  /** Resolves with the record once terminal (legacy tasks/result blocks until then). */
  async settled(taskId: unknown, caller: string | undefined, cancellation: Cancellation): Promise<TaskRecord> {
    const record = await this.get(taskId, caller);
    if (TERMINAL_STATUSES.has(record.status)) return record;
    return new Promise<TaskRecord>((resolve, reject) => {
      const done = (settled: TaskRecord) => {
        stop();
        detach();
        clearInterval(recheck);
        resolve(settled);
      };
      const stop = this.onChange((changed) => {
        if (changed.taskId === record.taskId && TERMINAL_STATUSES.has(changed.status)) done(changed);
      });
      const detach = cancellation.onAbort(() => {
        stop();
        clearInterval(recheck);
        reject(new RpcError(INTERNAL_ERROR, "Request cancelled"));
      });
      // A task running elsewhere: its instance may die without a word; the store's get() notices.
      const recheck = setInterval(() => {
        if (this.running.has(record.taskId) || !this.store.watch) return;
        this.store.get(record.taskId).then(
          (now) => now && TERMINAL_STATUSES.has(now.status) && done(now),
          (error: unknown) => this.options.reportError(error),
        );
      }, SETTLED_RECHECK_MS);
      recheck.unref?.();
    });
  }

  async list(caller: string | undefined, limit: number): Promise<TaskRecord[]> {
    return this.store.listByOwner(caller, limit);
  }

  /**
   * Server close: what this instance runs ends as `failed` (stored before the store closes, so
   * other instances answer it at once) and its handlers are aborted.
   */
  close(): void {
    for (const stop of this.unwatch.splice(0)) stop();
    for (const running of [...this.running.values()]) {
      const record = running.record;
      if (!TERMINAL_STATUSES.has(record.status)) {
        record.status = "failed";
        record.error = { code: INTERNAL_ERROR, message: SERVER_STOPPED };
        record.statusMessage = SERVER_STOPPED;
        delete record.inputRequests;
        record.lastUpdatedAt = Date.now();
        this.store.update(record).catch((error: unknown) => this.options.reportError(error));
      }
      running.cancellation.abort();
      for (const waiter of running.waiters) waiter.reject(new RpcError(INTERNAL_ERROR, "Server closing"));
    }
    this.store.close();
  }
}
