// Cross-checks the modern standard headers against the body
// (2026-07-28 streamable-http § Standard Request Headers, § Server Validation): every failure
// is HTTP 400 with -32020. Header names arrive lower-cased from both adapters, so name matching
// is case-insensitive; values are compared case-sensitively after OWS trimming.
import { HEADER_MISMATCH } from "../jsonrpc/codes.js";
import { RpcError } from "../jsonrpc/errors.js";
import type { JsonObject } from "../jsonrpc/message.js";
import { decodeHeaderValue } from "./value.js";

export type HeaderLookup = (lowerCaseName: string) => string | undefined;

function mismatch(message: string): RpcError {
  return new RpcError(HEADER_MISMATCH, `Header mismatch: ${message}`, undefined, 400);
}

/** Methods whose target is mirrored in Mcp-Name, and the params field it mirrors. */
const NAME_FIELD: Readonly<Record<string, string>> = {
  "tools/call": "name",
  "prompts/get": "name",
  "resources/read": "uri",
};

export function checkProtocolVersionHeader(headers: HeaderLookup, bodyVersion: string): void {
  const header = headers("mcp-protocol-version");
  if (header === undefined) throw mismatch("MCP-Protocol-Version header is required");
  if (header.trim() !== bodyVersion) {
    throw mismatch(`MCP-Protocol-Version header '${header.trim()}' differs from _meta protocolVersion '${bodyVersion}'`);
  }
}

export function checkMethodAndNameHeaders(headers: HeaderLookup, method: string, params: JsonObject | undefined): void {
  const methodHeader = headers("mcp-method");
  if (methodHeader === undefined) throw mismatch("Mcp-Method header is required");
  if (methodHeader.trim() !== method) throw mismatch("Mcp-Method header differs from the body method");
  const field = NAME_FIELD[method];
  if (field === undefined) return;
  const bodyValue = params?.[field];
  const nameHeader = headers("mcp-name");
  if (typeof bodyValue !== "string") return; // the body is invalid; the method handler reports it
  if (nameHeader === undefined) throw mismatch("Mcp-Name header is required for this method");
  if (decodeHeaderValue(nameHeader, "Mcp-Name") !== bodyValue) throw mismatch("Mcp-Name header differs from the body");
}

export interface HeaderParam {
  /** Argument (property) name in the tool's input. */
  property: string;
  /** The `{Name}` part of `Mcp-Param-{Name}`, as declared by `x-mcp-header`. */
  header: string;
  type: "string" | "integer" | "boolean";
}

/**
 * Mirrored argument headers (§ Custom Headers from Tool Parameters): a present non-null argument
 * needs its header with an equal value; integers compare numerically; an absent or null argument
 * imposes nothing (the client omits the header then).
 */
export function checkParamHeaders(headers: HeaderLookup, params: readonly HeaderParam[], args: unknown): void {
  const values = typeof args === "object" && args !== null && !Array.isArray(args) ? (args as JsonObject) : {};
  for (const param of params) {
    const bodyValue = values[param.property];
    if (bodyValue === undefined || bodyValue === null) continue;
    const raw = headers(`mcp-param-${param.header.toLowerCase()}`);
    if (raw === undefined) throw mismatch(`Mcp-Param-${param.header} header is required when '${param.property}' is present`);
    const decoded = decodeHeaderValue(raw, `Mcp-Param-${param.header}`);
    if (!headerMatchesValue(decoded, bodyValue, param.type)) {
      throw mismatch(`Mcp-Param-${param.header} header differs from argument '${param.property}'`);
    }
  }
}

function headerMatchesValue(decoded: string, bodyValue: unknown, type: HeaderParam["type"]): boolean {
  if (type === "integer") {
    return typeof bodyValue === "number" && /^-?\d+$/.test(decoded) && Number(decoded) === bodyValue;
  }
  if (type === "boolean") return typeof bodyValue === "boolean" && decoded === String(bodyValue);
  return typeof bodyValue === "string" ? decoded === bodyValue : decoded === String(bodyValue);
}

/**
 * Reads the `x-mcp-header` annotations of a tool's input schema once, at server construction.
 * Only direct `properties` of the root count (§ x-mcp-header), and `number` is rejected as the
 * spec forbids it (protocol brief § 9 #2).
 */
export function headerParamsOf(inputSchema: JsonObject): HeaderParam[] {
  const properties = inputSchema["properties"];
  if (typeof properties !== "object" || properties === null) return [];
  const result: HeaderParam[] = [];
  const seen = new Set<string>();
  for (const [property, schema] of Object.entries(properties as JsonObject)) {
    if (typeof schema !== "object" || schema === null) continue;
    const header = (schema as JsonObject)["x-mcp-header"];
    if (header === undefined) continue;
    const type = (schema as JsonObject)["type"];
    if (typeof header !== "string" || !/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(header)) {
      throw new Error(`x-mcp-header on '${property}' must be a non-empty HTTP token`);
    }
    if (type !== "string" && type !== "integer" && type !== "boolean") {
      throw new Error(`x-mcp-header on '${property}' requires type string, integer or boolean`);
    }
    const key = header.toLowerCase();
    if (seen.has(key)) throw new Error(`x-mcp-header '${header}' is declared twice`);
    seen.add(key);
    result.push({ property, header, type });
  }
  return result;
}
