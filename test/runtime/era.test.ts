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

describe("revisions and the client's envelope writer (core, shared by both halves)", () => {
  it("picks the newest mutual revision of the requested era only", async () => {
    const { pickMutualRevision, isSupportedRevision, SUPPORTED_REVISIONS } = await import("../../packages/runtime/src/core/era/revisions.js");
    expect(SUPPORTED_REVISIONS[0]).toBe("2026-07-28");
    expect(pickMutualRevision(["2025-03-26", "2025-11-25", 7, "2026-07-28"], "legacy")).toBe("2025-11-25");
    expect(pickMutualRevision(["2025-03-26"], "modern")).toBeUndefined();
    expect(isSupportedRevision("2099-01-01")).toBe(false);
  });

  it("writes an envelope the server's reader accepts, keeping caller _meta but never a stale version", async () => {
    const { withEnvelope, withProgressToken } = await import("../../packages/runtime/src/core/era/envelope.js");
    const stale = { _meta: { "io.modelcontextprotocol/protocolVersion": "1999-01-01", traceparent: "t" }, name: "x" };
    const params = withProgressToken(withEnvelope(stale, { protocolVersion: "2026-07-28", clientCapabilities: { roots: {} }, logLevel: "info" }), 4);
    const read = readEnvelope(params);
    expect(read).toMatchObject({ protocolVersion: "2026-07-28", clientCapabilities: { roots: {} }, logLevel: "info", progressToken: 4 });
    expect((params["_meta"] as Record<string, unknown>)["traceparent"]).toBe("t");
    expect(params["name"]).toBe("x");
    expect(stale._meta["io.modelcontextprotocol/protocolVersion"]).toBe("1999-01-01");
  });
});

describe("method registries", () => {
  it("gate each method on its capability, including the legacy subscribe sub-capability", async () => {
    const { capabilityAllows, methodRow } = await import("../../packages/runtime/src/core/methods.js");
    const subscribe = methodRow("legacy", "resources/subscribe");
    expect(capabilityAllows(subscribe?.capability, { resources: {} })).toBe(false);
    expect(capabilityAllows(subscribe?.capability, { resources: { subscribe: true } })).toBe(true);
    expect(capabilityAllows(methodRow("modern", "tools/call")?.capability, {})).toBe(false);
    expect(capabilityAllows(methodRow("modern", "server/discover")?.capability, {})).toBe(true);
    expect(methodRow("modern", "initialize")).toBeUndefined();
    expect(methodRow("legacy", "subscriptions/listen")).toBeUndefined();
  });

  it("mark what clients cache, re-issue and retry with input", async () => {
    const { methodRows } = await import("../../packages/runtime/src/core/methods.js");
    const names = (flag: "cacheable" | "reissueSafe" | "mayRequireInput") => methodRows("modern").filter((r) => r[flag]).map((r) => r.method);
    expect(names("mayRequireInput")).toEqual(["tools/call", "prompts/get", "resources/read"]);
    expect(names("cacheable")).toEqual(["server/discover", "tools/list", "prompts/list", "resources/list", "resources/templates/list", "resources/read"]);
    expect(names("reissueSafe")).not.toContain("tools/call");
    expect(names("reissueSafe")).not.toContain("subscriptions/listen");
    expect(methodRows("legacy").some((r) => r.cacheable || r.reissueSafe || r.mayRequireInput)).toBe(false);
  });
});
