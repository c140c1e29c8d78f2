// Sampling (sampling/createMessage): the handler passes the messages; the manifest's
// maxTokens/systemPrompt are the declared defaults underneath. `tools: true` in the manifest
// types the parameter to carry `tools`/`toolChoice` (otherwise the type forbids them), and the
// runtime then checks the client's `sampling.tools` capability for each request that does
// (-32021 on 2026-07-28; a clear tool error on 2025-11-25 sessions).
import type { SamplingInputRequest } from "../../../manifest/ir.js";
import { RUNTIME } from "../naming.js";
import type { InputKind } from "./types.js";

/** The token budget when the manifest gives none (sampling/createMessage requires maxTokens). */
const DEFAULT_MAX_TOKENS = 1024;

export const sampling: InputKind<SamplingInputRequest> = {
  label: "Sampling",
  schemas: () => [],
  parameter: (w, request) => ({ type: w.use(request.tools ? RUNTIME.SamplingWithToolsRequest : RUNTIME.SamplingRequest), optional: false }),
  answer: (w) => w.use(RUNTIME.SamplingAnswer),
  declaration: (request) => ({
    kind: "sampling",
    params: { maxTokens: request.maxTokens ?? DEFAULT_MAX_TOKENS, ...(request.systemPrompt !== undefined ? { systemPrompt: request.systemPrompt } : {}) },
  }),
  answerSchemaRoot: () => undefined,
};
