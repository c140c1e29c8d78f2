import { defineRule } from "./rule.js";

// Definition- and property-level rules for spec revisions. Every spec definition is both
// written and read by some peer, so any change that is not a pure addition of something
// optional is reported at least as a warning.

export const DEFINITION_ADDED = defineRule("DEFINITION_ADDED", "info", ["DEFINITION", "SPEC"], "Reports a schema definition that the new revision adds.");
export const DEFINITION_REMOVED = defineRule(
  "DEFINITION_REMOVED",
  "warning",
  ["DEFINITION", "SPEC"],
  "Reports a schema definition that the new revision drops, so types generated from it disappear.",
);
export const PROPERTY_ADDED = defineRule("PROPERTY_ADDED", "info", ["PROPERTY", "SPEC"], "Reports an optional property added to a definition.");
export const REQUIRED_PROPERTY_ADDED = defineRule(
  "REQUIRED_PROPERTY_ADDED",
  "breaking",
  ["PROPERTY", "SPEC"],
  "Reports a required property added to a definition, so senders built for the old revision omit it.",
);
export const PROPERTY_REMOVED = defineRule(
  "PROPERTY_REMOVED",
  "breaking",
  ["PROPERTY", "SPEC"],
  "Reports a property removed from a definition, so readers that rely on it break.",
);
export const PROPERTY_BECAME_REQUIRED = defineRule(
  "PROPERTY_BECAME_REQUIRED",
  "breaking",
  ["PROPERTY", "SPEC"],
  "Reports an optional property that became required, so senders that omit it are now invalid.",
);
export const PROPERTY_BECAME_OPTIONAL = defineRule(
  "PROPERTY_BECAME_OPTIONAL",
  "warning",
  ["PROPERTY", "SPEC"],
  "Reports a required property that became optional, so readers must now cope with its absence.",
);
export const PROPERTY_TYPE_CHANGED = defineRule(
  "PROPERTY_TYPE_CHANGED",
  "breaking",
  ["PROPERTY", "SPEC"],
  "Reports a definition or property whose JSON type or referenced definition changed.",
);
export const ENUM_VALUE_ADDED = defineRule(
  "ENUM_VALUE_ADDED",
  "warning",
  ["PROPERTY", "SPEC"],
  "Reports an enum or const value that is now allowed, which readers with exhaustive handling do not expect.",
);
export const ENUM_VALUE_REMOVED = defineRule(
  "ENUM_VALUE_REMOVED",
  "breaking",
  ["PROPERTY", "SPEC"],
  "Reports an enum or const value that is no longer allowed, so senders that use it are now invalid.",
);
export const CONSTRAINT_CHANGED = defineRule(
  "CONSTRAINT_CHANGED",
  "warning",
  ["PROPERTY", "SPEC"],
  "Reports a changed bound, additionalProperties, uniqueItems or union arm of a definition or property.",
);
export const SCHEMA_CHANGE_UNDECIDABLE = defineRule(
  "SCHEMA_CHANGE_UNDECIDABLE",
  "warning",
  ["PROPERTY", "SPEC"],
  "Reports a schema change (pattern, format, composition) whose effect on compatibility mcp-gen cannot decide.",
);

export const DEFINITION_RULES = [
  DEFINITION_ADDED,
  DEFINITION_REMOVED,
  PROPERTY_ADDED,
  REQUIRED_PROPERTY_ADDED,
  PROPERTY_REMOVED,
  PROPERTY_BECAME_REQUIRED,
  PROPERTY_BECAME_OPTIONAL,
  PROPERTY_TYPE_CHANGED,
  ENUM_VALUE_ADDED,
  ENUM_VALUE_REMOVED,
  CONSTRAINT_CHANGED,
  SCHEMA_CHANGE_UNDECIDABLE,
] as const;
