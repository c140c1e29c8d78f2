import { defineRule } from "./rule.js";

// Input schemas (tool arguments) are judged for EXISTING CALLERS: the question is "does the
// new server still accept every call the old one accepted?". Narrowing breaks callers;
// widening is compatible.

export const INPUT_REQUIRED_PROPERTY_ADDED = defineRule(
  "INPUT_REQUIRED_PROPERTY_ADDED",
  "breaking",
  ["INPUT_SCHEMA", "MANIFEST"],
  "Reports a new required argument that existing callers do not send.",
);
export const INPUT_OPTIONAL_PROPERTY_ADDED = defineRule("INPUT_OPTIONAL_PROPERTY_ADDED", "info", ["INPUT_SCHEMA", "MANIFEST"], "Reports a new optional argument, which existing callers may omit.");
export const INPUT_PROPERTY_REMOVED = defineRule(
  "INPUT_PROPERTY_REMOVED",
  "breaking",
  ["INPUT_SCHEMA", "MANIFEST"],
  "Reports an argument that the new schema no longer declares, so callers that send it are rejected or ignored.",
);
export const INPUT_PROPERTY_BECAME_REQUIRED = defineRule(
  "INPUT_PROPERTY_BECAME_REQUIRED",
  "breaking",
  ["INPUT_SCHEMA", "MANIFEST"],
  "Reports an optional argument that became required, so callers that omit it are rejected.",
);
export const INPUT_PROPERTY_BECAME_OPTIONAL = defineRule("INPUT_PROPERTY_BECAME_OPTIONAL", "info", ["INPUT_SCHEMA", "MANIFEST"], "Reports a required argument that became optional.");
export const INPUT_TYPE_NARROWED = defineRule(
  "INPUT_TYPE_NARROWED",
  "breaking",
  ["INPUT_SCHEMA", "MANIFEST"],
  "Reports an argument type that no longer admits every value it did (narrowed or changed), so some existing calls are rejected.",
);
export const INPUT_TYPE_WIDENED = defineRule("INPUT_TYPE_WIDENED", "info", ["INPUT_SCHEMA", "MANIFEST"], "Reports an argument type that now admits more values than before.");
export const INPUT_ENUM_VALUE_REMOVED = defineRule(
  "INPUT_ENUM_VALUE_REMOVED",
  "breaking",
  ["INPUT_SCHEMA", "MANIFEST"],
  "Reports an enum or const value that arguments may no longer take, so calls that use it are rejected.",
);
export const INPUT_ENUM_VALUE_ADDED = defineRule("INPUT_ENUM_VALUE_ADDED", "info", ["INPUT_SCHEMA", "MANIFEST"], "Reports an enum value that arguments may now also take.");
export const INPUT_CONSTRAINT_NARROWED = defineRule(
  "INPUT_CONSTRAINT_NARROWED",
  "breaking",
  ["INPUT_SCHEMA", "MANIFEST"],
  "Reports a tighter bound, closed additionalProperties, new enum restriction, uniqueItems or dropped union arm on an argument.",
);
export const INPUT_CONSTRAINT_WIDENED = defineRule(
  "INPUT_CONSTRAINT_WIDENED",
  "info",
  ["INPUT_SCHEMA", "MANIFEST"],
  "Reports a looser bound, opened additionalProperties, dropped restriction or added union arm on an argument.",
);
export const INPUT_SCHEMA_UNDECIDABLE = defineRule(
  "INPUT_SCHEMA_UNDECIDABLE",
  "warning",
  ["INPUT_SCHEMA", "MANIFEST"],
  "Reports an argument schema change (pattern, format, composition) whose effect on existing callers mcp-gen cannot decide.",
);

export const INPUT_SCHEMA_RULES = [
  INPUT_REQUIRED_PROPERTY_ADDED,
  INPUT_OPTIONAL_PROPERTY_ADDED,
  INPUT_PROPERTY_REMOVED,
  INPUT_PROPERTY_BECAME_REQUIRED,
  INPUT_PROPERTY_BECAME_OPTIONAL,
  INPUT_TYPE_NARROWED,
  INPUT_TYPE_WIDENED,
  INPUT_ENUM_VALUE_REMOVED,
  INPUT_ENUM_VALUE_ADDED,
  INPUT_CONSTRAINT_NARROWED,
  INPUT_CONSTRAINT_WIDENED,
  INPUT_SCHEMA_UNDECIDABLE,
] as const;
