// Response serialization with support for pre-serialized results: list and discovery results
// are identical for every caller, so their JSON is built once at server construction and only
// the envelope around it is concatenated per request.
import type { JsonObject, RequestId } from "./message.js";
import type { RpcError } from "./errors.js";

export class RawJson {
  readonly json: string;
  constructor(json: string) {
    this.json = json;
  }
}

export type ResultBody = JsonObject | RawJson;

export function serializeSuccess(id: RequestId, result: ResultBody): string {
  const body = result instanceof RawJson ? result.json : JSON.stringify(result);
  // A number id is written as String() writes it: JSON.stringify would give the same text (ids
  // come from JSON.parse, so they are finite), at the cost of a builtin call per response.
  return `{"jsonrpc":"2.0","id":${typeof id === "number" ? String(id) : JSON.stringify(id)},"result":${body}}`;
}

export function serializeError(id: RequestId | null, error: RpcError): string {
  return JSON.stringify({ jsonrpc: "2.0", id, error: error.toErrorObject() });
}
