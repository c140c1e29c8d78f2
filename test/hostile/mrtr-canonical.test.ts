// Issue 21 #12 (smaller ones): deep arguments overflowed the MRTR params digest (-32603 from
// 2,413 levels); requestState and handles accepted non-canonical base64url; an escaped
// `\u005f\u005fproto__` key slipped past the parse guard.
import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseJsonText } from "../../packages/runtime/src/core/jsonrpc/parse.js";
import { createHandleCodec, HandleError } from "../../packages/runtime/src/handles/handles.js";
import { createRequestStateCodec, digestParams } from "../../packages/runtime/src/mrtr/request-state.js";
import { Cancellation } from "../../packages/runtime/src/server/cancellation.js";
import { createMcpServer } from "../../packages/runtime/src/server/server.js";
import { envelope, MODERN } from "../runtime/helpers/definition.js";

function nested(depth: number): unknown {
  let value: unknown = "leaf";
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? { k: value } : [value];
  return value;
}

const server = createMcpServer({
  serverInfo: { name: "mrtr-hostile", version: "0.0.1" },
  revisions: [MODERN],
  tools: [
    {
      name: "confirm",
      inputSchema: { type: "object" },
      inputs: { ok: { kind: "form-elicitation", message: "OK?", requestedSchema: { type: "object", properties: {} } } },
      handler: async (_args, ctx) => ({ content: [{ type: "text", text: String((await ctx.ask("ok")).action) }] }),
    },
  ],
});
const capabilities = { elicitation: { form: {} } };

async function call(params: Record<string, unknown>) {
  const reply = await server.serveModern(
    { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "confirm", ...params, _meta: envelope({}, capabilities) } },
    { cancellation: new Cancellation(), notify: () => {} },
  );
  return JSON.parse(reply.body!);
}

describe("MRTR with deeply nested arguments (issue 21 #12)", () => {
  it.each([3_000, 100_000])("%i levels: input_required, then the retry with requestState completes", async (depth) => {
    const args = { deep: nested(depth) };
    const first = await call({ arguments: args });
    expect(first.error).toBeUndefined();
    expect(first.result.resultType).toBe("input_required");
    const second = await call({ arguments: args, requestState: first.result.requestState, inputResponses: { ok: { action: "accept", content: {} } } });
    expect(second.result.content).toEqual([{ type: "text", text: "accept" }]);
  });

  it("the iterative digest equals the recursive definition (sorted keys, arrays in order)", async () => {
    const reference = (value: unknown): string => {
      if (Array.isArray(value)) return `[${value.map(reference).join(",")}]`;
      if (typeof value === "object" && value !== null) {
        return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${reference((value as Record<string, unknown>)[k])}`).join(",")}}`;
      }
      return JSON.stringify(value) ?? "null";
    };
    const params = { name: "t", arguments: { b: [1, { z: null, a: "x" }, []], a: {}, c: "é\n", u: undefined } };
    const expected = createHash("sha256").update(reference({ arguments: params.arguments, name: "t" })).digest("base64url").slice(0, 22);
    expect(await digestParams(params)).toBe(expected);
  });

  it("answers nested deeper than 64 levels are -32602, not an overflow", async () => {
    const first = await call({ arguments: {} });
    const reply = await call({ arguments: {}, requestState: first.result.requestState, inputResponses: { ok: { action: "accept", content: { x: nested(20_000) } } } });
    expect(reply.error.code).toBe(-32602);
    expect(reply.error.message).toContain("nested deeper than 64");
  });
});

/** Every other spelling of the same bytes: the last character's unused bits, and `=` padding. */
function nonCanonicalSpellings(canonical: string): string[] {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  const bytes = Buffer.from(canonical, "base64url");
  const head = canonical.slice(0, -1);
  const variants = [...alphabet]
    .map((c) => head + c)
    .filter((v) => v !== canonical && Buffer.from(v, "base64url").equals(bytes));
  variants.push(`${canonical}=`, `${canonical}==`, `${canonical.slice(0, 4)}.${canonical.slice(4)}`.replace(".", "*"));
  return variants.filter((v) => Buffer.from(v, "base64url").equals(bytes));
}

describe("signed tokens accept only canonical base64url (issue 21 #12)", () => {
  const key = randomBytes(32);

  it("requestState: every non-canonical spelling of the MAC is refused", async () => {
    const codec = createRequestStateCodec(key, 60_000);
    const token = await codec.seal("tools/call", "digest", { answers: {} });
    const [v, body, mac] = token.split(".") as [string, string, string];
    expect(await codec.open(token, "tools/call", "digest")).toEqual({ answers: {} });
    const variants = nonCanonicalSpellings(mac);
    expect(variants.length).toBeGreaterThanOrEqual(3);
    for (const variant of variants) {
      await expect(codec.open(`${v}.${body}.${variant}`, "tools/call", "digest"), variant).rejects.toThrow(/invalid or expired requestState/);
    }
  });

  it("handles: every non-canonical spelling of the MAC is refused as forged", async () => {
    const codec = createHandleCodec(key, { cart: { ttlMs: 60_000 } });
    const handle = await codec.mint("cart", { id: 7 });
    const parts = handle.split(".");
    const mac = parts.pop()!;
    expect(await codec.open("cart", handle)).toEqual({ id: 7 });
    const variants = nonCanonicalSpellings(mac);
    expect(variants.length).toBeGreaterThanOrEqual(3);
    for (const variant of variants) {
      let error: unknown;
      try {
        await codec.open("cart", [...parts, variant].join("."));
      } catch (caught) {
        error = caught;
      }
      expect(error, variant).toBeInstanceOf(HandleError);
      expect((error as HandleError).reason).toBe("forged");
    }
  });
});

describe("the parse guard sees escaped __proto__ keys (issue 21 #12)", () => {
  it.each([
    String.raw`{"\u005f\u005fproto__":{"polluted":1},"a":1}`,
    String.raw`{"__\u0070roto__":{"polluted":1},"a":1}`,
    String.raw`{"x":{"_\u005Fpr\u006Ft\u006f__":{"polluted":1}},"a":1}`,
  ])("%s", (text) => {
    const value = parseJsonText(text) as Record<string, any>;
    expect(value["a"]).toBe(1);
    const holder = (value["x"] ?? value) as object;
    expect(Object.hasOwn(holder, "__proto__")).toBe(false);
    // What a validator copying keys one by one would do with an own __proto__ key.
    const copy = Object.assign({}, holder) as Record<string, unknown>;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(copy["polluted"]).toBeUndefined();
  });
});
