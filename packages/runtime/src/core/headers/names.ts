// The MCP HTTP header names [2026-07-28 basic/transports/streamable-http § Standard Request
// Headers, § Custom Headers from Tool Parameters; 2025-11-25 basic/transports § Session
// Management, § Resumability], as a client writes them. Field names are case-insensitive
// (RFC 9110 § 5.1); servers look them up lower-cased.
export const HEADER_PROTOCOL_VERSION = "MCP-Protocol-Version";
export const HEADER_METHOD = "Mcp-Method";
export const HEADER_NAME = "Mcp-Name";
/** `Mcp-Param-{Name}`, where `{Name}` is a tool parameter's `x-mcp-header` value. */
export const HEADER_PARAM_PREFIX = "Mcp-Param-";
export const HEADER_SESSION_ID = "Mcp-Session-Id";
export const HEADER_LAST_EVENT_ID = "Last-Event-ID";

/** The header a mirrored parameter travels in. */
export function paramHeaderName(headerName: string): string {
  return `${HEADER_PARAM_PREFIX}${headerName}`;
}
