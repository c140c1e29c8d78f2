// The exact wire requests every row sends, per era. Built once per row: the load generator
// replays the same bytes, so the servers are measured, not the client.
import { ECHO_ARGUMENTS } from "./tools.js";

export const MODERN = "2026-07-28";
export const LEGACY = "2025-11-25";

const ENVELOPE = {
  "io.modelcontextprotocol/protocolVersion": MODERN,
  "io.modelcontextprotocol/clientCapabilities": {},
  "io.modelcontextprotocol/clientInfo": { name: "mcp-gen-bench", version: "1.0.0" },
};

/** The two measured operations as JSON-RPC method + params (without any era envelope). */
export const OPERATIONS = {
  "tools/call": { method: "tools/call", params: { name: "echo", arguments: ECHO_ARGUMENTS } },
  "tools/list": { method: "tools/list", params: {} },
};

/** Modern era (S26:basic/index § `_meta`): the envelope in params._meta of every request. */
export function modernMessage(operation, id = 1) {
  const { method, params } = OPERATIONS[operation];
  return { jsonrpc: "2.0", id, method, params: { ...params, _meta: ENVELOPE } };
}

/** Legacy era: plain params; version and session ride the headers after initialize. */
export function legacyMessage(operation, id = 1) {
  const { method, params } = OPERATIONS[operation];
  return { jsonrpc: "2.0", id, method, params };
}

export function initializeMessage(id = 0) {
  return { jsonrpc: "2.0", id, method: "initialize", params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: "mcp-gen-bench", version: "1.0.0" } } };
}

export const INITIALIZED_NOTIFICATION = { jsonrpc: "2.0", method: "notifications/initialized" };

const BASE_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };

/**
 * Modern Streamable HTTP headers (S26:basic/transports/streamable-http § Standard Request
 * Headers): MCP-Protocol-Version on every POST, Mcp-Method on every request, Mcp-Name for
 * tools/call.
 */
export function modernHeaders(operation) {
  const { method, params } = OPERATIONS[operation];
  const headers = { ...BASE_HEADERS, "mcp-protocol-version": MODERN, "mcp-method": method };
  if (method === "tools/call") headers["mcp-name"] = params.name;
  return headers;
}

/** Legacy headers after initialize: the negotiated version and the session id (S25:basic/transports). */
export function legacyHeaders(sessionId) {
  return { ...BASE_HEADERS, "mcp-protocol-version": LEGACY, "mcp-session-id": sessionId };
}

export function initializeHeaders() {
  return { ...BASE_HEADERS };
}
