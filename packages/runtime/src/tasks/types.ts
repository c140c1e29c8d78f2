// The task model shared by both eras: the record a TaskStore keeps and the tool-level options.
// Statuses and transitions: extensions/tasks § Task Status (2026-07-28) and 2025-11-25
// basic/utilities/tasks § Task Status — working ⇄ input_required → completed | failed | cancelled.
import type { JsonObject } from "../core/jsonrpc/message.js";
import type { EmbeddedInputRequest } from "../mrtr/input-requests.js";

import type { TaskStatus } from "../core/results.js";

export type { TaskStatus };

export const TERMINAL_STATUSES: ReadonlySet<TaskStatus> = new Set(["completed", "failed", "cancelled"]);

/** 2025-11-25 Tool.execution.taskSupport; the same words for the 2026-07-28 extension. */
export type TaskSupport = "forbidden" | "optional" | "required";

/** How a tool runs as a task (ToolDefinition.task, from the manifest's `task:`). */
export interface ToolTaskOptions {
  support: TaskSupport;
  /** Time-to-live from creation in ms; null = unlimited. Default 1 hour. */
  ttlMs?: number | null;
  /** Suggested poll interval in ms. Default 1000. */
  pollIntervalMs?: number;
  /**
   * Input keys asked through MRTR before the task exists (extension § Task Creation: MRTR
   * exchanges SHOULD be resolved synchronously before CreateTaskResult). The handler's ask() for
   * them returns the answer gathered up front.
   */
  askFirst?: readonly string[];
}

/** What a handler may do with the task it runs as (`ctx.task`). */
export interface TaskControl {
  readonly taskId: string;
  /** Sets the task's statusMessage (seen on the next tasks/get). */
  status(message: string): void;
}

export interface TaskRecord {
  readonly taskId: string;
  /** The principal that created it (undefined: unbound, the id alone grants access). */
  readonly owner: string | undefined;
  /** The era that created it: its wire shapes. */
  readonly era: "modern" | "legacy";
  status: TaskStatus;
  statusMessage?: string;
  readonly createdAt: number;
  lastUpdatedAt: number;
  ttlMs: number | null;
  pollIntervalMs: number;
  /** Outstanding server→client requests by (task-unique) key. */
  inputRequests?: Record<string, EmbeddedInputRequest>;
  /** The final result (completed). */
  result?: JsonObject;
  /** The JSON-RPC error (failed). */
  error?: JsonObject;
}

/**
 * Where tasks live. In-memory by default (./memory-store.ts); a shared store lets a task created
 * on one instance be polled, updated and cancelled on another. Implementations expire records
 * after createdAt + ttlMs.
 */
export interface TaskStore {
  /** Stores a new record; resolves once a get() for its id would find it (durable create). */
  create(record: TaskRecord): Promise<void>;
  get(taskId: string): Promise<TaskRecord | undefined>;
  /**
   * Replaces a stored record (status changes). A shared store never overwrites a terminal record
   * (a cancel from another instance may have won): it resolves with the record it kept whenever
   * that differs from the one given (already terminal, or a substitute such as a failure for a
   * result too large to store); otherwise with nothing.
   */
  update(record: TaskRecord): Promise<TaskRecord | void>;
  /** Records of one owner, newest first (legacy tasks/list). */
  listByOwner(owner: string | undefined, limit: number): Promise<TaskRecord[]>;
  /** Retained (unexpired) records, across every instance sharing the store. */
  size(): Promise<number>;
  /**
   * Shared stores: records changed by other instances (what their update() stored), so that
   * listens, tasks/result and status notifications here see tasks running elsewhere, and the
   * instance running a task sees a cancel that arrived elsewhere.
   */
  watch?(listener: (record: TaskRecord) => void): () => void;
  /** Shared stores: hands tasks/update input responses to the instance running the task. */
  forwardInput?(taskId: string, responses: JsonObject): Promise<void>;
  /** Shared stores: input responses forwarded here for a task this instance runs. */
  onForwardedInput?(listener: (taskId: string, responses: JsonObject) => void): () => void;
  close(): void;
}
