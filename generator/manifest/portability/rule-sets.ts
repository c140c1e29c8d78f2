// The rule sets of the portability check: one per consumer of tool schemas whose accepted
// subset of JSON Schema is narrower than what MCP allows. Each names the documentation its rules
// come from and which of a tool's schemas the consumer reads (model APIs only see the input
// schema, as function parameters; MCP clients read both).

export const PORTABILITY_LEVELS = ["off", "warn", "error"] as const;
export type PortabilityLevel = (typeof PORTABILITY_LEVELS)[number];

export type SchemaRole = "input" | "output";

export interface RuleSet {
  readonly id: string;
  readonly title: string;
  /** Which tool schemas the consumer reads. */
  readonly roles: readonly SchemaRole[];
  /** The documentation the rule set as a whole follows. */
  readonly doc: string;
}

export const RULE_SETS = [
  {
    id: "openai-strict",
    title: "OpenAI function calling with `strict: true` (Structured Outputs subset)",
    roles: ["input"],
    doc: "https://platform.openai.com/docs/guides/structured-outputs#supported-schemas",
  },
  {
    id: "gemini",
    title: "Google Gemini function declarations (`parameters`: a subset of the OpenAPI 3.0 schema object)",
    roles: ["input"],
    doc: "https://ai.google.dev/api/caching#Schema",
  },
  {
    id: "anthropic",
    title: "Anthropic tool `input_schema` and the Claude clients that forward MCP tools",
    roles: ["input"],
    doc: "https://platform.claude.com/docs/en/agents-and-tools/tool-use/define-tools",
  },
  {
    id: "anthropic-strict",
    title: "Anthropic strict tool use (`strict: true`, the structured-outputs subset)",
    roles: ["input"],
    doc: "https://platform.claude.com/docs/en/build-with-claude/structured-outputs#json-schema-limitations",
  },
  {
    id: "mcp-inspector",
    title: "the MCP inspector's tool-schema portability lint (constructs MCP clients refuse)",
    roles: ["input", "output"],
    doc: "https://github.com/modelcontextprotocol/inspector/pull/2121",
  },
] as const satisfies readonly RuleSet[];

export type RuleSetId = (typeof RULE_SETS)[number]["id"];

export const RULE_SET_IDS: readonly RuleSetId[] = RULE_SETS.map((s) => s.id);

export function isRuleSetId(value: unknown): value is RuleSetId {
  return typeof value === "string" && (RULE_SET_IDS as readonly string[]).includes(value);
}

export function ruleSet(id: RuleSetId): RuleSet {
  return RULE_SETS.find((s) => s.id === id) as RuleSet;
}
