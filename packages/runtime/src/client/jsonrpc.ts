// JSON-RPC 2.0 message shapes as the client sees them: the runtime's shared ones, except that
// a failure the client receives may lack `id` (a server's parse error, a broken peer), so the
// client's failure type says so and its code never assumes one.
import type { JsonRpcErrorObject, JsonRpcNotification, JsonRpcRequest, JsonRpcSuccess, RequestId } from "../core/jsonrpc/message.js";

export type { JsonRpcErrorObject, JsonRpcNotification, JsonRpcRequest, JsonRpcSuccess };
export type JsonRpcId = RequestId;

export interface JsonRpcFailure {
  jsonrpc: "2.0";
  id?: JsonRpcId | null;
  error: JsonRpcErrorObject;
}

export type JsonRpcResponse = JsonRpcSuccess | JsonRpcFailure;
export type JsonRpcMessage = JsonRpcRequest | JsonRpcNotification | JsonRpcResponse;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function isResponse(message: unknown): message is JsonRpcResponse {
  return isObject(message) && !("method" in message) && ("result" in message || "error" in message);
}

export function isRequest(message: unknown): message is JsonRpcRequest {
  return isObject(message) && typeof message.method === "string" && "id" in message && message.id !== undefined && message.id !== null;
}

export function isNotification(message: unknown): message is JsonRpcNotification {
  return isObject(message) && typeof message.method === "string" && !("id" in message && message.id !== undefined);
}

export function isFailure(response: JsonRpcResponse): response is JsonRpcFailure {
  return "error" in response;
}

/** Parse one wire frame; anything that is not a JSON-RPC object is reported as null. */
export function parseMessage(text: string): JsonRpcMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(value) || value.jsonrpc !== "2.0") return null;
  return value as unknown as JsonRpcMessage;
}
