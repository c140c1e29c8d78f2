import { defineRule } from "./rule.js";

export const ERROR_CODE_ADDED = defineRule("ERROR_CODE_ADDED", "info", ["ERROR_CODE", "SPEC"], "Reports an error code that the new revision defines.");
export const ERROR_CODE_REMOVED = defineRule(
  "ERROR_CODE_REMOVED",
  "warning",
  ["ERROR_CODE", "SPEC"],
  "Reports an error code that the new revision no longer defines, so implementations must stop emitting it.",
);
export const ERROR_CODE_RENUMBERED = defineRule(
  "ERROR_CODE_RENUMBERED",
  "breaking",
  ["ERROR_CODE", "SPEC"],
  "Reports a named error whose numeric code changed, so peers on different revisions misread each other.",
);

export const ERROR_CODE_RULES = [ERROR_CODE_ADDED, ERROR_CODE_REMOVED, ERROR_CODE_RENUMBERED] as const;
