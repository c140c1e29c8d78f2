import { defineRule } from "./rule.js";

// Method-level rules for spec revisions. A "direction" is who sends the message:
// client request, server request, client notification, server notification, or (2026-07-28)
// an input request embedded in InputRequiredResult (basic/patterns/mrtr).

export const METHOD_ADDED = defineRule("METHOD_ADDED", "info", ["METHOD", "SPEC"], "Reports a request method that no direction had in the old revision.");
export const METHOD_REMOVED = defineRule(
  "METHOD_REMOVED",
  "breaking",
  ["METHOD", "SPEC"],
  "Reports a request method that no longer exists in any direction, so peers that send or serve it break.",
);
export const NOTIFICATION_ADDED = defineRule("NOTIFICATION_ADDED", "info", ["NOTIFICATION", "SPEC"], "Reports a notification that no direction had in the old revision.");
export const NOTIFICATION_REMOVED = defineRule(
  "NOTIFICATION_REMOVED",
  "breaking",
  ["NOTIFICATION", "SPEC"],
  "Reports a notification that no longer exists in any direction, so code that sends or handles it breaks.",
);
export const METHOD_DIRECTION_ADDED = defineRule(
  "METHOD_DIRECTION_ADDED",
  "info",
  ["METHOD", "NOTIFICATION", "SPEC"],
  "Reports an existing method or notification that may now also be sent in another direction.",
);
export const METHOD_DIRECTION_REMOVED = defineRule(
  "METHOD_DIRECTION_REMOVED",
  "breaking",
  ["METHOD", "NOTIFICATION", "SPEC"],
  "Reports a method or notification that still exists but may no longer be sent in one of its old directions.",
);
export const METHOD_BECAME_INPUT_REQUEST = defineRule(
  "METHOD_BECAME_INPUT_REQUEST",
  "breaking",
  ["INPUT_REQUEST", "METHOD", "SPEC"],
  "Reports a server-to-client request that is now only embedded in an input_required result, so clients must answer it by retrying.",
);
export const INPUT_REQUEST_BECAME_METHOD = defineRule(
  "INPUT_REQUEST_BECAME_METHOD",
  "breaking",
  ["INPUT_REQUEST", "METHOD", "SPEC"],
  "Reports an embedded input request that became a real server-to-client request, so clients must serve it as a method.",
);
export const METHOD_TYPES_CHANGED = defineRule(
  "METHOD_TYPES_CHANGED",
  "warning",
  ["METHOD", "NOTIFICATION", "SPEC"],
  "Reports a method or notification whose request, result or notification definition is a different definition now.",
);
export const METHOD_MAY_REQUIRE_INPUT = defineRule(
  "METHOD_MAY_REQUIRE_INPUT",
  "warning",
  ["INPUT_REQUEST", "METHOD", "SPEC"],
  "Reports a request whose response may now be an input_required result that the client has to answer and retry.",
);
export const METHOD_NO_LONGER_REQUIRES_INPUT = defineRule(
  "METHOD_NO_LONGER_REQUIRES_INPUT",
  "info",
  ["INPUT_REQUEST", "METHOD", "SPEC"],
  "Reports a request whose response can no longer be an input_required result.",
);

export const METHOD_RULES = [
  METHOD_ADDED,
  METHOD_REMOVED,
  NOTIFICATION_ADDED,
  NOTIFICATION_REMOVED,
  METHOD_DIRECTION_ADDED,
  METHOD_DIRECTION_REMOVED,
  METHOD_BECAME_INPUT_REQUEST,
  INPUT_REQUEST_BECAME_METHOD,
  METHOD_TYPES_CHANGED,
  METHOD_MAY_REQUIRE_INPUT,
  METHOD_NO_LONGER_REQUIRES_INPUT,
] as const;
