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

export const INPUT_REQUEST_CAPABILITY_CHANGED = defineRule(
  "INPUT_REQUEST_CAPABILITY_CHANGED",
  "breaking",
  ["INPUT_REQUEST", "MANIFEST"],
  "Reports an input request of the same kind that now needs another client capability, such as sampling with tools.",
);

// The answer to a form elicitation is written by the client (its user) and read by the
// server, so its schema is judged like a tool input: narrowing breaks existing clients.
export const INPUT_REQUEST_SCHEMA_NARROWED = defineRule(
  "INPUT_REQUEST_SCHEMA_NARROWED",
  "breaking",
  ["INPUT_REQUEST", "MANIFEST"],
  "Reports an elicitation schema that no longer accepts every answer it did, so answers built for the old form are rejected.",
);
export const INPUT_REQUEST_SCHEMA_WIDENED = defineRule(
  "INPUT_REQUEST_SCHEMA_WIDENED",
  "info",
  ["INPUT_REQUEST", "MANIFEST"],
  "Reports an elicitation schema that accepts more answers than before.",
);
export const INPUT_REQUEST_SCHEMA_UNDECIDABLE = defineRule(
  "INPUT_REQUEST_SCHEMA_UNDECIDABLE",
  "warning",
  ["INPUT_REQUEST", "MANIFEST"],
  "Reports an elicitation schema change whose effect on existing answers mcp-gen cannot decide.",
);

export const INPUT_REQUEST_RULES = [
  INPUT_REQUEST_ADDED,
  INPUT_REQUEST_REMOVED,
  INPUT_REQUEST_KIND_CHANGED,
  INPUT_REQUEST_CAPABILITY_CHANGED,
  INPUT_REQUEST_SCHEMA_NARROWED,
  INPUT_REQUEST_SCHEMA_WIDENED,
  INPUT_REQUEST_SCHEMA_UNDECIDABLE,
] as const;
