// DECISION RECORD — STABLE CODES. Every diagnostic code mcp-gen can emit for a manifest is
// listed here once, with a one-line meaning. Codes are never reused or renumbered: tools and
// CI logs match on them. docs/manifest.md carries the same table (a test keeps them in sync).
// Ranges: 10xx YAML, 11xx structure, 12xx names, 13xx references, 14xx protocol revisions,
// 15xx JSON Schemas, 16xx URIs and URI templates.

export interface CodeInfo {
  readonly code: string;
  readonly meaning: string;
}

const TABLE = {
  MCPGEN1001: "YAML syntax error",
  MCPGEN1002: "duplicate key in a mapping",
  MCPGEN1003: "the manifest file cannot be read",
  MCPGEN1004: "the manifest is empty",
  MCPGEN1005: "more than one YAML document in the file",
  MCPGEN1006: "aliases expand to too many nodes, or into themselves",
  MCPGEN1101: "unknown key",
  MCPGEN1102: "missing required key",
  MCPGEN1103: "value has the wrong type",
  MCPGEN1104: "value is not allowed (enum, pattern, format or range)",
  MCPGEN1105: "unsupported manifest format version (`mcpgen`)",
  MCPGEN1106: "an input request must declare exactly one kind",
  MCPGEN1201: "tool name outside [A-Za-z0-9_.-]{1,128}",
  MCPGEN1202: "two names become the same TypeScript identifier",
  MCPGEN1203: "name becomes a reserved word",
  MCPGEN1204: "name has no letters or digits to build an identifier from",
  MCPGEN1205: "duplicate resource URI or URI template",
  MCPGEN1206: "revision listed twice in `protocol`",
  MCPGEN1301: "unknown handle",
  MCPGEN1302: "unknown shared definition",
  MCPGEN1303: "`$ref` to the network (only local files are allowed)",
  MCPGEN1304: "`$ref` file cannot be read or parsed",
  MCPGEN1305: "`$ref` file outside the manifest's folder",
  MCPGEN1306: "`$ref` fragment does not point into the file",
  MCPGEN1307: "bundled definition name clashes with a local `$defs` entry",
  MCPGEN1308: "handle declared but never used",
  MCPGEN1309: "a `handle` schema takes no other keywords",
  MCPGEN1401: "unknown protocol revision",
  MCPGEN1402: "input request kind not supported by any served revision",
  MCPGEN1403: "input request kind not supported by some served revisions",
  MCPGEN1404: "`x-mcp-header` has no effect without 2026-07-28",
  MCPGEN1405: "output schema root must be an object for 2025-06-18/2025-11-25",
  MCPGEN1501: "tool input schema root is not `type: object`",
  MCPGEN1502: "`x-mcp-header` value is not an HTTP token",
  MCPGEN1503: "`x-mcp-header` value repeated (case-insensitively)",
  MCPGEN1504: "`x-mcp-header` on a property that is not string, integer or boolean",
  MCPGEN1505: "`x-mcp-header` not reachable from the root through `properties` only",
  MCPGEN1506: "not a valid JSON Schema 2020-12",
  MCPGEN1507: "JSON Schema cannot be compiled (unresolved `$ref`, bad pattern…)",
  MCPGEN1508: "elicitation schema is not a flat object of primitive properties",
  MCPGEN1601: "invalid RFC 6570 URI template",
  MCPGEN1602: "`complete` names a variable the template does not have",
  MCPGEN1603: "resource URI is not an absolute URI",
  MCPGEN1604: "URI template has no variables",
} as const;

export type DiagnosticCode = keyof typeof TABLE;

export const DIAGNOSTIC_CODES: readonly CodeInfo[] = Object.entries(TABLE).map(([code, meaning]) => ({ code, meaning }));

export function meaningOf(code: DiagnosticCode): string {
  return TABLE[code];
}
