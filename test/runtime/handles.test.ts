import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createHandleCodec, HandleError } from "../../packages/runtime/src/handles/handles.js";

const reason = (fn: () => unknown) => {
  try {
    fn();
    return "ok";
  } catch (error) {
    return error instanceof HandleError ? error.reason : "other";
  }
};

describe("handles", () => {
  const key = randomBytes(32);
  const kinds = { cart: { ttlMs: 1_000 }, order: { ttlMs: 1_000 } };

  it("round-trips the wrapped value", () => {
    const codec = createHandleCodec(key, kinds);
    expect(codec.open("cart", codec.mint("cart", { id: 3 }))).toEqual({ id: 3 });
  });

  it("detects forged, altered, foreign-kind, unknown-kind and expired handles", () => {
    let now = 0;
    const codec = createHandleCodec(key, kinds, () => now);
    const cart = codec.mint("cart", 1);
    const [h, kind, body, mac] = cart.split(".") as [string, string, string, string];
    expect(reason(() => codec.open("cart", `${h}.${kind}.${Buffer.from('{"v":2,"e":999}').toString("base64url")}.${mac}`))).toBe("forged");
    expect(reason(() => codec.open("cart", `${h}.order.${body}.${mac}`))).toBe("forged");
    expect(reason(() => createHandleCodec(randomBytes(32), kinds).open("cart", cart))).toBe("forged");
    expect(reason(() => codec.open("order", cart))).toBe("wrong_kind");
    expect(reason(() => codec.open("cart", "nonsense"))).toBe("malformed");
    expect(reason(() => codec.open("cart", 5))).toBe("malformed");
    expect(reason(() => codec.mint("__proto__", 1))).toBe("unknown_kind");
    now = 1_001;
    expect(reason(() => codec.open("cart", cart))).toBe("expired");
  });

  it("binds handles to the minting caller when one is given", () => {
    const codec = createHandleCodec(key, kinds);
    const mine = codec.mint("cart", 1, "alice");
    expect(codec.open("cart", mine, "alice")).toBe(1);
    expect(reason(() => codec.open("cart", mine, "bob"))).toBe("wrong_caller");
    expect(reason(() => codec.open("cart", mine))).toBe("wrong_caller");
    expect(codec.open("cart", codec.mint("cart", 2), "bob")).toBe(2);
  });
});

