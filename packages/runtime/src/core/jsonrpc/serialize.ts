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
  return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${body}}`;
}

export function serializeError(id: RequestId | null, error: RpcError): string {
  return JSON.stringify({ jsonrpc: "2.0", id, error: error.toErrorObject() });
}
