import { describe, expect, it } from "vitest";
import { decodeHeaderValue, encodeHeaderValue, needsBase64 } from "../../packages/runtime/src/core/headers/value.js";
import { checkMethodAndNameHeaders, checkParamHeaders, checkProtocolVersionHeader, headerParamsOf } from "../../packages/runtime/src/core/headers/standard.js";
import type { RpcError } from "../../packages/runtime/src/core/jsonrpc/errors.js";

const lookup = (headers: Record<string, string>) => (name: string) => headers[name];
const code = (fn: () => unknown) => {
  try {
    fn();
    return undefined;
  } catch (error) {
    return (error as RpcError).code;
  }
};

describe("header value codec (=?base64?…?=)", () => {
  it("decodes the sentinel form and treats everything else literally", () => {
    expect(decodeHeaderValue("=?base64?SGVsbG8=?=", "X")).toBe("Hello");
    expect(decodeHeaderValue("  plain  ", "X")).toBe("plain");
    expect(decodeHeaderValue("SGVsbG8=", "X")).toBe("SGVsbG8=");
    expect(decodeHeaderValue("=?base64?SGVsbG8=", "X")).toBe("=?base64?SGVsbG8=");
    expect(decodeHeaderValue("SGVsbG8=?=", "X")).toBe("SGVsbG8=?=");
  });

  it("rejects bad padding, foreign characters and invalid UTF-8 with -32020", () => {
    expect(code(() => decodeHeaderValue("=?base64?SGVsbG8?=", "X"))).toBe(-32020);
    expect(code(() => decodeHeaderValue("=?base64?SGVs!!!bG8=?=", "X"))).toBe(-32020);
    expect(code(() => decodeHeaderValue("=?base64?/w==?=", "X"))).toBe(-32020);
  });

  it("round-trips values that need wrapping", () => {
    for (const value of ["café", " lead", "trail ", "a\nb", "tab\there", "=?base64?x?=", "日本"]) {
      expect(needsBase64(value)).toBe(true);
      expect(decodeHeaderValue(encodeHeaderValue(value), "X")).toBe(value);
    }
    expect(encodeHeaderValue("us-east1")).toBe("us-east1");
  });
});

describe("standard header checks", () => {
  it("requires MCP-Protocol-Version equal to the body", () => {
    expect(code(() => checkProtocolVersionHeader(lookup({}), "2026-07-28"))).toBe(-32020);
    expect(code(() => checkProtocolVersionHeader(lookup({ "mcp-protocol-version": "2025-11-25" }), "2026-07-28"))).toBe(-32020);
    expect(code(() => checkProtocolVersionHeader(lookup({ "mcp-protocol-version": " 2026-07-28 " }), "2026-07-28"))).toBeUndefined();
  });

  it("checks Mcp-Method case-sensitively and Mcp-Name after decoding", () => {
    expect(code(() => checkMethodAndNameHeaders(lookup({}), "tools/list", {}))).toBe(-32020);
    expect(code(() => checkMethodAndNameHeaders(lookup({ "mcp-method": "TOOLS/LIST" }), "tools/list", {}))).toBe(-32020);
    expect(code(() => checkMethodAndNameHeaders(lookup({ "mcp-method": "tools/list" }), "tools/list", {}))).toBeUndefined();
    const call = { name: "naïve tool" };
    expect(code(() => checkMethodAndNameHeaders(lookup({ "mcp-method": "tools/call" }), "tools/call", call))).toBe(-32020);
    expect(code(() => checkMethodAndNameHeaders(lookup({ "mcp-method": "tools/call", "mcp-name": "other" }), "tools/call", call))).toBe(-32020);
    const encoded = encodeHeaderValue("naïve tool");
    expect(code(() => checkMethodAndNameHeaders(lookup({ "mcp-method": "tools/call", "mcp-name": encoded }), "tools/call", call))).toBeUndefined();
    expect(code(() => checkMethodAndNameHeaders(lookup({ "mcp-method": "resources/read", "mcp-name": "a://b" }), "resources/read", { uri: "a://b" }))).toBeUndefined();
  });

  it("checks mirrored parameters: required when present, numeric for integers, ignored when absent", () => {
    const params = headerParamsOf({
      type: "object",
      properties: { region: { type: "string", "x-mcp-header": "Region" }, n: { type: "integer", "x-mcp-header": "N" }, f: { type: "boolean", "x-mcp-header": "F" } },
    });
    expect(params.map((p) => p.headerName)).toEqual(["Region", "N", "F"]);
    expect(code(() => checkParamHeaders(lookup({}), params, { region: null }))).toBeUndefined();
    expect(code(() => checkParamHeaders(lookup({}), params, { region: "eu" }))).toBe(-32020);
    expect(code(() => checkParamHeaders(lookup({ "mcp-param-region": "us" }), params, { region: "eu" }))).toBe(-32020);
    expect(code(() => checkParamHeaders(lookup({ "mcp-param-region": "eu", "mcp-param-n": "007" }), params, { region: "eu", n: 7 }))).toBeUndefined();
    expect(code(() => checkParamHeaders(lookup({ "mcp-param-n": "7.5" }), params, { n: 7 }))).toBe(-32020);
    expect(code(() => checkParamHeaders(lookup({ "mcp-param-f": "True" }), params, { f: true }))).toBe(-32020);
  });

  it("refuses invalid x-mcp-header declarations at construction", () => {
    expect(() => headerParamsOf({ properties: { a: { type: "number", "x-mcp-header": "A" } } })).toThrow();
    expect(() => headerParamsOf({ properties: { a: { type: "string", "x-mcp-header": "bad name" } } })).toThrow();
    expect(() => headerParamsOf({ properties: { a: { type: "string", "x-mcp-header": "A" }, b: { type: "string", "x-mcp-header": "a" } } })).toThrow();
  });
});
