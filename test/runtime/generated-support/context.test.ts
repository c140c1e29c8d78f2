// typedContext: the typed ask/askAll/canAsk and mint/open helpers generated handlers get,
// built by the runtime from declarations (generated code carries no glue of its own).
import { describe, expect, it } from "vitest";
import { typedContext } from "../../../packages/runtime/src/generated-support/context.js";
import type { ServerHandlerContext, ParseResult } from "../../../packages/runtime/src/server/definition.js";
import type { InputRequestDeclaration } from "../../../packages/runtime/src/mrtr/input-requests.js";
import type { JsonObject } from "../../../packages/runtime/src/core/jsonrpc/message.js";

const INPUTS = {
  seat: { kind: "form-elicitation", message: "Window or aisle?", requestedSchema: { type: "object" } },
  pay: { kind: "url-elicitation", message: "Pay" },
  plan: { kind: "sampling", params: { maxTokens: 10 } },
  files: { kind: "roots" },
} satisfies Record<string, InputRequestDeclaration>;

/** A schema that accepts `{ seat: "window" | "aisle" }` only. */
const SEAT = {
  safeParse(value: unknown): ParseResult<{ seat: string }> {
    const seat = (value as { seat?: unknown } | null)?.seat;
    return seat === "window" || seat === "aisle" ? { success: true, data: { seat } } : { success: false, error: new Error("seat must be window or aisle") };
  },
};

interface Calls {
  ask: [string, JsonObject | undefined][];
  askAll: Record<string, JsonObject | undefined>[];
  mint: [string, unknown][];
}

/** A runtime context double that answers from `answers` and records what it was asked. */
function fakeContext(answers: Record<string, JsonObject>, calls: Calls): ServerHandlerContext {
  const ctx = {
    era: "modern",
    get state() {
      return "live state";
    },
    ask: async (key: string, overrides?: JsonObject) => {
      calls.ask.push([key, overrides]);
      return answers[key]!;
    },
    askAll: async (requests: Record<string, JsonObject | undefined>) => {
      calls.askAll.push(requests);
      return Object.fromEntries(Object.keys(requests).map((k) => [k, answers[k]!]));
    },
    canAsk: (key: string) => key !== "plan",
    handles: {
      mint: (kind: string, value: unknown) => {
        calls.mint.push([kind, value]);
        return `h.${kind}`;
      },
      open: (kind: string, handle: unknown) => ({ kind, handle }),
    },
  };
  return ctx as unknown as ServerHandlerContext;
}

const ANSWERS = {
  seat: { action: "accept", content: { seat: "window" } },
  pay: { action: "accept" },
  plan: { role: "assistant", content: { type: "text", text: "go" }, model: "m" },
  files: { roots: [{ uri: "file:///a" }] },
};

type Typed = {
  ask: Record<string, (request?: JsonObject) => Promise<unknown>>;
  askAll(requests: Record<string, JsonObject | undefined>): Promise<Record<string, unknown>>;
  canAsk(key: string): boolean;
  mint: Record<string, (value: unknown) => string>;
  open: Record<string, (handle: string) => unknown>;
  state: unknown;
};

function build(answers: Record<string, JsonObject> = ANSWERS) {
  const calls: Calls = { ask: [], askAll: [], mint: [] };
  const make = typedContext<never>({ inputs: INPUTS, answers: { seat: SEAT }, handles: { cart: { ttlMs: 1000 } } }) as unknown as (ctx: ServerHandlerContext) => Typed;
  return { calls, ctx: make(fakeContext(answers, calls)) };
}

describe("typedContext", () => {
  it("ask.<key> passes the request through and converts the answer by the declaration's kind", async () => {
    const { calls, ctx } = build();
    expect(await ctx.ask["seat"]!()).toEqual({ action: "accept", content: { seat: "window" } });
    expect(await ctx.ask["pay"]!({ url: "https://pay.example/1" })).toEqual({ action: "accept" });
    expect(await ctx.ask["plan"]!({ messages: [] })).toEqual(ANSWERS.plan);
    expect(await ctx.ask["files"]!()).toEqual(ANSWERS.files);
    expect(calls.ask).toEqual([
      ["seat", undefined],
      ["pay", { url: "https://pay.example/1" }],
      ["plan", { messages: [] }],
      ["files", undefined],
    ]);
  });

  it("accepted form content that fails the answer schema is a -32602 naming the key", async () => {
    const { ctx } = build({ ...ANSWERS, seat: { action: "accept", content: { seat: "floor" } } });
    await expect(ctx.ask["seat"]!()).rejects.toMatchObject({ code: -32602, message: expect.stringContaining("inputResponses.seat") });
  });

  it("a declined or cancelled form carries no content; an unknown URL action reads as cancel", async () => {
    expect(await build({ ...ANSWERS, seat: { action: "decline" } }).ctx.ask["seat"]!()).toEqual({ action: "decline" });
    expect(await build({ ...ANSWERS, seat: { action: "cancel", content: { seat: "window" } } }).ctx.ask["seat"]!()).toEqual({ action: "cancel" });
    expect(await build({ ...ANSWERS, pay: { action: "later" } }).ctx.ask["pay"]!({ url: "u" })).toEqual({ action: "cancel" });
  });

  it("askAll asks every key in one round and converts each answer", async () => {
    const { calls, ctx } = build();
    const answers = await ctx.askAll({ seat: undefined, files: undefined });
    expect(calls.askAll).toEqual([{ seat: undefined, files: undefined }]);
    expect(calls.ask).toEqual([]);
    expect(answers).toEqual({ seat: { action: "accept", content: { seat: "window" } }, files: ANSWERS.files });
  });

  it("askAll of an undeclared key fails instead of returning an unconverted answer", async () => {
    const { ctx } = build({ ...ANSWERS, other: { action: "accept" } });
    await expect(ctx.askAll({ other: undefined })).rejects.toThrow("no answer for input request 'other'");
  });

  it("canAsk, handle helpers and the live base context come from the runtime context", () => {
    const { calls, ctx } = build();
    expect(ctx.canAsk("seat")).toBe(true);
    expect(ctx.canAsk("plan")).toBe(false);
    expect(ctx.mint["cart"]!({ id: 1 })).toBe("h.cart");
    expect(calls.mint).toEqual([["cart", { id: 1 }]]);
    expect(ctx.open["cart"]!("h.cart")).toEqual({ kind: "cart", handle: "h.cart" });
    expect(ctx.state).toBe("live state");
  });

  it("without inputs or handles no helpers are added", () => {
    const make = typedContext<never>({}) as unknown as (ctx: ServerHandlerContext) => Record<string, unknown>;
    const ctx = make(fakeContext({}, { ask: [], askAll: [], mint: [] }));
    expect(Object.keys(ctx)).toEqual([]);
  });

  it("a missing or stray answer schema fails when the context is declared, not on the first call", () => {
    expect(() => typedContext({ inputs: INPUTS })).toThrow("form elicitation 'seat' has no answer schema");
    expect(() => typedContext({ inputs: INPUTS, answers: { seat: SEAT, pay: SEAT } })).toThrow("answer schema for 'pay'");
  });
});
