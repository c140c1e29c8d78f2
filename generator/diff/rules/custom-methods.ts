import { defineRule } from "./rule.js";

// Rules over the extensions a server offers and the custom methods and notifications they add
// (manifest `extensions`, `methods`, `notifications`; docs/extensions.md). Params and result
// schemas are compared with the INPUT_* and OUTPUT_* rules, as a tool's input and output are.

export const EXTENSION_ADDED = defineRule("EXTENSION_ADDED", "info", ["EXTENSION", "MANIFEST"], "Reports an extension that the new server advertises under capabilities.extensions.");
export const EXTENSION_REMOVED = defineRule(
  "EXTENSION_REMOVED",
  "breaking",
  ["EXTENSION", "MANIFEST"],
  "Reports an extension that the new server no longer advertises, so clients relying on it fall back or fail.",
);
export const EXTENSION_SETTINGS_CHANGED = defineRule(
  "EXTENSION_SETTINGS_CHANGED",
  "warning",
  ["EXTENSION", "MANIFEST"],
  "Reports an advertised extension whose settings object changed, which clients may read to decide what to use.",
);
export const CUSTOM_METHOD_ADDED = defineRule("CUSTOM_METHOD_ADDED", "info", ["CUSTOM_METHOD", "MANIFEST"], "Reports a custom request method that the new server serves.");
export const CUSTOM_METHOD_REMOVED = defineRule(
  "CUSTOM_METHOD_REMOVED",
  "breaking",
  ["CUSTOM_METHOD", "MANIFEST"],
  "Reports a custom request method that the new server no longer serves, so callers get -32601.",
);
export const CUSTOM_METHOD_EXTENSION_CHANGED = defineRule(
  "CUSTOM_METHOD_EXTENSION_CHANGED",
  "breaking",
  ["CUSTOM_METHOD", "MANIFEST"],
  "Reports a custom method or notification that moved to another extension, so clients declaring the old one get -32021 or are not heard.",
);
export const CUSTOM_NOTIFICATION_ADDED = defineRule("CUSTOM_NOTIFICATION_ADDED", "info", ["CUSTOM_METHOD", "MANIFEST"], "Reports a custom notification that the new server sends or handles.");
export const CUSTOM_NOTIFICATION_REMOVED = defineRule(
  "CUSTOM_NOTIFICATION_REMOVED",
  "warning",
  ["CUSTOM_METHOD", "MANIFEST"],
  "Reports a custom notification that the new server no longer sends or handles, so listeners hear nothing and senders are ignored.",
);
export const CUSTOM_NOTIFICATION_DIRECTION_CHANGED = defineRule(
  "CUSTOM_NOTIFICATION_DIRECTION_CHANGED",
  "breaking",
  ["CUSTOM_METHOD", "MANIFEST"],
  "Reports a custom notification whose direction changed, so neither side's code for it works any more.",
);

export const CUSTOM_METHOD_RULES = [
  EXTENSION_ADDED,
  EXTENSION_REMOVED,
  EXTENSION_SETTINGS_CHANGED,
  CUSTOM_METHOD_ADDED,
  CUSTOM_METHOD_REMOVED,
  CUSTOM_METHOD_EXTENSION_CHANGED,
  CUSTOM_NOTIFICATION_ADDED,
  CUSTOM_NOTIFICATION_REMOVED,
  CUSTOM_NOTIFICATION_DIRECTION_CHANGED,
] as const;
