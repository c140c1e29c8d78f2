// JSON-RPC 2.0 message shapes and the single-message classifier shared by every transport.
import { INVALID_REQUEST } from "./codes.js";
import { RpcError } from "./errors.js";
import { decodeJsonSafely } from "./parse.js";

export type RequestId = string | number;
export type JsonObject = Record<string, unknown>;

export interface JsonRpcRequest {
  jsonrpc: "2.0";
  id: RequestId;
  method: string;
  params?: JsonObject;
}
export interface JsonRpcNotification {
  jsonrpc: "2.0";
  method: string;
  params?: JsonObject;
}
export interface JsonRpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}
export interface JsonRpcSuccess {
  jsonrpc: "2.0";
  id: RequestId;
  result: JsonObject;
}
export interface JsonRpcFailure {
  jsonrpc: "2.0";
  id: RequestId | null;
  error: JsonRpcErrorObject;
}
export type JsonRpcResponse = JsonRpcSuccess | JsonRpcFailure;
export type JsonRpcMessage = JsonRpcRequest | JsonRpcNotification | JsonRpcResponse;

export type InboundMessage =
  | { kind: "request"; message: JsonRpcRequest }
  | { kind: "notification"; message: JsonRpcNotification }
  | { kind: "response"; message: JsonRpcResponse };

export function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isValidId(id: unknown): id is RequestId {
  return typeof id === "string" || (typeof id === "number" && Number.isFinite(id));
}

/**
 * Recovers the id of a message that failed validation so the error can echo it; JSON-RPC
 * allows `null` only when the id itself could not be read (2026-07-28 basic § Error Responses).
 */
export function salvageId(value: unknown): RequestId | null {
  if (isPlainObject(value) && isValidId(value["id"])) return value["id"];
  return null;
}

/** Classifies one decoded JSON value as a request, notification or response, or throws -32600. */
export function inspectMessage(value: unknown): InboundMessage {
  if (!isPlainObject(value) || value["jsonrpc"] !== "2.0") {
    throw new RpcError(INVALID_REQUEST, "Invalid Request: expected a JSON-RPC 2.0 object", undefined, 400);
  }
  const method = value["method"];
  if (method !== undefined) {
    if (typeof method !== "string" || method.length === 0) {
      throw new RpcError(INVALID_REQUEST, "Invalid Request: method must be a non-empty string", undefined, 400);
    }
    const params = value["params"];
    if (params !== undefined && !isPlainObject(params)) {
      // MCP params are always objects (schema RequestParams); positional arrays are not used.
      throw new RpcError(INVALID_REQUEST, "Invalid Request: params must be an object", undefined, 400);
    }
    if (!("id" in value)) return { kind: "notification", message: value as unknown as JsonRpcNotification };
    if (!isValidId(value["id"])) {
      throw new RpcError(INVALID_REQUEST, "Invalid Request: id must be a string or a number", undefined, 400);
    }
    return { kind: "request", message: value as unknown as JsonRpcRequest };
  }
  const hasResult = "result" in value;
  const hasError = "error" in value;
  if (hasResult === hasError || !("id" in value)) {
    throw new RpcError(INVALID_REQUEST, "Invalid Request: not a request, notification or response", undefined, 400);
  }
  if (hasError) {
    const error = value["error"];
    if (!isPlainObject(error) || typeof error["code"] !== "number" || typeof error["message"] !== "string") {
      throw new RpcError(INVALID_REQUEST, "Invalid Request: malformed error object", undefined, 400);
    }
    return { kind: "response", message: value as unknown as JsonRpcResponse };
  }
  if (!isValidId(value["id"]) || !isPlainObject(value["result"])) {
    throw new RpcError(INVALID_REQUEST, "Invalid Request: malformed response", undefined, 400);
  }
  return { kind: "response", message: value as unknown as JsonRpcResponse };
}

export function successResponse(id: RequestId, result: JsonObject): JsonRpcSuccess {
  return { jsonrpc: "2.0", id, result };
}

export function errorResponse(id: RequestId | null, error: RpcError | JsonRpcErrorObject): JsonRpcFailure {
  return { jsonrpc: "2.0", id, error: error instanceof RpcError ? error.toErrorObject() : error };
}

export function notification(method: string, params?: JsonObject): JsonRpcNotification {
  return params === undefined ? { jsonrpc: "2.0", method } : { jsonrpc: "2.0", method, params };
}

// Guards for decoded frames whose shape was not validated (the client reads what a server sent).
// A received failure may lack `id` (a server's parse error, a broken peer): readers must not
// assume one.

/** Decode one wire frame; anything that is not a JSON-RPC 2.0 object is reported as null. A peer's `__proto__` keys are dropped, as on the server (parse.ts). */
export function parseMessage(text: string): JsonRpcMessage | null {
  let value: unknown;
  try {
    value = decodeJsonSafely(text);
  } catch {
    return null;
  }
  if (!isPlainObject(value) || value["jsonrpc"] !== "2.0") return null;
  return value as unknown as JsonRpcMessage;
}

export function isResponse(message: unknown): message is JsonRpcResponse {
  return isPlainObject(message) && !("method" in message) && ("result" in message || "error" in message);
}

export function isRequest(message: unknown): message is JsonRpcRequest {
  return isPlainObject(message) && typeof message["method"] === "string" && message["id"] !== undefined && message["id"] !== null;
}

export function isNotification(message: unknown): message is JsonRpcNotification {
  return isPlainObject(message) && typeof message["method"] === "string" && message["id"] === undefined;
}

export function isFailure(response: JsonRpcResponse): response is JsonRpcFailure {
  return "error" in response;
}
