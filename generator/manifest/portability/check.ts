// Portability warnings (issue 19, item 5): tool schema constructs that model tool-calling APIs or
// MCP clients reject or ignore, reported at the offending keyword, one stable code per rule
// (MCPGEN19xx), the message prefixed with its rule set and the hint ending in the documentation
// the rule comes from.
//
// DECISION RECORD — OPT-IN RULE SETS. With no `portability.targets` in the manifest and no
// `--portability-targets`, no rule set runs. Measured with every rule set on: the examples notes,
// shop and config get 7, 8 and 4 warnings (config's `type: [string, number, boolean]` even under
// the MCP inspector's set alone), and 11 of the 14 manifests of test/manifests/valid warn under
// OpenAI strict alone (54 warnings: mostly objects without `additionalProperties: false` and
// optional properties). None of these is a defect of an MCP server: OpenAI's and Anthropic's
// strict modes are switched on per tool by whoever writes the client, and Gemini's `parameters`
// subset binds only clients that forward schemas untranslated (Gemini also takes full JSON Schema
// as `parametersJsonSchema`). A server author cannot know which consumer is meant, so mcp-gen
// does not guess: the manifest names its targets (`portability: { targets: [...] }`) or a run
// does (`--portability-targets`), and the level (default `warn`; `error` fails validate and
// generate; `off` silences a manifest's targets) applies to what was named. The one rule every
// consumer shares, "an input schema's root is `type: object`" (Anthropic, OpenAI, MCP itself), is
// already an error of its own (MCPGEN1501) and is not repeated here.
import type { JsonPath } from "../../diagnostics/json-path.js";
import { entriesOf, isMap } from "../raw.js";
import type { Reporter } from "../reporter.js";
import { isRuleSetId, type PortabilityLevel, ruleSet, type RuleSetId, type SchemaRole } from "./rule-sets.js";
import type { Finding, PortabilityRule, SchemaNode } from "./rule-types.js";
import { PORTABILITY_RULES } from "./rules.js";
import { walkToolSchema } from "./walk.js";

/** What a run asks for; each field, when set, wins over the manifest's `portability` section. */
export interface PortabilityOptions {
  readonly level?: PortabilityLevel;
  readonly targets?: readonly RuleSetId[];
}

export interface PortabilitySettings {
  readonly level: PortabilityLevel;
  readonly targets: readonly RuleSetId[];
}

/** The level and targets in effect: the run's options over the manifest's section over the defaults. */
export function portabilitySettings(data: unknown, options: PortabilityOptions = {}): PortabilitySettings {
  const section = isMap(data) && isMap(data["portability"]) ? data["portability"] : {};
  const level = section["level"];
  const manifestLevel: PortabilityLevel = level === "off" || level === "error" ? level : "warn";
  const manifestTargets = Array.isArray(section["targets"]) ? section["targets"].filter(isRuleSetId) : [];
  return { level: options.level ?? manifestLevel, targets: [...new Set(options.targets ?? manifestTargets)] };
}

function fill(template: string, detail: string): string {
  return template.replaceAll("{detail}", detail);
}

function findingsOf(rule: PortabilityRule, node: SchemaNode): readonly Finding[] {
  const match = rule.match;
  if (match.kind === "shape") return match.test(node);
  if (match.kind !== "keyword" || typeof node.schema !== "object") return [];
  if (match.where === "root" && node.via !== "root") return [];
  const schema = node.schema;
  return match.keywords.filter((k) => Object.hasOwn(schema, k)).map((k) => ({ at: [k], target: "key" as const, detail: k }));
}

function checkSchema(schema: unknown, path: JsonPath, rules: readonly PortabilityRule[], definitions: Record<string, unknown>, report: (rule: PortabilityRule, at: JsonPath, finding: Finding) => void): void {
  const totals = walkToolSchema(schema, path, definitions, (node) => {
    for (const rule of rules) for (const finding of findingsOf(rule, node)) report(rule, node.path, finding);
  });
  for (const rule of rules) {
    if (rule.match.kind !== "total") continue;
    const count = totals[rule.match.measure];
    if (count > rule.match.limit) report(rule, path, { at: [], target: "key", detail: String(count) });
  }
}

/** Reports the portability findings of every tool's input and output schema. */
export function checkPortability(data: unknown, reporter: Reporter, options: PortabilityOptions = {}): void {
  if (!isMap(data)) return;
  const { level, targets } = portabilitySettings(data, options);
  if (level === "off" || targets.length === 0) return;
  const definitions = isMap(data["definitions"]) ? data["definitions"] : {};
  const severity = level === "error" ? "error" : "warning";
  const report = (rule: PortabilityRule, at: JsonPath, finding: Finding): void => {
    const message = `[${rule.ruleSet}] ${fill(rule.message, finding.detail)}`;
    reporter.report(rule.code, [...at, ...finding.at], message, `${rule.hint} (${rule.id}: ${rule.doc})`, { severity, target: finding.target });
  };
  const rulesFor = (role: SchemaRole): PortabilityRule[] => PORTABILITY_RULES.filter((r) => targets.includes(r.ruleSet) && (ruleSet(r.ruleSet).roles as readonly string[]).includes(role));
  const byRole = { input: rulesFor("input"), output: rulesFor("output") };
  for (const [name, tool] of entriesOf(data["tools"])) {
    if (!isMap(tool)) continue;
    for (const role of ["input", "output"] as const) {
      if (role in tool && byRole[role].length > 0) checkSchema(tool[role], ["tools", name, role], byRole[role], definitions, report);
    }
  }
}
