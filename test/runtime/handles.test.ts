import { createHmac, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createHandleCodec, HandleError } from "../../packages/runtime/src/handles/handles.js";

const reason = async (fn: () => Promise<unknown>) => {
  try {
    await fn();
    return "ok";
  } catch (error) {
    return error instanceof HandleError ? error.reason : "other";
  }
};

describe("handles", () => {
  const key = randomBytes(32);
  const kinds = { cart: { ttlMs: 1_000 }, order: { ttlMs: 1_000 } };

  it("round-trips the wrapped value", async () => {
    const codec = createHandleCodec(key, kinds);
    expect(await codec.open("cart", await codec.mint("cart", { id: 3 }))).toEqual({ id: 3 });
  });

  it("detects forged, altered, foreign-kind, unknown-kind and expired handles", async () => {
    let now = 0;
    const codec = createHandleCodec(key, kinds, () => now);
    const cart = await codec.mint("cart", 1);
    const [h, kind, body, mac] = cart.split(".") as [string, string, string, string];
    expect(await reason(() => codec.open("cart", `${h}.${kind}.${Buffer.from('{"v":2,"e":999}').toString("base64url")}.${mac}`))).toBe("forged");
    expect(await reason(() => codec.open("cart", `${h}.order.${body}.${mac}`))).toBe("forged");
    expect(await reason(() => createHandleCodec(randomBytes(32), kinds).open("cart", cart))).toBe("forged");
    expect(await reason(() => codec.open("order", cart))).toBe("wrong_kind");
    expect(await reason(() => codec.open("cart", "nonsense"))).toBe("malformed");
    expect(await reason(() => codec.open("cart", 5))).toBe("malformed");
    expect(await reason(() => codec.mint("__proto__", 1))).toBe("unknown_kind");
    now = 1_001;
    expect(await reason(() => codec.open("cart", cart))).toBe("expired");
  });

  it("binds handles to the minting caller when one is given", async () => {
    const codec = createHandleCodec(key, kinds);
    const mine = await codec.mint("cart", 1, "alice");
    expect(await codec.open("cart", mine, "alice")).toBe(1);
    expect(await reason(() => codec.open("cart", mine, "bob"))).toBe("wrong_caller");
    expect(await reason(() => codec.open("cart", mine))).toBe("wrong_caller");
    expect(await codec.open("cart", await codec.mint("cart", 2), "bob")).toBe(2);
  });

  it("verifies a handle minted with node:crypto's HMAC of the same key (the wire form did not change)", async () => {
    const codec = createHandleCodec(key, kinds);
    const unsigned = `h1.cart.${Buffer.from(JSON.stringify({ v: 9, e: Date.now() + 60_000 })).toString("base64url")}`;
    const mac = createHmac("sha256", key).update(`handle:${unsigned}`).digest("base64url");
    expect(await codec.open("cart", `${unsigned}.${mac}`)).toBe(9);
    // The first character is changed, not the last: a 32-byte MAC's last base64url character
    // carries 4 bits and 2 padding bits, so swapping it for "A" left the bytes alike 1 time in 16.
    const forged = `${mac[0] === "A" ? "B" : "A"}${mac.slice(1)}`;
    expect(await reason(() => codec.open("cart", `${unsigned}.${forged}`))).toBe("forged");
  });
});

