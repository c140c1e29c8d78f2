import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createRequestStateCodec, digestParams } from "../../packages/runtime/src/mrtr/request-state.js";
import { resolveSigningKey } from "../../packages/runtime/src/mrtr/signing-key.js";
import type { RpcError } from "../../packages/runtime/src/core/jsonrpc/errors.js";

async function rejection(fn: () => Promise<unknown>): Promise<unknown> {
  try {
    await fn();
  } catch (error) {
    return { code: (error as RpcError).code, data: (error as RpcError).data };
  }
  return "accepted";
}
const INVALID = { code: -32602, data: { reason: "invalid_request_state" } };

describe("requestState HMAC codec", () => {
  const key = randomBytes(32);
  // What the node:crypto version computed for { name: "t", arguments: { a: 1 } } (sorted-key JSON,
  // SHA-256, base64url, 22 characters): the Web Crypto digest must equal it (checked below).
  const digest = createHash("sha256").update('{"arguments":{"a":1},"name":"t"}').digest("base64url").slice(0, 22);

  it("round-trips answers and handler data", async () => {
    const codec = createRequestStateCodec(key, 60_000);
    const token = await codec.seal("tools/call", digest, { answers: { k: { action: "accept" } }, data: { round: 2 } });
    expect(await codec.open(token, "tools/call", digest)).toEqual({ answers: { k: { action: "accept" } }, data: { round: 2 } });
  });

  it("rejects any tampering with payload or signature", async () => {
    const codec = createRequestStateCodec(key, 60_000);
    const token = await codec.seal("tools/call", digest, { answers: {} });
    const [v, body, mac] = token.split(".") as [string, string, string];
    const forgedBody = Buffer.from(JSON.stringify({ m: "tools/call", d: digest, e: Date.now() + 1e9, a: { k: 1 } })).toString("base64url");
    for (const bad of [`${token}-TAMPERED`, `${v}.${forgedBody}.${mac}`, `${v}.${body}.${mac.slice(1)}`, `${v}.${body}`, "", 42, null]) {
      expect(await rejection(() => codec.open(bad, "tools/call", digest))).toEqual(INVALID);
    }
    const otherKey = createRequestStateCodec(randomBytes(32), 60_000);
    expect(await rejection(() => otherKey.open(token, "tools/call", digest))).toEqual(INVALID);
  });

  it("expires", async () => {
    let now = 1_000;
    const codec = createRequestStateCodec(key, 500, () => now);
    const token = await codec.seal("tools/call", digest, { answers: {} });
    now = 1_400;
    expect(await rejection(() => codec.open(token, "tools/call", digest))).toBe("accepted");
    now = 1_501;
    expect(await rejection(() => codec.open(token, "tools/call", digest))).toEqual(INVALID);
  });

  it("is bound to the method and a digest of the salient params", async () => {
    const codec = createRequestStateCodec(key, 60_000);
    const token = await codec.seal("tools/call", digest, { answers: {} });
    expect(await rejection(() => codec.open(token, "prompts/get", digest))).toEqual(INVALID);
    const other = await digestParams({ name: "t", arguments: { a: 2 } });
    expect(await rejection(() => codec.open(token, "tools/call", other))).toEqual(INVALID);
    // Key order and retry-only fields do not change the digest.
    expect(await digestParams({ arguments: { a: 1 }, name: "t", requestState: "x", inputResponses: {}, _meta: { p: 1 } })).toBe(digest);
    expect(await digestParams({ name: "t", arguments: { a: 1 } })).toBe(digest);
  });

  it("demands keys of at least 32 bytes", () => {
    expect(() => resolveSigningKey("short", "TEST_KEY")).toThrow(/32 bytes/);
    expect(resolveSigningKey("k".repeat(32), "TEST_KEY").length).toBe(32);
    expect(resolveSigningKey(undefined, "MCP_GEN_TEST_UNSET_KEY").length).toBe(32);
  });
});
