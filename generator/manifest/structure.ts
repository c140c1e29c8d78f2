// Structural validation of the manifest against schema/manifest.schema.json, with each ajv
// error turned into a diagnostic a person can act on: the key or value it concerns, a plain
// message (never raw ajv text) and a hint, with "did you mean" for misspelled keys.
import type { ErrorObject } from "ajv";
import { didYouMean } from "../diagnostics/suggest.js";
import type { PathSegment } from "../diagnostics/json-path.js";
import { pointerToPath } from "../diagnostics/json-path.js";
import { manifestValidatorFn } from "./ajv.js";
import type { Reporter } from "./reporter.js";

function describeType(value: unknown): string {
  if (value === null) return "null (an empty value)";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a mapping";
  if (typeof value === "string") return `the string ${JSON.stringify(value.length > 40 ? value.slice(0, 40) + "…" : value)}`;
  return `the ${typeof value} ${String(value)}`;
}

function expectedType(type: unknown): string {
  const names: Record<string, string> = { object: "a mapping", array: "a list", string: "a string", integer: "an integer", number: "a number", boolean: "true or false", null: "null" };
  const list = Array.isArray(type) ? type : [type];
  return list.map((t) => names[String(t)] ?? String(t)).join(" or ");
}

/** Array indexes in ajv pointers are digits; turn them into numbers where the data is a list. */
function toPath(pointer: string, data: unknown): PathSegment[] {
  const out: PathSegment[] = [];
  let node: unknown = data;
  for (const seg of pointerToPath(pointer)) {
    if (Array.isArray(node) && /^[0-9]+$/.test(seg)) {
      out.push(Number(seg));
      node = node[Number(seg)];
    } else {
      out.push(seg);
      node = node !== null && typeof node === "object" ? (node as Record<string, unknown>)[seg] : undefined;
    }
  }
  return out;
}

// Keys people carry over from the MCP wire format or other tools, with where they belong here.
const FAMILIAR_KEYS: Record<string, string> = {
  inputSchema: "write the input schema under `input:`",
  outputSchema: "write the output schema under `output:`",
  capabilities: "capabilities are derived from what the manifest declares; remove this key",
  serverInfo: "write server identity under `server:`",
  protocolVersion: "list served revisions under top-level `protocol:`",
  protocolVersions: "list served revisions under top-level `protocol:`",
  resourceTemplates: "declare resource templates under top-level `templates:`",
  websiteUrl: "write the website as `website:`",
  requestedSchema: "write the elicitation schema as `schema:`",
  subscribable: "write `subscribe: true`",
  ttl_ms: "write `ttlMs:`",
  $schema: "point editors at the schema with a `# yaml-language-server: $schema=…` comment instead",
};

function allowedKeys(parentSchema: unknown): string[] {
  const props = (parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return props ? Object.keys(props) : [];
}

function isProtocolEntry(path: PathSegment[]): boolean {
  return path.length === 2 && path[0] === "protocol" && typeof path[1] === "number";
}

export function checkStructure(data: unknown, reporter: Reporter): void {
  const validate = manifestValidatorFn();
  if (validate(data)) return;
  const errors = validate.errors ?? [];
  // With an unknown key present, "too many keys" on the same mapping says nothing new.
  const unknownKeyAt = new Set(errors.filter((e) => e.keyword === "additionalProperties").map((e) => e.instancePath));
  for (const error of errors) {
    if (error.keyword === "maxProperties" && unknownKeyAt.has(error.instancePath)) continue;
    reportError(error, data, reporter, unknownKeyAt);
  }
}

function reportError(error: ErrorObject, data: unknown, reporter: Reporter, unknownKeyAt: Set<string>): void {
  const path = toPath(error.instancePath, data);
  const where = path.length === 0 ? "the manifest" : `\`${String(path[path.length - 1])}\``;
  switch (error.keyword) {
    case "additionalProperties": {
      const key = String((error.params as { additionalProperty: string }).additionalProperty);
      const keys = allowedKeys(error.parentSchema);
      const named = key === "name" && path.length === 2 && ["tools", "prompts", "resources", "templates", "handles"].includes(String(path[0]));
      const suggestion = named ? `the name is the key under \`${String(path[0])}:\` (here \`${String(path[1])}\`); remove \`name:\`` : ((Object.hasOwn(FAMILIAR_KEYS, key) ? FAMILIAR_KEYS[key] : undefined) ?? didYouMean(key, keys));
      reporter.report("MCPGEN1101", [...path, key], `unknown key \`${key}\` in ${where}`, suggestion ?? (keys.length > 0 ? `allowed keys here: ${keys.join(", ")}` : "remove it"), { target: "key" });
      return;
    }
    case "required": {
      const key = String((error.params as { missingProperty: string }).missingProperty);
      const desc = (error.parentSchema as { properties?: Record<string, { description?: string }> }).properties?.[key]?.description;
      reporter.report("MCPGEN1102", path, `${where} is missing the required key \`${key}\``, `add \`${key}:\`${desc ? ` (${desc.replace(/\.$/, "")})` : ""}`, { target: "key" });
      return;
    }
    case "type": {
      const expected = expectedType((error.params as { type: unknown }).type);
      const actual = error.data;
      let hint = `write ${expected} here`;
      if (actual === null) hint = `give ${where} a value, or remove the key`;
      else if (expected.includes("a string") && (typeof actual === "number" || typeof actual === "boolean")) hint = `quote the value: "${reporter.sourceText(path) ?? String(actual)}"`;
      else if (expected === "a list" && (typeof actual === "string" || typeof actual === "number")) hint = `write a list: [${reporter.sourceText(path) ?? String(actual)}]`;
      const written = reporter.sourceText(path);
      const shown = (typeof actual === "number" || typeof actual === "boolean") && written !== undefined ? `the ${typeof actual} ${written}` : describeType(actual);
      reporter.report("MCPGEN1103", path, `${where} must be ${expected}, not ${shown}`, hint);
      return;
    }
    case "const": {
      if (path.length === 1 && path[0] === "mcpgen") {
        reporter.report("MCPGEN1105", path, `unsupported manifest format version ${describeType(error.data)}`, "this mcp-gen reads `mcpgen: 1`");
        return;
      }
      reporter.report("MCPGEN1104", path, `${where} must be ${JSON.stringify((error.params as { allowedValue: unknown }).allowedValue)}`, "use the value shown");
      return;
    }
    case "enum": {
      // Unknown revisions get their own code and suggestions from the revision check.
      if (isProtocolEntry(path)) return;
      const allowed = ((error.params as { allowedValues: unknown[] }).allowedValues ?? []).map(String);
      const suggestion = typeof error.data === "string" ? didYouMean(error.data, allowed) : undefined;
      reporter.report("MCPGEN1104", path, `${describeType(error.data)} is not allowed for ${where}`, suggestion ?? `use one of: ${allowed.join(", ")}`);
      return;
    }
    case "minProperties":
    case "maxProperties": {
      if (unknownKeyAt.has(error.instancePath)) return;
      const hint = "use exactly one of `elicit`, `elicitUrl`, `sampling`, `roots`";
      reporter.report("MCPGEN1106", path, `input request ${where} must declare exactly one kind`, hint, { target: "key" });
      return;
    }
    case "pattern": {
      const isTtl = path[path.length - 1] === "ttl";
      const isSize = path.includes("sizes");
      const hint = isTtl ? "write a duration like 30s, 15m, 1h or 7d (units: ms, s, m, h, d)" : isSize ? "write WxH like 48x48, or any" : `match the pattern ${(error.params as { pattern: string }).pattern}`;
      reporter.report("MCPGEN1104", path, `${describeType(error.data)} is not a valid value for ${where}`, hint);
      return;
    }
    case "format": {
      const format = (error.params as { format: string }).format;
      const hint = format === "date-time" ? "write an ISO 8601 date-time such as 2025-01-12T15:00:58Z" : "write an absolute URI such as https://example.com/icon.png";
      reporter.report("MCPGEN1104", path, `${describeType(error.data)} is not a valid ${format} for ${where}`, hint);
      return;
    }
    case "minimum":
    case "maximum": {
      const limit = (error.params as { limit: number }).limit;
      reporter.report("MCPGEN1104", path, `${where} must be ${error.keyword === "minimum" ? "at least" : "at most"} ${limit}`, `use a value ${error.keyword === "minimum" ? "≥" : "≤"} ${limit}`);
      return;
    }
    case "minLength": {
      reporter.report("MCPGEN1104", path, `${where} must not be empty`, "write a non-empty string");
      return;
    }
    case "minItems": {
      reporter.report("MCPGEN1104", path, `${where} must list at least one entry`, path[0] === "protocol" ? "list the revisions to serve, e.g. [2026-07-28, 2025-11-25]" : "add an entry");
      return;
    }
    case "uniqueItems": {
      reporter.report("MCPGEN1104", path, `${where} lists the same entry twice`, "remove the repeated entry");
      return;
    }
    default:
      reporter.report("MCPGEN1104", path, `${where} is not valid here (${error.keyword})`, "see docs/manifest.md for this field");
  }
}
