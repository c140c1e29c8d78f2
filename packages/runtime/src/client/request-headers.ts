// HTTP headers a modern request carries besides the body
// [S26:basic/transports/streamable-http § Standard Request Headers, § Custom Headers].
// The body stays the source of truth: every header here is derived from it, so a retry
// (new id, new `inputResponses`) recomputes them from the retry's own body.

import { encodeHeaderValue } from "../core/headers/value.js";
import { headerValueFor } from "./header-encoding.js";
import { valueAtPath, type HeaderParam } from "./tool-headers.js";

/** Methods whose `Mcp-Name` header mirrors `params.name`, and the one that mirrors `params.uri`. */
const NAME_FROM_PARAMS_NAME = new Set(["tools/call", "prompts/get"]);
const NAME_FROM_PARAMS_URI = new Set(["resources/read"]);

export function standardHeaders(protocolVersion: string, method: string, params: Record<string, unknown> | undefined): Record<string, string> {
  const headers: Record<string, string> = {
    "MCP-Protocol-Version": protocolVersion,
    "Mcp-Method": method,
  };
  const nameSource = NAME_FROM_PARAMS_NAME.has(method) ? params?.name : NAME_FROM_PARAMS_URI.has(method) ? params?.uri : undefined;
  if (typeof nameSource === "string") headers["Mcp-Name"] = encodeHeaderValue(nameSource);
  return headers;
}

/** `Mcp-Param-*` headers for one `tools/call`, omitted for absent or null values. */
export function paramHeaders(plan: readonly HeaderParam[], args: unknown): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const param of plan) {
    const value = headerValueFor(valueAtPath(args, param.path));
    if (value !== undefined) headers[`Mcp-Param-${param.name}`] = value;
  }
  return headers;
}
