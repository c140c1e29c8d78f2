import { defineRule } from "./rule.js";

// MRTR input requests declared by a tool, prompt, resource or template (spec 2026-07-28
// basic/patterns/mrtr; on legacy connections they become server-to-client requests).

export const INPUT_REQUEST_ADDED = defineRule(
  "INPUT_REQUEST_ADDED",
  "breaking",
  ["INPUT_REQUEST", "MANIFEST"],
  "Reports a new input request, so a client without that capability (elicitation, sampling, roots) now fails the call.",
);
export const INPUT_REQUEST_REMOVED = defineRule("INPUT_REQUEST_REMOVED", "info", ["INPUT_REQUEST", "MANIFEST"], "Reports an input request that the new server no longer makes.");
export const INPUT_REQUEST_KIND_CHANGED = defineRule(
  "INPUT_REQUEST_KIND_CHANGED",
  "breaking",
  ["INPUT_REQUEST", "MANIFEST"],
  "Reports an input request that now asks for a different kind of input, which may need a capability the client lacks.",
);

export const INPUT_REQUEST_RULES = [INPUT_REQUEST_ADDED, INPUT_REQUEST_REMOVED, INPUT_REQUEST_KIND_CHANGED] as const;
