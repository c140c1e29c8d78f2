import { describe, expect, it } from "vitest";
import { classifyEra } from "../../packages/runtime/src/core/era/classify.js";
import { readEnvelope } from "../../packages/runtime/src/core/era/envelope.js";
import { eraOfRevision } from "../../packages/runtime/src/core/era/revisions.js";
import { inspectMessage } from "../../packages/runtime/src/core/jsonrpc/message.js";
import type { RpcError } from "../../packages/runtime/src/core/jsonrpc/errors.js";
import { envelope } from "./helpers/definition.js";

const req = (method: string, params?: Record<string, unknown>) => inspectMessage({ jsonrpc: "2.0", id: 1, method, ...(params ? { params } : {}) });

function failure(fn: () => unknown): { code: number; status: number | undefined } | undefined {
  try {
    fn();
  } catch (error) {
    return { code: (error as RpcError).code, status: (error as RpcError).httpStatus };
  }
  return undefined;
}

describe("era classification (body-primary)", () => {
  it("sends requests with the _meta claim to the modern era", () => {
    expect(classifyEra(req("tools/list", { _meta: envelope() }), undefined)).toBe("modern");
    expect(classifyEra(req("initialize", { _meta: envelope() }), "2026-07-28")).toBe("modern");
  });

  it("keeps claim-less traffic legacy unless the header names a modern revision", () => {
    expect(classifyEra(req("initialize", { protocolVersion: "2025-11-25", capabilities: {} }), undefined)).toBe("legacy");
    expect(classifyEra(req("tools/list"), "2025-11-25")).toBe("legacy");
    expect(classifyEra(inspectMessage({ jsonrpc: "2.0", id: 1, result: {} }), "2026-07-28")).toBe("legacy");
    expect(classifyEra(inspectMessage({ jsonrpc: "2.0", method: "notifications/initialized" }), undefined)).toBe("legacy");
    expect(classifyEra(inspectMessage({ jsonrpc: "2.0", method: "notifications/x" }), "2026-07-28")).toBe("modern");
  });

  it("rejects a modern header on a claim-less request", () => {
    expect(failure(() => classifyEra(req("tools/list"), "2026-07-28"))).toEqual({ code: -32602, status: 400 });
    expect(failure(() => classifyEra(req("initialize", { protocolVersion: "x", capabilities: {} }), " 2026-07-28 "))).toEqual({
      code: -32020,
      status: 400,
    });
  });

  it("orders revisions lexically around 2026-07-28", () => {
    expect(eraOfRevision("2025-11-25")).toBe("legacy");
    expect(eraOfRevision("2024-11-05")).toBe("legacy");
    expect(eraOfRevision("2026-07-28")).toBe("modern");
    expect(eraOfRevision("2027-01-01")).toBe("modern");
  });
});

describe("envelope validation", () => {
  it("requires protocolVersion and clientCapabilities but not clientInfo", () => {
    expect(failure(() => readEnvelope(undefined))).toEqual({ code: -32602, status: 400 });
    expect(failure(() => readEnvelope({ _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28" } }))).toEqual({ code: -32602, status: 400 });
    expect(failure(() => readEnvelope({ _meta: { "io.modelcontextprotocol/clientCapabilities": {} } }))).toEqual({ code: -32602, status: 400 });
    expect(failure(() => readEnvelope({ _meta: envelope({}, [] as never) }))).toEqual({ code: -32602, status: 400 });
    expect(readEnvelope({ _meta: envelope({ progressToken: 4 }) })).toMatchObject({ protocolVersion: "2026-07-28", progressToken: 4, clientInfo: undefined });
  });

  it("rejects an unknown log level", () => {
    expect(failure(() => readEnvelope({ _meta: envelope({ "io.modelcontextprotocol/logLevel": "loud" }) }))?.code).toBe(-32602);
    expect(readEnvelope({ _meta: envelope({ "io.modelcontextprotocol/logLevel": "warning" }) }).logLevel).toBe("warning");
  });
});
