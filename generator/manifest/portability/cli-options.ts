// `--portability <level>` and `--portability-targets <ids>`, shared by `validate` and `generate`.
import { InvalidArgumentError, Option } from "commander";
import type { PortabilityOptions } from "./check.js";
import { isRuleSetId, PORTABILITY_LEVELS, type PortabilityLevel, RULE_SET_IDS, type RuleSetId } from "./rule-sets.js";

/** `all`, or a comma-separated list of rule set ids. */
export function parsePortabilityTargets(value: string): RuleSetId[] {
  const names = value.split(",").map((s) => s.trim()).filter((s) => s !== "");
  if (names.length === 1 && names[0] === "all") return [...RULE_SET_IDS];
  const unknown = names.filter((n) => !isRuleSetId(n));
  if (unknown.length > 0 || names.length === 0) {
    throw new InvalidArgumentError(`unknown rule set ${unknown.map((n) => `\`${n}\``).join(", ") || "(none given)"}; use \`all\` or some of: ${RULE_SET_IDS.join(", ")}`);
  }
  return names as RuleSetId[];
}

export function portabilityCliOptions(): Option[] {
  return [
    new Option("--portability <level>", "portability warnings: warn (default), error (fail on them) or off").choices([...PORTABILITY_LEVELS]),
    new Option("--portability-targets <ids>", `rule sets to check, over the manifest's portability.targets: all, or some of ${RULE_SET_IDS.join(",")}`).argParser(parsePortabilityTargets),
  ];
}

/** The two flags as commander parses them. */
export interface PortabilityFlags {
  portability?: PortabilityLevel;
  portabilityTargets?: RuleSetId[];
}

/** The commander flags as loader options (unset flags leave the manifest's settings in force). */
export function portabilityFromFlags(flags: PortabilityFlags): PortabilityOptions {
  return { ...(flags.portability ? { level: flags.portability } : {}), ...(flags.portabilityTargets ? { targets: flags.portabilityTargets } : {}) };
}
