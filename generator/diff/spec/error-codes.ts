import { definitionsOf } from "../../spec-schema/errata.js";

type Json = Record<string, unknown>;

export interface ErrorCode {
  /** UPPER_SNAKE name as schema.ts spells the constant (e.g. `HEADER_MISMATCH`). */
  readonly name: string;
  readonly code: number;
}

/** JSON-RPC 2.0 §5.1 reserves these for every MCP revision. */
const JSON_RPC_CODES: readonly ErrorCode[] = [
  { name: "PARSE_ERROR", code: -32700 },
  { name: "INVALID_REQUEST", code: -32600 },
  { name: "METHOD_NOT_FOUND", code: -32601 },
  { name: "INVALID_PARAMS", code: -32602 },
  { name: "INTERNAL_ERROR", code: -32603 },
];

/**
 * DECISION RECORD — WHERE ERROR CODES COME FROM. Up to 2025-06-18, schema.json carries no
 * error code at all: codes are `export const` lines of schema.ts, which the synced spec copy
 * (schema/spec/<rev>/, schema.json only) does not hold. So pinned revisions use this table,
 * written by hand from each revision's schema.ts constants; test/diff/error-codes.test.ts
 * checks it against schema.ts (when the shared spec checkout is present) and checks that
 * every `code` const in schema.json is in it. Codes the spec only names in prose
 * (-32002 resource not found) are not constants and are left out, as schema.ts leaves them.
 */
const PINNED: Readonly<Record<string, readonly ErrorCode[]>> = {
  "2024-11-05": JSON_RPC_CODES,
  "2025-03-26": JSON_RPC_CODES,
  "2025-06-18": JSON_RPC_CODES,
  "2025-11-25": [...JSON_RPC_CODES, { name: "URL_ELICITATION_REQUIRED", code: -32042 }],
  "2026-07-28": [
    ...JSON_RPC_CODES,
    { name: "HEADER_MISMATCH", code: -32020 },
    { name: "MISSING_REQUIRED_CLIENT_CAPABILITY", code: -32021 },
    { name: "UNSUPPORTED_PROTOCOL_VERSION", code: -32022 },
  ],
};

export function pinnedErrorCodes(revision: string): readonly ErrorCode[] | undefined {
  return PINNED[revision];
}

/** `URLElicitationRequiredError` → `URL_ELICITATION_REQUIRED_ERROR`. */
function upperSnake(pascal: string): string {
  return pascal
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .toUpperCase();
}

/** Matching key across naming styles: schema.ts drops the `_ERROR` suffix on MCP codes, JSON-RPC ones keep it. */
export function errorKey(name: string): string {
  return name.replace(/_ERROR$/, "");
}

function codeConstIn(node: unknown, depth: number): number | undefined {
  if (depth > 6 || node === null || typeof node !== "object") return undefined;
  const code = ((node as Json).properties as Json | undefined)?.code as Json | undefined;
  if (typeof code?.const === "number") return code.const;
  for (const value of Object.values(node as Json)) {
    const found = codeConstIn(value, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** `code` consts of `*Error` definitions in a schema document (2025-11-25 and later have some). */
export function errorCodesInDocument(document: Json): ErrorCode[] {
  const defs = definitionsOf(document);
  const codes: ErrorCode[] = [];
  for (const [name, def] of Object.entries(defs)) {
    if (!name.endsWith("Error")) continue;
    const code = codeConstIn(def, 0);
    if (code !== undefined) codes.push({ name: upperSnake(name), code });
  }
  return codes;
}

/** `export const NAME = -32xxx;` lines of a schema.ts: how every revision declares its codes. */
export function errorCodesInSchemaTs(source: string): ErrorCode[] {
  return [...source.matchAll(/^export const ([A-Z][A-Z0-9_]*)\s*=\s*(-?\d+)\s*;/gm)].map((m) => ({ name: m[1]!, code: Number(m[2]) }));
}

/**
 * For a schema file that is not a pinned revision: the JSON-RPC codes, the constants of a
 * schema.ts lying next to it (when there is one: spec checkouts have both), and the `code`
 * consts the document defines. The first source to name a code wins its name.
 */
export function deriveErrorCodes(document: Json, schemaTs?: string): ErrorCode[] {
  const byCode = new Map<number, ErrorCode>(JSON_RPC_CODES.map((c) => [c.code, c]));
  const found = [...(schemaTs === undefined ? [] : errorCodesInSchemaTs(schemaTs)), ...errorCodesInDocument(document)];
  for (const c of found) if (!byCode.has(c.code)) byCode.set(c.code, c);
  return [...byCode.values()];
}
