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

/**
 * A result serialized once and sent to every caller (list pages, server/discover), with its UTF-8
 * bytes encoded once too. PERFORMANCE: a 100-tool tools/list is ~20 KB; written as a string it is
 * flattened and encoded on every request, written as these bytes (SplicedSuccess) it is not.
 */
export class SharedRawJson extends RawJson {
  private utf8: Uint8Array | undefined;

  bytes(): Uint8Array {
    return (this.utf8 ??= new TextEncoder().encode(this.json));
  }
}

export type ResultBody = JsonObject | RawJson;

/** A success response as `head`, the shared result's bytes, then `tail`: for adapters that write bytes. */
export interface SplicedSuccess {
  readonly head: string;
  readonly bytes: Uint8Array;
  readonly tail: string;
}

/** Everything of a success response before its result. */
export function successHead(id: RequestId): string {
  // A number id is written as String() writes it: JSON.stringify would give the same text (ids
  // come from JSON.parse, so they are finite), at the cost of a builtin call per response.
  return `{"jsonrpc":"2.0","id":${typeof id === "number" ? String(id) : JSON.stringify(id)},"result":`;
}

/**
 * The success response of a shared result, both as its text and as the parts (SplicedSuccess) an
 * adapter that writes bytes sends instead: the text is a concatenation V8 only flattens if an
 * adapter reads it. Built by serializeAnswer for both eras.
 */
export class SharedSuccess {
  readonly text: string;
  readonly spliced: SplicedSuccess;

  constructor(id: RequestId, result: SharedRawJson) {
    const head = successHead(id);
    this.text = `${head}${result.json}}`;
    this.spliced = { head, bytes: result.bytes(), tail: "}" };
  }
}

/** A serialized success response: its text, or for a shared result a SharedSuccess. */
export type SerializedSuccess = string | SharedSuccess;

/** The success response of `result`, kept in parts when the result is shared (both eras answer through this). */
export function serializeAnswer(id: RequestId, result: ResultBody): SerializedSuccess {
  return result instanceof SharedRawJson ? new SharedSuccess(id, result) : serializeSuccess(id, result);
}

/** The JSON text of a serialized success, for transports that write text (stdio, SSE, batches). */
export function answerText(answer: SerializedSuccess): string {
  return typeof answer === "string" ? answer : answer.text;
}

export function serializeSuccess(id: RequestId, result: ResultBody): string {
  const body = result instanceof RawJson ? result.json : JSON.stringify(result);
  return `${successHead(id)}${body}}`;
}

export function serializeError(id: RequestId | null, error: RpcError): string {
  return JSON.stringify({ jsonrpc: "2.0", id, error: error.toErrorObject() });
}
