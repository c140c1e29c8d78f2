// Sampling (sampling/createMessage): the handler passes the messages; the manifest's
// maxTokens/systemPrompt are the declared defaults underneath.
import type { SamplingInputRequest } from "../../../manifest/ir.js";
import { RUNTIME } from "../naming.js";
import type { InputKind } from "./types.js";

/** The token budget when the manifest gives none (sampling/createMessage requires maxTokens). */
const DEFAULT_MAX_TOKENS = 1024;

export const sampling: InputKind<SamplingInputRequest> = {
  label: "Sampling",
  schemas: () => [],
  parameter: (w) => ({ type: w.use(RUNTIME.SamplingRequest), optional: false }),
  answer: (w) => w.use(RUNTIME.SamplingAnswer),
  declaration: (request) => ({
    kind: "sampling",
    params: { maxTokens: request.maxTokens ?? DEFAULT_MAX_TOKENS, ...(request.systemPrompt !== undefined ? { systemPrompt: request.systemPrompt } : {}) },
  }),
  answerSchema: () => undefined,
};
