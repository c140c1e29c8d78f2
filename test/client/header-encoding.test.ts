import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scanHeaderDeclarations } from "../../packages/runtime/src/core/headers/declarations.js";
import { headerValueFor } from "../../packages/runtime/src/client/header-encoding.js";
import { decodeHeaderValue as decodeStrict, encodeHeaderValue } from "../../packages/runtime/src/core/headers/value.js";

const decodeHeaderValue = (value: string): string => decodeStrict(value, "Mcp-Param-Test");
import { paramHeaders, standardHeaders } from "../../packages/runtime/src/client/request-headers.js";
import { PROPERTY_TEST_TIMEOUT_MS, within } from "../support/property-budget.js";

describe("header value encoding (streamable-http § Value Encoding)", () => {
  it("reproduces every row of the spec's encoding table", () => {
    expect(encodeHeaderValue("us-west1")).toBe("us-west1");
    expect(encodeHeaderValue("Hello, 世界")).toBe("=?base64?SGVsbG8sIOS4lueVjA==?=");
    expect(encodeHeaderValue(" padded ")).toBe("=?base64?IHBhZGRlZCA=?=");
    expect(encodeHeaderValue("line1\nline2")).toBe("=?base64?bGluZTEKbGluZTI=?=");
    expect(encodeHeaderValue("=?base64?literal?=")).toBe("=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?=");
  });

  it("encodes leading or trailing whitespace, tabs, CR/LF and control characters, not inner spaces", () => {
    expect(encodeHeaderValue("us west 1")).toBe("us west 1");
    for (const value of [" lead", "trail ", "\tindented", "a\r\nb", "bell\u0007", "del\u007f", "é"]) {
      const encoded = encodeHeaderValue(value);
      expect(encoded.startsWith("=?base64?") && encoded.endsWith("?=")).toBe(true);
      expect(decodeHeaderValue(encoded)).toBe(value);
    }
  });

  it("leaves the empty string and half-sentinels alone", () => {
    expect(encodeHeaderValue("")).toBe("");
    expect(encodeHeaderValue("=?base64?")).toBe("=?base64?");
    expect(encodeHeaderValue("?=")).toBe("?=");
    expect(encodeHeaderValue("=?BASE64?x?=")).toBe("=?BASE64?x?=");
  });

  it("round-trips any string and always yields a header-safe value", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (value) => {
        const encoded = encodeHeaderValue(value);
        expect(/^[\x20-\x7e]*$/.test(encoded)).toBe(true);
        expect(encoded).toBe(encoded.trim());
        expect(decodeHeaderValue(encoded)).toBe(value);
      }),
      { numRuns: 500, ...within() },
    );
  }, PROPERTY_TEST_TIMEOUT_MS);

  it("encodes exactly as Node's Buffer Base64 would, without depending on Buffer (runtime-neutral core)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (value) => {
        const encoded = encodeHeaderValue(value);
        if (encoded !== value) expect(encoded).toBe(`=?base64?${Buffer.from(value, "utf8").toString("base64")}?=`);
      }),
      { numRuns: 300, ...within() },
    );
    // A leading byte-order mark and a real U+FFFD are text, kept as sent; bytes that are not UTF-8 are refused.
    expect(decodeHeaderValue(encodeHeaderValue("\uFEFFeu"))).toBe("\uFEFFeu");
    expect(decodeHeaderValue(encodeHeaderValue("a\uFFFDb"))).toBe("a\uFFFDb");
    expect(() => decodeHeaderValue(`=?base64?${Buffer.from([0xc3, 0x28]).toString("base64")}?=`)).toThrow(/UTF-8/);
  }, PROPERTY_TEST_TIMEOUT_MS);

  it("stringifies integers and booleans and omits null or absent values", () => {
    expect(headerValueFor(42)).toBe("42");
    expect(headerValueFor(-7)).toBe("-7");
    expect(headerValueFor(true)).toBe("true");
    expect(headerValueFor(false)).toBe("false");
    expect(headerValueFor(null)).toBeUndefined();
    expect(headerValueFor(undefined)).toBeUndefined();
    expect(headerValueFor({ a: 1 })).toBeUndefined();
  });
});

describe("standard and parameter headers", () => {
  it("sets Mcp-Method on every request and Mcp-Name only for the three named methods", () => {
    expect(standardHeaders("2026-07-28", "tools/list", {})).toEqual({ "MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/list" });
    expect(standardHeaders("2026-07-28", "tools/call", { name: "my-tool" })["Mcp-Name"]).toBe("my-tool");
    expect(standardHeaders("2026-07-28", "prompts/get", { name: "p" })["Mcp-Name"]).toBe("p");
    expect(standardHeaders("2026-07-28", "resources/read", { uri: "file:///a%20b.txt" })["Mcp-Name"]).toBe("file:///a%20b.txt");
    expect(standardHeaders("2026-07-28", "resources/read", { uri: "notes://ünïcode" })["Mcp-Name"]).toBe(encodeHeaderValue("notes://ünïcode"));
    expect(standardHeaders("2026-07-28", "completion/complete", { name: "x" })["Mcp-Name"]).toBeUndefined();
  });

  it("mirrors annotated arguments by path and omits null ones", () => {
    const plan = scanHeaderDeclarations({
      type: "object",
      properties: {
        region: { type: "string", "x-mcp-header": "Region" },
        opts: { type: "object", properties: { verbose: { type: "boolean", "x-mcp-header": "Verbose" } } },
        missing: { type: "string", "x-mcp-header": "Missing" },
        nothing: { type: ["string", "null"], "x-mcp-header": "Nothing" },
      },
    }).declarations;
    expect(plan).toHaveLength(4);
    expect(paramHeaders(plan, { region: " eu ", opts: { verbose: false }, nothing: null })).toEqual({
      "Mcp-Param-Region": "=?base64?IGV1IA==?=",
      "Mcp-Param-Verbose": "false",
    });
  });
});
