// `type` (with OpenAPI `nullable`) and the keywords that constrain one JSON kind. Without
// `type`, a kind's keywords apply only to values of that kind and every other value passes them
// (2020-12 core §10.3.2); with `type`, the value must be one of the listed kinds and is checked
// by its own kind's keywords. "integer" is any number with no fractional part (also past 2^53).
import { type Check, type SchemaIssue, fail } from "./check.js";
import { dialectApplies } from "../../core/json-schema-dialect.js";
import type { Compiler } from "./compiler.js";
import { arrayKeywords } from "./array-keywords.js";
import { formatKind } from "./formats.js";
import { numberKeywords } from "./number-keywords.js";
import { objectKeywords } from "./object-keywords.js";
import { stringKeywords } from "./string-keywords.js";

type JsonType = "null" | "boolean" | "object" | "array" | "number" | "integer" | "string";
type Kind = "string" | "number" | "object" | "array";
type KindCheck = (value: never, issues: SchemaIssue[] | undefined) => boolean;

const JSON_TYPES: readonly string[] = ["null", "boolean", "object", "array", "number", "integer", "string"];
const KIND_KEYWORDS: Readonly<Record<Kind, readonly string[]>> = {
  string: ["minLength", "maxLength", "pattern"],
  number: ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"],
  object: ["properties", "required", "additionalProperties", "patternProperties", "propertyNames", "minProperties", "maxProperties", "dependentRequired", "dependentSchemas", "dependencies"],
  array: ["items", "prefixItems", "additionalItems", "contains", "minItems", "maxItems", "uniqueItems", "minContains", "maxContains"],
};
const ARTICLE: Readonly<Record<JsonType, string>> = { null: "null", boolean: "a boolean", object: "an object", array: "an array", number: "a number", integer: "an integer", string: "a string" };

function kindOf(value: unknown): Kind | "null" | "boolean" | undefined {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  const type = typeof value;
  return type === "string" || type === "number" || type === "boolean" || type === "object" ? type : undefined;
}

/** The check of `type` plus kind keywords, or undefined when they constrain nothing. */
export function typedCheck(node: Record<string, unknown>, c: Compiler): Check | undefined {
  const declared = declaredTypes(node);
  const checked = formatKind(node["format"]);
  const kinds = (Object.keys(KIND_KEYWORDS) as Kind[]).filter(
    (kind) => checked === kind || KIND_KEYWORDS[kind].some((keyword) => node[keyword] !== undefined && dialectApplies(c.dialect, keyword)),
  );
  const perKind: Partial<Record<Kind, KindCheck>> = {};
  for (const kind of kinds) {
    const checks = kindChecks(kind, node, c);
    if (checks.length > 0) perKind[kind] = every(checks);
  }
  const string = perKind.string as ((value: string, issues: SchemaIssue[] | undefined) => boolean) | undefined;
  const number = perKind.number as ((value: number, issues: SchemaIssue[] | undefined) => boolean) | undefined;
  const object = perKind.object as ((value: Record<string, unknown>, issues: SchemaIssue[] | undefined) => boolean) | undefined;
  const array = perKind.array as ((value: unknown[], issues: SchemaIssue[] | undefined) => boolean) | undefined;
  if (declared === undefined) {
    if (string === undefined && number === undefined && object === undefined && array === undefined) return undefined;
    return (value, issues) => {
      switch (kindOf(value)) {
        case "string":
          return string === undefined || string(value as string, issues);
        case "number":
          return number === undefined || number(value as number, issues);
        case "object":
          return object === undefined || object(value as Record<string, unknown>, issues);
        case "array":
          return array === undefined || array(value as unknown[], issues);
        default:
          return true;
      }
    };
  }
  const allows = new Set<string>(declared.filter((type) => !(type === "integer" && declared.includes("number"))));
  const integerOnly = allows.has("integer");
  const message = declared.length === 0 ? "no value is allowed here (no valid type)" : `must be ${declared.map((type) => ARTICLE[type]).join(" or ")}`;
  return (value, issues) => {
    const kind = kindOf(value);
    switch (kind) {
      case "string":
        return allows.has("string") ? string === undefined || string(value as string, issues) : fail(issues, message);
      case "number":
        if (!allows.has("number") && !(integerOnly && Number.isInteger(value))) return fail(issues, message);
        return number === undefined || number(value as number, issues);
      case "object":
        return allows.has("object") ? object === undefined || object(value as Record<string, unknown>, issues) : fail(issues, message);
      case "array":
        return allows.has("array") ? array === undefined || array(value as unknown[], issues) : fail(issues, message);
      case "null":
      case "boolean":
        return allows.has(kind) || fail(issues, message);
      default:
        return fail(issues, message);
    }
  };
}

function kindChecks(kind: Kind, node: Record<string, unknown>, c: Compiler): KindCheck[] {
  switch (kind) {
    case "string":
      return stringKeywords(node, c.resource.settings);
    case "number":
      return numberKeywords(node);
    case "object":
      return objectKeywords(node, c);
    case "array":
      return arrayKeywords(node, c);
  }
}

function every(checks: readonly KindCheck[]): KindCheck {
  if (checks.length === 1) return checks[0]!;
  return ((value: never, issues: SchemaIssue[] | undefined) => {
    for (const check of checks) if (!check(value, issues)) return false;
    return true;
  }) as KindCheck;
}

/** The declared types after `nullable` (ajv's OpenAPI reading), or undefined without `type`. */
function declaredTypes(node: Record<string, unknown>): JsonType[] | undefined {
  const raw = node["type"];
  let types: JsonType[] | undefined;
  if (raw !== undefined) {
    types = [];
    for (const entry of Array.isArray(raw) ? raw : [raw]) {
      if (typeof entry === "string" && JSON_TYPES.includes(entry) && !types.includes(entry as JsonType)) types.push(entry as JsonType);
    }
  }
  if (node["nullable"] === true) {
    // `nullable` without `type` makes ajv reject the schema: no type at all (fail closed).
    if (types === undefined) types = [];
    else if (!types.includes("null")) types.push("null");
  }
  return types;
}

