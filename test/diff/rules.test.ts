import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { diffArguments } from "../../generator/diff/diff.js";
import { ALL_RULES, ruleById } from "../../generator/diff/rules/index.js";

const TESTDATA = join(import.meta.dirname, "testdata");

/**
 * One old/new pair per rule (buf style): the pair must raise that rule at exactly this path,
 * and only there. Written by hand from the testdata files, not from the code under test.
 */
const EXPECTED_PATH: Record<string, string> = {
  METHOD_ADDED: "tools/list",
  METHOD_REMOVED: "tools/list",
  NOTIFICATION_ADDED: "notifications/initialized",
  NOTIFICATION_REMOVED: "notifications/initialized",
  METHOD_DIRECTION_ADDED: "ping",
  METHOD_DIRECTION_REMOVED: "ping",
  METHOD_BECAME_INPUT_REQUEST: "elicitation/create",
  INPUT_REQUEST_BECAME_METHOD: "elicitation/create",
  METHOD_TYPES_CHANGED: "tools/list",
  METHOD_MAY_REQUIRE_INPUT: "tools/call",
  METHOD_NO_LONGER_REQUIRES_INPUT: "tools/call",
  DEFINITION_ADDED: "Foo",
  DEFINITION_REMOVED: "Foo",
  PROPERTY_ADDED: "Foo#/properties/b",
  REQUIRED_PROPERTY_ADDED: "Foo#/properties/b",
  PROPERTY_REMOVED: "Foo#/properties/b",
  PROPERTY_BECAME_REQUIRED: "Foo#/properties/a",
  PROPERTY_BECAME_OPTIONAL: "Foo#/properties/a",
  PROPERTY_TYPE_CHANGED: "Foo#/properties/a",
  ENUM_VALUE_ADDED: "Foo#/properties/level",
  ENUM_VALUE_REMOVED: "Foo#/properties/level",
  CONSTRAINT_CHANGED: "Foo#/properties/a",
  SCHEMA_CHANGE_UNDECIDABLE: "Foo#/properties/a",
  CAPABILITY_ADDED: "ServerCapabilities.prompts",
  CAPABILITY_REMOVED: "ServerCapabilities.prompts",
  ERROR_CODE_ADDED: "-32020",
  ERROR_CODE_REMOVED: "-32020",
  ERROR_CODE_RENUMBERED: "HEADER_MISMATCH_ERROR",
  TOOL_ADDED: "tools.shout",
  TOOL_REMOVED: "tools.shout",
  TOOL_SAFETY_HINT_WEAKENED: "tools.echo.annotations.readOnlyHint",
  PROMPT_ADDED: "prompts.greet",
  PROMPT_REMOVED: "prompts.greet",
  PROMPT_REQUIRED_ARGUMENT_ADDED: "prompts.greet.arguments.lang",
  PROMPT_OPTIONAL_ARGUMENT_ADDED: "prompts.greet.arguments.lang",
  PROMPT_ARGUMENT_REMOVED: "prompts.greet.arguments.lang",
  PROMPT_ARGUMENT_BECAME_REQUIRED: "prompts.greet.arguments.name",
  PROMPT_ARGUMENT_BECAME_OPTIONAL: "prompts.greet.arguments.name",
  RESOURCE_ADDED: "resources.config",
  RESOURCE_REMOVED: "resources.config",
  RESOURCE_URI_CHANGED: "resources.config",
  RESOURCE_MIME_TYPE_CHANGED: "resources.config",
  RESOURCE_SUBSCRIPTION_REMOVED: "resources.config",
  TEMPLATE_ADDED: "templates.note",
  TEMPLATE_REMOVED: "templates.note",
  TEMPLATE_URI_CHANGED: "templates.note",
  HANDLE_ADDED: "handles.cart",
  HANDLE_REMOVED: "handles.cart",
  HANDLE_TTL_SHORTENED: "handles.cart",
  REVISION_ADDED: "protocol.2025-11-25",
  REVISION_DROPPED: "protocol.2025-11-25",
  INPUT_REQUEST_ADDED: "tools.echo.inputs.confirm",
  INPUT_REQUEST_REMOVED: "tools.echo.inputs.confirm",
  INPUT_REQUEST_KIND_CHANGED: "tools.echo.inputs.ask",
  INPUT_REQUEST_CAPABILITY_CHANGED: "tools.echo.inputs.draft",
  INPUT_REQUEST_SCHEMA_NARROWED: "tools.echo.inputs.confirm.schema#/properties/reason",
  INPUT_REQUEST_SCHEMA_WIDENED: "tools.echo.inputs.confirm.schema#/properties/reason",
  INPUT_REQUEST_SCHEMA_UNDECIDABLE: "tools.echo.inputs.confirm.schema#/properties/contact/format",
  INPUT_REQUIRED_PROPERTY_ADDED: "tools.echo.input#/properties/loud",
  INPUT_OPTIONAL_PROPERTY_ADDED: "tools.echo.input#/properties/loud",
  INPUT_PROPERTY_REMOVED: "tools.echo.input#/properties/loud",
  INPUT_PROPERTY_BECAME_REQUIRED: "tools.echo.input#/properties/loud",
  INPUT_PROPERTY_BECAME_OPTIONAL: "tools.echo.input#/properties/text",
  INPUT_TYPE_NARROWED: "tools.echo.input#/properties/count",
  INPUT_TYPE_WIDENED: "tools.echo.input#/properties/count",
  INPUT_ENUM_VALUE_REMOVED: "tools.echo.input#/properties/mode",
  INPUT_ENUM_VALUE_ADDED: "tools.echo.input#/properties/mode",
  INPUT_CONSTRAINT_NARROWED: "tools.echo.input#/properties/text",
  INPUT_CONSTRAINT_WIDENED: "tools.echo.input#/properties/text",
  INPUT_SCHEMA_UNDECIDABLE: "tools.echo.input#/properties/text",
  OUTPUT_SCHEMA_ADDED: "tools.echo.output",
  OUTPUT_SCHEMA_REMOVED: "tools.echo.output",
  OUTPUT_PROPERTY_ADDED: "tools.echo.output#/properties/length",
  OUTPUT_PROPERTY_REMOVED: "tools.echo.output#/properties/length",
  OUTPUT_PROPERTY_BECAME_OPTIONAL: "tools.echo.output#/properties/echoed",
  OUTPUT_PROPERTY_BECAME_REQUIRED: "tools.echo.output#/properties/length",
  OUTPUT_TYPE_WIDENED: "tools.echo.output#/properties/length",
  OUTPUT_TYPE_NARROWED: "tools.echo.output#/properties/length",
  OUTPUT_ENUM_VALUE_ADDED: "tools.echo.output#/properties/status",
  OUTPUT_ENUM_VALUE_REMOVED: "tools.echo.output#/properties/status",
  OUTPUT_CONSTRAINT_WIDENED: "tools.echo.output#/properties/length",
  OUTPUT_CONSTRAINT_NARROWED: "tools.echo.output#/properties/length",
  OUTPUT_SCHEMA_UNDECIDABLE: "tools.echo.output#/properties/code",
  AUTH_REQUIRED: "auth",
  AUTH_DROPPED: "auth",
  SCOPE_ADDED: 'tools.echo.scopes["notes:write"]',
  SCOPE_REMOVED: 'tools.echo.scopes["notes:write"]',
  TOOL_TASK_REQUIRED: "tools.echo.task",
  TOOL_TASK_SUPPORT_CHANGED: "tools.echo.task",
  META_CHANGED: "tools.echo._meta",
  EXTENSION_ADDED: 'extensions["com.example/notes"]',
  EXTENSION_REMOVED: 'extensions["com.example/notes"]',
  EXTENSION_SETTINGS_CHANGED: 'extensions["com.example/notes"]',
  CUSTOM_METHOD_ADDED: 'methods["notes/search"]',
  CUSTOM_METHOD_REMOVED: 'methods["notes/search"]',
  CUSTOM_METHOD_EXTENSION_CHANGED: 'methods["notes/search"].extension',
  CUSTOM_NOTIFICATION_ADDED: 'notifications["notes/touched"]',
  CUSTOM_NOTIFICATION_REMOVED: 'notifications["notes/touched"]',
  CUSTOM_NOTIFICATION_DIRECTION_CHANGED: 'notifications["notes/touched"].direction',
};

function pairOf(rule: string): { old: string; new: string } {
  const dir = join(TESTDATA, rule.toLowerCase());
  const ext = existsSync(join(dir, "old.json")) ? "json" : "yaml";
  return { old: join(dir, `old.${ext}`), new: join(dir, `new.${ext}`) };
}

describe("diff rules", () => {
  it("every rule has an expected path and a testdata pair, and every testdata folder names a rule", () => {
    expect(Object.keys(EXPECTED_PATH).sort()).toEqual(ALL_RULES.map((r) => r.id).sort());
    const folders = readdirSync(TESTDATA).sort();
    expect(folders).toEqual(ALL_RULES.map((r) => r.id.toLowerCase()).sort());
  });

  it("rules are well-formed: UPPER_SNAKE ids, sorted categories, one-sentence purposes", () => {
    for (const rule of ALL_RULES) {
      expect(rule.id).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
      expect([...rule.categories]).toEqual([...rule.categories].sort());
      expect(rule.categories.length).toBeGreaterThan(0);
      expect(rule.purpose).toMatch(/^[A-Z].*\.$/);
      expect(rule.purpose.slice(0, -1)).not.toMatch(/\.\s/);
    }
  });

  describe.each(ALL_RULES.map((r) => r.id))("%s", (id) => {
    it("fires at exactly the expected path, with the rule's level", async () => {
      const { old, new: next } = pairOf(id);
      const result = await diffArguments(old, next);
      const hits = result.changes.filter((c) => c.rule === id);
      expect(hits.map((c) => c.path)).toEqual([EXPECTED_PATH[id]]);
      expect(hits[0]!.level).toBe(ruleById(id)!.level);
    });
    it("diffing either file against itself reports no changes", async () => {
      const { old, new: next } = pairOf(id);
      expect((await diffArguments(old, old)).changes).toEqual([]);
      expect((await diffArguments(next, next)).changes).toEqual([]);
    });
  });
});
