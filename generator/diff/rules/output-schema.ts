import { defineRule } from "./rule.js";

// Output schemas (structuredContent) are judged for EXISTING READERS: the question is
// "does every result of the new server still fit what old readers were written for?".
// Widening breaks readers; narrowing is compatible.

export const OUTPUT_SCHEMA_ADDED = defineRule("OUTPUT_SCHEMA_ADDED", "info", ["MANIFEST", "OUTPUT_SCHEMA"], "Reports a tool that now declares typed structured output.");
export const OUTPUT_SCHEMA_REMOVED = defineRule(
  "OUTPUT_SCHEMA_REMOVED",
  "breaking",
  ["MANIFEST", "OUTPUT_SCHEMA"],
  "Reports a tool that no longer declares structured output, so readers of structuredContent lose it.",
);
export const OUTPUT_PROPERTY_ADDED = defineRule("OUTPUT_PROPERTY_ADDED", "info", ["MANIFEST", "OUTPUT_SCHEMA"], "Reports a property that results may now carry.");
export const OUTPUT_PROPERTY_REMOVED = defineRule(
  "OUTPUT_PROPERTY_REMOVED",
  "breaking",
  ["MANIFEST", "OUTPUT_SCHEMA"],
  "Reports a result property that the new schema no longer declares, so readers of it break.",
);
export const OUTPUT_PROPERTY_BECAME_OPTIONAL = defineRule(
  "OUTPUT_PROPERTY_BECAME_OPTIONAL",
  "breaking",
  ["MANIFEST", "OUTPUT_SCHEMA"],
  "Reports a result property that may now be absent, so readers that expect it break.",
);
export const OUTPUT_PROPERTY_BECAME_REQUIRED = defineRule("OUTPUT_PROPERTY_BECAME_REQUIRED", "info", ["MANIFEST", "OUTPUT_SCHEMA"], "Reports a result property that is now always present.");
export const OUTPUT_TYPE_WIDENED = defineRule(
  "OUTPUT_TYPE_WIDENED",
  "breaking",
  ["MANIFEST", "OUTPUT_SCHEMA"],
  "Reports a result type that now admits values it did not (widened or changed), so readers meet unexpected values.",
);
export const OUTPUT_TYPE_NARROWED = defineRule("OUTPUT_TYPE_NARROWED", "info", ["MANIFEST", "OUTPUT_SCHEMA"], "Reports a result type that now admits fewer values than before.");
export const OUTPUT_ENUM_VALUE_ADDED = defineRule(
  "OUTPUT_ENUM_VALUE_ADDED",
  "breaking",
  ["MANIFEST", "OUTPUT_SCHEMA"],
  "Reports an enum value that results may now take, which readers with exhaustive handling do not expect.",
);
export const OUTPUT_ENUM_VALUE_REMOVED = defineRule("OUTPUT_ENUM_VALUE_REMOVED", "info", ["MANIFEST", "OUTPUT_SCHEMA"], "Reports an enum or const value that results no longer take.");
export const OUTPUT_CONSTRAINT_WIDENED = defineRule(
  "OUTPUT_CONSTRAINT_WIDENED",
  "breaking",
  ["MANIFEST", "OUTPUT_SCHEMA"],
  "Reports a looser bound, opened additionalProperties, dropped restriction or added union arm on a result value.",
);
export const OUTPUT_CONSTRAINT_NARROWED = defineRule(
  "OUTPUT_CONSTRAINT_NARROWED",
  "info",
  ["MANIFEST", "OUTPUT_SCHEMA"],
  "Reports a tighter bound, closed additionalProperties, new restriction or dropped union arm on a result value.",
);
export const OUTPUT_SCHEMA_UNDECIDABLE = defineRule(
  "OUTPUT_SCHEMA_UNDECIDABLE",
  "warning",
  ["MANIFEST", "OUTPUT_SCHEMA"],
  "Reports a result schema change (pattern, format, composition) whose effect on existing readers mcp-gen cannot decide.",
);

export const OUTPUT_SCHEMA_RULES = [
  OUTPUT_SCHEMA_ADDED,
  OUTPUT_SCHEMA_REMOVED,
  OUTPUT_PROPERTY_ADDED,
  OUTPUT_PROPERTY_REMOVED,
  OUTPUT_PROPERTY_BECAME_OPTIONAL,
  OUTPUT_PROPERTY_BECAME_REQUIRED,
  OUTPUT_TYPE_WIDENED,
  OUTPUT_TYPE_NARROWED,
  OUTPUT_ENUM_VALUE_ADDED,
  OUTPUT_ENUM_VALUE_REMOVED,
  OUTPUT_CONSTRAINT_WIDENED,
  OUTPUT_CONSTRAINT_NARROWED,
  OUTPUT_SCHEMA_UNDECIDABLE,
] as const;
