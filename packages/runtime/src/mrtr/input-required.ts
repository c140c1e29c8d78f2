import type { JsonObject } from "../core/jsonrpc/message.js";
import type { EmbeddedInputRequest } from "./input-requests.js";

/**
 * Thrown by `ctx.ask` on the modern era when an answer is not available yet. It unwinds the
 * handler; the engine turns it into an `input_required` result carrying every request gathered
 * in this attempt and a freshly sealed requestState.
 */
export class InputRequiredSignal {
  readonly requests: Record<string, EmbeddedInputRequest>;
  constructor(requests: Record<string, EmbeddedInputRequest>) {
    this.requests = requests;
  }
}

export interface InputRequiredResultBody extends JsonObject {
  resultType: "input_required";
  inputRequests: Record<string, EmbeddedInputRequest>;
  requestState: string;
}
