// What one instance holds for a task it runs, and the state changes of that run: answers that
// resume its waits, and an end decided elsewhere (a cancel stored by another instance).
import { INTERNAL_ERROR } from "../core/jsonrpc/codes.js";
import { RpcError } from "../core/jsonrpc/errors.js";
import type { JsonObject } from "../core/jsonrpc/message.js";
import { validateInputAnswer, type EmbeddedInputRequest, type InputAnswer } from "../mrtr/input-requests.js";
import type { Cancellation } from "../server/cancellation.js";
import type { TaskRecord } from "./types.js";

export interface Waiter {
  keys: Set<string>;
  answers: Record<string, InputAnswer>;
  resolve(answers: Record<string, InputAnswer>): void;
  reject(error: unknown): void;
}

export interface Running {
  record: TaskRecord;
  cancellation: Cancellation;
  waiters: Waiter[];
  /** Wire key → the handler's key; wire keys are unique over the task's lifetime (§ Task Update Requests). */
  wireKeys: Map<string, { key: string; method: EmbeddedInputRequest["method"] }>;
  used: Map<string, number>;
  legacyWaits: number;
  done: Promise<void>;
}

/** Makes `record` say exactly what `kept` says (the store's version wins). */
export function adopt(record: TaskRecord, kept: TaskRecord): void {
  const target = record as unknown as Record<string, unknown>;
  for (const key of Object.keys(target)) if (!(key in kept)) delete target[key];
  Object.assign(target, kept);
}

/** Adopts a terminal record decided elsewhere: the handler is aborted, its waits rejected. */
export function endRun(running: Running, terminal: TaskRecord): void {
  const record = running.record;
  record.status = terminal.status;
  record.lastUpdatedAt = terminal.lastUpdatedAt;
  if (terminal.statusMessage !== undefined) record.statusMessage = terminal.statusMessage;
  if (terminal.result) record.result = terminal.result;
  if (terminal.error) record.error = terminal.error;
  delete record.inputRequests;
  running.cancellation.abort();
  for (const waiter of running.waiters) waiter.reject(new RpcError(INTERNAL_ERROR, "Request cancelled"));
  running.waiters = [];
}

/**
 * Applies tasks/update answers for outstanding keys (others are ignored, § Task Update Requests:
 * SHOULD ignore); the record is back to working once nothing is outstanding. Returns the waits
 * now complete (to resolve after the record is saved), or undefined when nothing was accepted.
 */
export function takeAnswers(running: Running, responses: JsonObject): Waiter[] | undefined {
  const record = running.record;
  const outstanding = record.inputRequests ?? {};
  const accepted: Array<[string, InputAnswer]> = [];
  for (const [wireKey, answer] of Object.entries(responses)) {
    const known = running.wireKeys.get(wireKey);
    if (!known || !Object.hasOwn(outstanding, wireKey)) continue;
    accepted.push([wireKey, validateInputAnswer(wireKey, known.method, answer)]);
  }
  if (accepted.length === 0) return undefined;
  for (const [wireKey, answer] of accepted) {
    delete outstanding[wireKey];
    for (const waiter of running.waiters) {
      if (!waiter.keys.has(wireKey)) continue;
      waiter.keys.delete(wireKey);
      waiter.answers[running.wireKeys.get(wireKey)!.key] = answer;
    }
  }
  const ready = running.waiters.filter((w) => w.keys.size === 0);
  running.waiters = running.waiters.filter((w) => w.keys.size > 0);
  if (Object.keys(outstanding).length === 0) {
    delete record.inputRequests;
    record.status = "working";
  }
  return ready;
}
