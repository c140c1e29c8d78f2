// HTTP headers a modern request carries besides the body
// [S26:basic/transports/streamable-http § Standard Request Headers, § Custom Headers].
// The body stays the source of truth: every header here is derived from it, so a retry
// (new id, new `inputResponses`) recomputes them from the retry's own body.

import { valueAtPath, type HeaderDeclaration } from "../core/headers/declarations.js";
import { HEADER_METHOD, HEADER_NAME, HEADER_PROTOCOL_VERSION, paramHeaderName } from "../core/headers/names.js";
import { encodeHeaderValue } from "../core/headers/value.js";
import { methodRow } from "../core/methods.js";
import { headerValueFor } from "./header-encoding.js";

export function standardHeaders(protocolVersion: string, method: string, params: Record<string, unknown> | undefined): Record<string, string> {
  const headers: Record<string, string> = {
    [HEADER_PROTOCOL_VERSION]: protocolVersion,
    [HEADER_METHOD]: method,
  };
  const field = methodRow("modern", method)?.nameHeaderField;
  const nameSource = field === undefined ? undefined : params?.[field];
  if (typeof nameSource === "string") headers[HEADER_NAME] = encodeHeaderValue(nameSource);
  return headers;
}

/** `Mcp-Param-*` headers for one `tools/call`, omitted for absent or null values. */
export function paramHeaders(plan: readonly HeaderDeclaration[], args: unknown): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const param of plan) {
    const value = headerValueFor(valueAtPath(args, param.path));
    if (value !== undefined) headers[paramHeaderName(param.headerName)] = value;
  }
  return headers;
}
