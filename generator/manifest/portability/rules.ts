// Every portability rule, as data (rule-types.ts), grouped by rule set (rule-sets.ts). Each rule
// cites the documentation it comes from; where a provider's page is silent and a client's
// behaviour is known from its issue tracker, the rule cites that report instead. The facts were
// read in December 2026; providers widen their subsets over time, so a rule that no longer holds
// is removed (its code is then retired, never reused).
import type { Finding, PortabilityRule, SchemaNode } from "./rule-types.js";

const OPENAI = "https://platform.openai.com/docs/guides/structured-outputs#supported-schemas";
const GEMINI = "https://ai.google.dev/api/caching#Schema";
const ANTHROPIC_STRICT = "https://platform.claude.com/docs/en/build-with-claude/structured-outputs#json-schema-limitations";
const CLAUDE_ROOT = "https://github.com/anthropics/claude-code/issues/95504";
const INSPECTOR = "https://github.com/modelcontextprotocol/inspector/pull/2121";
const INSPECTOR_ISSUE = "https://github.com/modelcontextprotocol/inspector/issues/1005";

/** OpenAI's documented string formats for Structured Outputs. */
const OPENAI_FORMATS = ["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"];
/** Gemini's Schema.format: the formats it names per type. */
const GEMINI_FORMATS: Record<string, readonly string[]> = { number: ["float", "double"], integer: ["int32", "int64"], string: ["enum", "date-time"] };
/** Keywords that make a node describe something other than "any value" without a `type`. */
const TYPING_KEYWORDS = ["type", "$ref", "enum", "const", "anyOf", "oneOf", "allOf"];

function objectOf(node: SchemaNode): Readonly<Record<string, unknown>> | undefined {
  return typeof node.schema === "object" ? node.schema : undefined;
}

function isObjectSchema(schema: Readonly<Record<string, unknown>>): boolean {
  const type = schema["type"];
  return type === "object" || (Array.isArray(type) && type.includes("object")) || (type === undefined && "properties" in schema);
}

/** Where to point for "this object lacks X": its `type`, else its `properties`, else the node. */
function objectAnchor(schema: Readonly<Record<string, unknown>>): Finding["at"] {
  return "type" in schema ? ["type"] : "properties" in schema ? ["properties"] : [];
}

function closedObjects(node: SchemaNode): Finding[] {
  const s = objectOf(node);
  if (!s || !isObjectSchema(s) || s["additionalProperties"] === false) return [];
  if ("additionalProperties" in s) return [{ at: ["additionalProperties"], target: "value", detail: `it has \`additionalProperties: ${JSON.stringify(s["additionalProperties"])}\`` }];
  return [{ at: objectAnchor(s), target: "key", detail: "it has none" }];
}

function optionalProperties(node: SchemaNode): Finding[] {
  const s = objectOf(node);
  const properties = s?.["properties"];
  if (!s || properties === null || typeof properties !== "object" || Array.isArray(properties)) return [];
  const required = new Set(Array.isArray(s["required"]) ? s["required"] : []);
  return Object.keys(properties)
    .filter((name) => !required.has(name))
    .map((name) => ({ at: ["properties", name], target: "key" as const, detail: name }));
}

function openaiFormat(node: SchemaNode): Finding[] {
  const format = objectOf(node)?.["format"];
  return typeof format === "string" && !OPENAI_FORMATS.includes(format) ? [{ at: ["format"], target: "value", detail: format }] : [];
}

function geminiFormat(node: SchemaNode): Finding[] {
  const s = objectOf(node);
  const format = s?.["format"];
  if (!s || typeof format !== "string") return [];
  const allowed = typeof s["type"] === "string" ? (GEMINI_FORMATS[s["type"]] ?? []) : [];
  return allowed.includes(format) ? [] : [{ at: ["format"], target: "value", detail: format }];
}

function tooDeep(limit: number) {
  return (node: SchemaNode): Finding[] => {
    const s = objectOf(node);
    // Reported once, on the first object past the limit; deeper ones are the same problem.
    return s && isObjectSchema(s) && node.objectDepth === limit + 1 ? [{ at: [], target: "key", detail: String(node.objectDepth) }] : [];
  };
}

function typeList(node: SchemaNode): Finding[] {
  const type = objectOf(node)?.["type"];
  return Array.isArray(type) ? [{ at: ["type"], target: "value", detail: JSON.stringify(type) }] : [];
}

function booleanSchema(node: SchemaNode): Finding[] {
  return typeof node.schema === "boolean" && node.via !== "other" ? [{ at: [], target: "value", detail: String(node.schema) }] : [];
}

function missingType(node: SchemaNode): Finding[] {
  const s = objectOf(node);
  if (!s || !(node.via === "property" || node.via === "element" || node.via === "root")) return [];
  return TYPING_KEYWORDS.some((k) => k in s) ? [] : [{ at: [], target: "key", detail: "" }];
}

export const PORTABILITY_RULES: readonly PortabilityRule[] = [
  // ---- OpenAI strict ----------------------------------------------------------------------------
  { id: "openai-strict/root-any-of", code: "MCPGEN1901", ruleSet: "openai-strict", match: { kind: "keyword", keywords: ["anyOf"], where: "root" }, message: "OpenAI strict mode rejects `anyOf` at the root of the parameters schema", hint: "move the alternatives into a property, e.g. `{ type: object, properties: { query: { anyOf: [...] } } }`", doc: OPENAI },
  { id: "openai-strict/additional-properties", code: "MCPGEN1902", ruleSet: "openai-strict", match: { kind: "shape", test: closedObjects }, message: "OpenAI strict mode needs `additionalProperties: false` on every object ({detail})", hint: "add `additionalProperties: false` to this object", doc: OPENAI },
  { id: "openai-strict/all-required", code: "MCPGEN1903", ruleSet: "openai-strict", match: { kind: "shape", test: optionalProperties }, message: "OpenAI strict mode needs every property in `required`; `{detail}` is optional", hint: "list it in `required` and let it be null instead of absent: `type: [<type>, \"null\"]`", doc: OPENAI },
  { id: "openai-strict/composition", code: "MCPGEN1904", ruleSet: "openai-strict", match: { kind: "keyword", keywords: ["allOf", "not", "if", "then", "else", "dependentRequired", "dependentSchemas"], where: "any" }, message: "OpenAI strict mode does not support `{detail}`", hint: "express the constraint with `anyOf`, `enum` or separate properties, or check it in the handler", doc: OPENAI },
  { id: "openai-strict/unsupported-keyword", code: "MCPGEN1905", ruleSet: "openai-strict", match: { kind: "keyword", keywords: ["minLength", "maxLength", "patternProperties", "unevaluatedProperties", "propertyNames", "minProperties", "maxProperties", "unevaluatedItems", "contains", "minContains", "maxContains", "uniqueItems"], where: "any" }, message: "`{detail}` is not in the JSON Schema subset OpenAI strict mode supports", hint: "drop it from the published schema and check it in the handler (describe the limit in `description` for the model)", doc: OPENAI },
  { id: "openai-strict/format", code: "MCPGEN1906", ruleSet: "openai-strict", match: { kind: "shape", test: openaiFormat }, message: "OpenAI strict mode supports only the formats date-time, time, date, duration, email, hostname, ipv4, ipv6 and uuid, not `{detail}`", hint: "use a `pattern`, or one of the supported formats", doc: OPENAI },
  { id: "openai-strict/nesting-depth", code: "MCPGEN1907", ruleSet: "openai-strict", match: { kind: "shape", test: tooDeep(10) }, message: "OpenAI strict mode allows at most 10 levels of nested objects; this object is level {detail}", hint: "flatten the arguments, or pass the deep part as a JSON string", doc: OPENAI },
  { id: "openai-strict/property-count", code: "MCPGEN1908", ruleSet: "openai-strict", match: { kind: "total", measure: "properties", limit: 5000 }, message: "OpenAI strict mode allows at most 5000 object properties in one schema; this one has {detail}", hint: "split the tool, or accept a map (`additionalProperties`) for the long tail", doc: OPENAI },
  { id: "openai-strict/enum-count", code: "MCPGEN1909", ruleSet: "openai-strict", match: { kind: "total", measure: "enumValues", limit: 1000 }, message: "OpenAI strict mode allows at most 1000 enum values in one schema; this one has {detail}", hint: "accept a string and check it in the handler, or offer completions", doc: OPENAI },

  // ---- Gemini -------------------------------------------------------------------------------------
  { id: "gemini/ref", code: "MCPGEN1921", ruleSet: "gemini", match: { kind: "keyword", keywords: ["$ref", "$defs", "definitions"], where: "any" }, message: "Gemini function declarations have no `{detail}` (the OpenAPI subset of `parameters` has no references)", hint: "inline the referenced schema (clients that forward MCP tools to Gemini must otherwise resolve it themselves)", doc: GEMINI },
  { id: "gemini/composition", code: "MCPGEN1922", ruleSet: "gemini", match: { kind: "keyword", keywords: ["oneOf", "allOf", "not", "if", "then", "else"], where: "any" }, message: "Gemini function declarations do not support `{detail}` (only `anyOf`)", hint: "use `anyOf`, or merge the branches into one object", doc: GEMINI },
  { id: "gemini/additional-properties", code: "MCPGEN1923", ruleSet: "gemini", match: { kind: "keyword", keywords: ["additionalProperties"], where: "any" }, message: "Gemini function declarations reject `additionalProperties` (unknown field of Schema)", hint: "drop it from the published schema; the generated server still checks the arguments it receives", doc: GEMINI },
  { id: "gemini/type-list", code: "MCPGEN1924", ruleSet: "gemini", match: { kind: "shape", test: typeList }, message: "Gemini's Schema.type is one type, not a list ({detail})", hint: "use one `type` and `nullable: true`, or `anyOf` of single-type schemas", doc: GEMINI },
  { id: "gemini/format", code: "MCPGEN1925", ruleSet: "gemini", match: { kind: "shape", test: geminiFormat }, message: "Gemini supports the formats float/double (number), int32/int64 (integer) and enum/date-time (string), not `{detail}` here", hint: "drop the format or use a `pattern`, and describe it in `description`", doc: GEMINI },
  { id: "gemini/unsupported-keyword", code: "MCPGEN1926", ruleSet: "gemini", match: { kind: "keyword", keywords: ["const", "patternProperties", "prefixItems", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "uniqueItems", "contains", "minContains", "maxContains", "propertyNames", "unevaluatedProperties", "unevaluatedItems", "dependentRequired", "dependentSchemas"], where: "any" }, message: "`{detail}` is not a field of Gemini's Schema object", hint: "drop it from the published schema (`const` → a one-value `enum`) and check it in the handler", doc: GEMINI },

  // ---- Anthropic ----------------------------------------------------------------------------------
  { id: "anthropic/root-composition", code: "MCPGEN1941", ruleSet: "anthropic", match: { kind: "keyword", keywords: ["anyOf", "oneOf", "allOf", "not", "if"], where: "root" }, message: "Claude clients drop a tool whose input schema has `{detail}` at its root", hint: "keep the root a plain object: move the alternatives into a property, or check the combination in the handler", doc: CLAUDE_ROOT },
  { id: "anthropic-strict/additional-properties", code: "MCPGEN1942", ruleSet: "anthropic-strict", match: { kind: "shape", test: closedObjects }, message: "Anthropic strict tool use needs `additionalProperties: false` on every object ({detail})", hint: "add `additionalProperties: false` to this object", doc: ANTHROPIC_STRICT },
  { id: "anthropic-strict/constraint", code: "MCPGEN1943", ruleSet: "anthropic-strict", match: { kind: "keyword", keywords: ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength"], where: "any" }, message: "Anthropic strict tool use does not support the constraint `{detail}`", hint: "describe the limit in `description` and check it in the handler", doc: ANTHROPIC_STRICT },

  // ---- MCP inspector ------------------------------------------------------------------------------
  { id: "mcp-inspector/boolean-schema", code: "MCPGEN1961", ruleSet: "mcp-inspector", match: { kind: "shape", test: booleanSchema }, message: "a boolean schema (`{detail}`) here is valid JSON Schema, but MCP clients such as Claude Code refuse the tool list", hint: "write `{}` with a `type` (e.g. `{ type: object }`) or a `description`, instead of `true`", doc: INSPECTOR },
  { id: "mcp-inspector/missing-type", code: "MCPGEN1962", ruleSet: "mcp-inspector", match: { kind: "shape", test: missingType }, message: "this schema has no `type` (nor `$ref`, `enum`, `const` or a composition); some MCP clients skip such tools", hint: "give it a `type`", doc: INSPECTOR_ISSUE },
  { id: "mcp-inspector/type-list", code: "MCPGEN1963", ruleSet: "mcp-inspector", match: { kind: "shape", test: typeList }, message: "a list of types ({detail}) is not understood by every MCP client and model API", hint: "use one `type`; for an optional value, leave it out of `required` instead of adding \"null\"", doc: INSPECTOR_ISSUE },
];
