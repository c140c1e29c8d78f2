import type { Rule } from "../types.js";
import { CAPABILITY_RULES } from "./capabilities.js";
import { CUSTOM_METHOD_RULES } from "./custom-methods.js";
import { DEFINITION_RULES } from "./definitions.js";
import { ERROR_CODE_RULES } from "./error-codes.js";
import { INPUT_REQUEST_RULES } from "./input-requests.js";
import { INPUT_SCHEMA_RULES } from "./input-schema.js";
import { MANIFEST_RULES } from "./manifest.js";
import { METHOD_RULES } from "./methods.js";
import { OUTPUT_SCHEMA_RULES } from "./output-schema.js";

/** Every rule, in listing order: spec rules first, then manifest rules, each group as declared. */
export const ALL_RULES: readonly Rule[] = [
  ...METHOD_RULES,
  ...DEFINITION_RULES,
  ...CAPABILITY_RULES,
  ...ERROR_CODE_RULES,
  ...MANIFEST_RULES,
  ...INPUT_REQUEST_RULES,
  ...INPUT_SCHEMA_RULES,
  ...OUTPUT_SCHEMA_RULES,
  ...CUSTOM_METHOD_RULES,
];

const BY_ID = new Map(ALL_RULES.map((rule) => [rule.id, rule]));
if (BY_ID.size !== ALL_RULES.length) throw new Error("duplicate diff rule id");

export function ruleById(id: string): Rule | undefined {
  return BY_ID.get(id);
}
