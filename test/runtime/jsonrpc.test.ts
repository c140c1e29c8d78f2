import { describe, expect, it } from "vitest";
import { inspectMessage, salvageId } from "../../packages/runtime/src/core/jsonrpc/message.js";
import { parseJsonText } from "../../packages/runtime/src/core/jsonrpc/parse.js";
import { RawJson, serializeError, serializeSuccess } from "../../packages/runtime/src/core/jsonrpc/serialize.js";
import { RpcError } from "../../packages/runtime/src/core/jsonrpc/errors.js";

function codeOf(fn: () => unknown): number | undefined {
  try {
    fn();
  } catch (error) {
    return (error as RpcError).code;
  }
  return undefined;
}

describe("JSON-RPC message classification", () => {
  it("recognises requests, notifications and responses", () => {
    expect(inspectMessage({ jsonrpc: "2.0", id: 1, method: "ping" }).kind).toBe("request");
    expect(inspectMessage({ jsonrpc: "2.0", id: "a", method: "x", params: {} }).kind).toBe("request");
    expect(inspectMessage({ jsonrpc: "2.0", method: "notifications/x" }).kind).toBe("notification");
    expect(inspectMessage({ jsonrpc: "2.0", id: 3, result: {} }).kind).toBe("response");
    expect(inspectMessage({ jsonrpc: "2.0", id: 3, error: { code: 1, message: "m" } }).kind).toBe("response");
  });

  it("rejects malformed messages with -32600", () => {
    const bad: unknown[] = [
      null,
      [],
      "x",
      { id: 1, method: "ping" },
      { jsonrpc: "1.0", id: 1, method: "ping" },
      { jsonrpc: "2.0", id: null, method: "ping" },
      { jsonrpc: "2.0", id: {}, method: "ping" },
      { jsonrpc: "2.0", id: 1, method: 5 },
      { jsonrpc: "2.0", id: 1, method: "" },
      { jsonrpc: "2.0", id: 1, method: "x", params: [1] },
      { jsonrpc: "2.0", id: 1, result: {}, error: { code: 1, message: "m" } },
      { jsonrpc: "2.0", id: 1 },
      { jsonrpc: "2.0", id: 1, error: { code: "x", message: "m" } },
    ];
    for (const value of bad) expect(codeOf(() => inspectMessage(value)), JSON.stringify(value)).toBe(-32600);
  });

  it("salvages the id of an invalid message only when it is a valid id", () => {
    expect(salvageId({ id: 9, method: 1 })).toBe(9);
    expect(salvageId({ id: "k" })).toBe("k");
    expect(salvageId({ id: { x: 1 } })).toBeNull();
    expect(salvageId("nope")).toBeNull();
  });
});

describe("JSON parsing", () => {
  it("reports -32700 for invalid JSON", () => {
    expect(codeOf(() => parseJsonText("{"))).toBe(-32700);
    expect(codeOf(() => parseJsonText(""))).toBe(-32700);
  });

  it("drops __proto__ keys so later copies cannot pollute prototypes", () => {
    const value = parseJsonText('{"a":1,"__proto__":{"polluted":true},"b":{"__proto__":{"x":1}}}') as Record<string, any>;
    expect(Object.hasOwn(value, "__proto__")).toBe(false);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    const copy = Object.assign({}, value, value["b"]);
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
    expect(copy["x"]).toBeUndefined();
  });
});

describe("serialization", () => {
  it("splices pre-serialized results verbatim and keeps ids typed", () => {
    expect(JSON.parse(serializeSuccess("7", new RawJson('{"a":[1]}')))).toEqual({ jsonrpc: "2.0", id: "7", result: { a: [1] } });
    expect(JSON.parse(serializeSuccess(7, { b: 2 }))).toEqual({ jsonrpc: "2.0", id: 7, result: { b: 2 } });
    expect(JSON.parse(serializeError(null, new RpcError(-32602, "bad", { uri: "u" })))).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32602, message: "bad", data: { uri: "u" } },
    });
  });
});

describe("the wire error class and the received-frame guards (both directions)", () => {
  it("round-trips a peer's error object with its code and data, and no HTTP status", () => {
    const sent = new RpcError(-32022, "Unsupported protocol version", { supported: ["2026-07-28"] }, 400);
    const received = RpcError.fromErrorObject(JSON.parse(serializeError(1, sent)).error);
    expect(received).toBeInstanceOf(RpcError);
    expect(received.toErrorObject()).toEqual(sent.toErrorObject());
    expect(received.httpStatus).toBeUndefined();
  });

  it("classifies decoded frames the way a client reads them", async () => {
    const { isFailure, isNotification, isRequest, isResponse, parseMessage } = await import("../../packages/runtime/src/core/jsonrpc/message.js");
    expect(parseMessage("not json")).toBeNull();
    expect(parseMessage('{"jsonrpc":"1.0","id":1}')).toBeNull();
    const failure = parseMessage('{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"}}');
    expect(isResponse(failure)).toBe(true);
    expect(isResponse(failure) && isFailure(failure)).toBe(true);
    expect(isRequest({ jsonrpc: "2.0", id: null, method: "ping" })).toBe(false);
    expect(isRequest({ jsonrpc: "2.0", id: 0, method: "ping" })).toBe(true);
    expect(isNotification({ jsonrpc: "2.0", method: "notifications/progress" })).toBe(true);
    expect(isNotification({ jsonrpc: "2.0", id: 3, method: "ping" })).toBe(false);
  });

  it("names each error code once", async () => {
    const { ERROR_CODES } = await import("../../packages/runtime/src/core/jsonrpc/codes.js");
    expect(ERROR_CODES["MISSING_REQUIRED_CLIENT_CAPABILITY"]).toBe(-32021);
    expect(new Set(Object.values(ERROR_CODES)).size).toBe(Object.keys(ERROR_CODES).length);
  });
});
