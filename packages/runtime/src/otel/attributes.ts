// Span names and attributes of the OpenTelemetry semantic conventions for MCP (semantic-
// conventions-genai, docs/gen-ai/mcp.md, status: development): span name
// `{mcp.method.name} {target}`, target the tool or prompt name when there is one.
import type { Attributes } from "./api.js";

export const ATTR_METHOD = "mcp.method.name";
export const ATTR_SESSION_ID = "mcp.session.id";
export const ATTR_PROTOCOL_VERSION = "mcp.protocol.version";
export const ATTR_RESOURCE_URI = "mcp.resource.uri";
export const ATTR_REQUEST_ID = "jsonrpc.request.id";
export const ATTR_TOOL_NAME = "gen_ai.tool.name";
export const ATTR_PROMPT_NAME = "gen_ai.prompt.name";
export const ATTR_OPERATION_NAME = "gen_ai.operation.name";
export const ATTR_ERROR_TYPE = "error.type";
export const ATTR_RPC_STATUS = "rpc.response.status_code";
export const ATTR_NETWORK_TRANSPORT = "network.transport";
export const ATTR_NETWORK_PROTOCOL = "network.protocol.name";
/** error.type of a tools/call answered with `isError: true`. */
export const TOOL_ERROR = "tool_error";

/** The low-cardinality target of a span name: the tool or prompt name. */
function targetOf(method: string, params: Readonly<Record<string, unknown>> | undefined): string | undefined {
  if (method !== "tools/call" && method !== "prompts/get") return undefined;
  const name = params?.["name"];
  return typeof name === "string" ? name : undefined;
}

export function spanName(method: string, params: Readonly<Record<string, unknown>> | undefined): string {
  const target = targetOf(method, params);
  return target === undefined ? method : `${method} ${target}`;
}

/** The request-side attributes both the client and the server span carry. */
export function requestAttributes(method: string, id: string | number, params: Readonly<Record<string, unknown>> | undefined): Attributes {
  const attributes: Attributes = { [ATTR_METHOD]: method, [ATTR_REQUEST_ID]: String(id) };
  const target = targetOf(method, params);
  if (method === "tools/call") {
    attributes[ATTR_OPERATION_NAME] = "execute_tool";
    if (target !== undefined) attributes[ATTR_TOOL_NAME] = target;
  } else if (method === "prompts/get" && target !== undefined) attributes[ATTR_PROMPT_NAME] = target;
  const uri = params?.["uri"];
  if (typeof uri === "string" && method.startsWith("resources/")) attributes[ATTR_RESOURCE_URI] = uri;
  return attributes;
}
