// Multi round-trip requests, client side [S26:basic/patterns/mrtr § Client Requirements].
//
// On `input_required` the client answers every embedded request through the registered
// handlers and retries the SAME method with the ORIGINAL params plus `inputResponses`
// (keyed exactly like `inputRequests`) and `requestState` echoed byte for byte, omitted
// when the server sent none. Each attempt is a full new request (new JSON-RPC id, full
// envelope, fresh headers) - the `send` callback guarantees that. Answers and state from
// one round are used only for the next retry of this call, never elsewhere (C4), and
// `inputResponses` carries only the latest round's answers ("per-round replace").

import { RESULT_TYPE_COMPLETE, RESULT_TYPE_INPUT_REQUIRED, RESULT_TYPE_TASK } from "../core/results.js";
import { McpClientError } from "./errors.js";

export interface InputRequestEntry {
  method: string;
  params?: Record<string, unknown>;
}

export interface InputRoundSettings {
  /** Give up after this many `input_required` answers (default 10). */
  maxRounds?: number;
  /** Pause before retrying a round that carried only `requestState` (ms, default 100). */
  stateOnlyDelayMs?: number;
  signal?: AbortSignal;
}

export type ResultKind = "complete" | "input_required" | "task";

/** Absent `resultType` means complete; an unknown value is an invalid response [S26:basic/index § ResultType]. */
export function resultKind(result: Record<string, unknown>): ResultKind {
  const type = result.resultType;
  if (type === undefined || type === RESULT_TYPE_COMPLETE) return "complete";
  if (type === RESULT_TYPE_INPUT_REQUIRED) return "input_required";
  if (type === RESULT_TYPE_TASK) return "task";
  throw new McpClientError("bad-response", `unknown resultType ${JSON.stringify(type)}`);
}

export type SendAttempt = (params: Record<string, unknown>, round: number) => Promise<Record<string, unknown>>;
export type FulfilInputs = (requests: Record<string, InputRequestEntry>) => Promise<Record<string, unknown>>;

/** Build the params of the next retry from the original params and one input_required result. */
export function retryParams(original: Record<string, unknown>, answers: Record<string, unknown> | undefined, requestState: unknown): Record<string, unknown> {
  const next: Record<string, unknown> = { ...original };
  delete next.inputResponses;
  delete next.requestState;
  if (answers !== undefined) next.inputResponses = answers;
  if (typeof requestState === "string") next.requestState = requestState;
  return next;
}

export async function runInputRounds(send: SendAttempt, original: Record<string, unknown>, fulfil: FulfilInputs, settings: InputRoundSettings = {}): Promise<Record<string, unknown>> {
  const maxRounds = settings.maxRounds ?? 10;
  let params = original;
  for (let round = 0; ; round++) {
    const result = await send(params, round);
    // A CreateTaskResult ends the MRTR loop: the task is polled from here (client/tasks/).
    if (resultKind(result) !== "input_required") return result;
    if (round >= maxRounds) {
      throw new McpClientError("round-limit", `the server still asked for input after ${maxRounds} rounds`);
    }
    const requests = result.inputRequests;
    const hasRequests = typeof requests === "object" && requests !== null && Object.keys(requests).length > 0;
    if (!hasRequests && typeof result.requestState !== "string") {
      throw new McpClientError("bad-response", "input_required result carries neither inputRequests nor requestState");
    }
    const answers = hasRequests ? await fulfil(requests as Record<string, InputRequestEntry>) : undefined;
    if (!hasRequests && (settings.stateOnlyDelayMs ?? 100) > 0) {
      await new Promise((resolve) => setTimeout(resolve, settings.stateOnlyDelayMs ?? 100));
    }
    if (settings.signal?.aborted) throw new McpClientError("aborted", "request aborted");
    params = retryParams(original, answers, result.requestState);
  }
}
