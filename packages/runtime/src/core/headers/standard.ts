// Cross-checks the modern standard headers against the body
// (2026-07-28 streamable-http § Standard Request Headers, § Server Validation): every failure
// is HTTP 400 with -32020. Header names arrive lower-cased from both adapters, so name matching
// is case-insensitive; values are compared case-sensitively after OWS trimming.
import { HEADER_MISMATCH } from "../jsonrpc/codes.js";
import { methodRow } from "../methods.js";
import { RpcError } from "../jsonrpc/errors.js";
import { scanHeaderDeclarations, valueAtPath, type HeaderDeclaration, type HeaderValueType, type ToolHeader } from "./declarations.js";
import type { JsonObject } from "../jsonrpc/message.js";
import { HEADER_METHOD, HEADER_NAME, HEADER_PROTOCOL_VERSION, paramHeaderName } from "./names.js";
import { decodeHeaderValue } from "./value.js";

const lower = (name: string): string => name.toLowerCase();

export type HeaderLookup = (lowerCaseName: string) => string | undefined;

function mismatch(message: string): RpcError {
  return new RpcError(HEADER_MISMATCH, `Header mismatch: ${message}`, undefined, 400);
}


export function checkProtocolVersionHeader(headers: HeaderLookup, bodyVersion: string): void {
  const header = headers(lower(HEADER_PROTOCOL_VERSION));
  if (header === undefined) throw mismatch(`${HEADER_PROTOCOL_VERSION} header is required`);
  if (header.trim() !== bodyVersion) {
    throw mismatch(`${HEADER_PROTOCOL_VERSION} header '${header.trim()}' differs from _meta protocolVersion '${bodyVersion}'`);
  }
}

export function checkMethodAndNameHeaders(headers: HeaderLookup, method: string, params: JsonObject | undefined): void {
  const methodHeader = headers(lower(HEADER_METHOD));
  if (methodHeader === undefined) throw mismatch(`${HEADER_METHOD} header is required`);
  if (methodHeader.trim() !== method) throw mismatch(`${HEADER_METHOD} header differs from the body method`);
  const field = methodRow("modern", method)?.nameHeaderField;
  if (field === undefined) return;
  const bodyValue = params?.[field];
  const nameHeader = headers(lower(HEADER_NAME));
  if (typeof bodyValue !== "string") return; // the body is invalid; the method handler reports it
  if (nameHeader === undefined) throw mismatch(`${HEADER_NAME} header is required for this method`);
  if (decodeHeaderValue(nameHeader, HEADER_NAME) !== bodyValue) throw mismatch(`${HEADER_NAME} header differs from the body`);
}

/**
 * Mirrored argument headers (§ Custom Headers from Tool Parameters): a present non-null argument
 * needs its header with an equal value; integers compare numerically; an absent or null argument
 * imposes nothing (the client omits the header then).
 */
export function checkParamHeaders(headers: HeaderLookup, params: readonly ToolHeader[], args: unknown): void {
  for (const param of params) {
    const bodyValue = valueAtPath(args, param.path);
    if (bodyValue === undefined || bodyValue === null) continue;
    const where = param.path.join(".");
    const name = paramHeaderName(param.headerName);
    const raw = headers(lower(name));
    if (raw === undefined) throw mismatch(`${name} header is required when '${where}' is present`);
    const decoded = decodeHeaderValue(raw, name);
    if (!headerMatchesValue(decoded, bodyValue, param.type)) {
      throw mismatch(`${name} header differs from argument '${where}'`);
    }
  }
}

function headerMatchesValue(decoded: string, bodyValue: unknown, type: HeaderValueType): boolean {
  if (type === "integer") {
    return typeof bodyValue === "number" && /^-?\d+$/.test(decoded) && Number(decoded) === bodyValue;
  }
  if (type === "boolean") return typeof bodyValue === "boolean" && decoded === String(bodyValue);
  return typeof bodyValue === "string" ? decoded === bodyValue : decoded === String(bodyValue);
}

/**
 * Reads the `x-mcp-header` annotations of a tool's input schema once, at server construction,
 * through the one scanner the client and the generator use (core/header-declarations.ts). A
 * definition that breaks the rule is refused here, as `mcp-gen validate` refuses it.
 */
export function headerParamsOf(inputSchema: JsonObject): HeaderDeclaration[] {
  const scan = scanHeaderDeclarations(inputSchema);
  const problem = scan.problems[0];
  if (problem !== undefined) throw new Error(`${problem.message} (at /${problem.pointer.join("/")})`);
  return [...scan.declarations];
}
