import { defineRule } from "./rule.js";

export const CAPABILITY_ADDED = defineRule(
  "CAPABILITY_ADDED",
  "info",
  ["CAPABILITY", "SPEC"],
  "Reports a client or server capability field that the new revision defines.",
);
export const CAPABILITY_REMOVED = defineRule(
  "CAPABILITY_REMOVED",
  "breaking",
  ["CAPABILITY", "SPEC"],
  "Reports a client or server capability field that the new revision no longer defines, so the feature behind it is gone.",
);

export const CAPABILITY_RULES = [CAPABILITY_ADDED, CAPABILITY_REMOVED] as const;
