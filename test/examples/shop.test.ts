// End to end: the shop example (examples/shop) driven by the official SDK client, over stdio and
// HTTP, on 2025-11-25 and 2026-07-28. A cart lives on the server behind a signed `cart` handle:
// open_cart mints it, add_item and checkout take it back, checkout sends the user to a payment
// page (URL elicitation: a real elicitation/create on 2025-11-25, an input_required round on
// 2026-07-28). Forged handles must come back as tool errors the model can read.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createHandleCodec } from "../../packages/runtime/src/server-entry.js";
import { startHttpExample, type HttpExampleServer } from "../interop/support/example-process.js";
import { connectSdkClient, sentRequests, textOf, type ConnectedSdkClient, type Era, type SdkClientSetup, type TransportKind } from "../interop/support/sdk-client.js";

let http: HttpExampleServer;
beforeAll(async () => {
  http = await startHttpExample("shop");
});
afterAll(async () => {
  await http?.stop();
});

const HANDLE = /^h1\.cart\.[\w-]+\.[\w-]+$/;

const cases: Array<[TransportKind, Era]> = [
  ["stdio", "legacy"],
  ["stdio", "modern"],
  ["http", "legacy"],
  ["http", "modern"],
];

describe.each(cases)("shop over %s, %s era", (kind, era) => {
  let c: ConnectedSdkClient;
  let answer: NonNullable<SdkClientSetup["answerElicitation"]> = () => ({ action: "decline" });
  beforeAll(async () => {
    c = await connectSdkClient({
      era,
      target: kind === "stdio" ? { kind: "stdio", example: "shop" } : { kind: "http", url: http.url },
      answerElicitation: (params) => answer(params),
    });
    // Lists tools first, as a host does: the SDK reads x-mcp-header declarations from this list.
    await c.client.listTools();
  });
  afterAll(async () => {
    await c?.close();
  });
  beforeEach(() => {
    c.elicitations.length = 0;
  });

  async function openCart(region: "eu" | "us"): Promise<string> {
    const opened = await c.client.callTool({ name: "open_cart", arguments: { region } });
    expect(opened.isError).toBeFalsy();
    const cart = (opened.structuredContent as { cart?: unknown }).cart;
    expect(cart).toMatch(HANDLE);
    return cart as string;
  }

  it("open_cart → add_item → checkout with the payment page accepted → paid", async () => {
    const cart = await openCart("eu");

    const two = await c.client.callTool({ name: "add_item", arguments: { cart, sku: "mug", quantity: 2 } });
    expect(two.isError).toBeFalsy();
    expect(two.structuredContent).toEqual({ total: { currency: "EUR", cents: 2400 } });
    const one = await c.client.callTool({ name: "add_item", arguments: { cart, sku: "sticker" } });
    expect(one.structuredContent).toEqual({ total: { currency: "EUR", cents: 2700 } });

    answer = () => ({ action: "accept" });
    const before = c.sent.length;
    const paid = await c.client.callTool({ name: "checkout", arguments: { cart } });
    expect(paid.isError).toBeFalsy();
    expect(textOf(paid)).toEqual(["paid"]);
    expect(c.elicitations).toHaveLength(1);
    const asked = c.elicitations[0] as Record<string, unknown>;
    expect(asked).toMatchObject({ mode: "url", message: "Pay EUR 27.00 for your cart in the browser." });
    expect(asked["url"]).toMatch(/^https:\/\/example\.com\/shop\/pay\/cart-\d+$/);
    // 2025-11-25 URL elicitations carry an id the server can later complete; 2026-07-28 has none.
    if (era === "legacy") expect(asked["elicitationId"]).toEqual(expect.any(String));
    const checkoutCalls = sentRequests(c.sent.slice(before)).filter((r) => r.method === "tools/call");
    expect(checkoutCalls).toHaveLength(era === "modern" ? 2 : 1);
    if (era === "modern") expect(checkoutCalls[1]?.params).toMatchObject({ inputResponses: { payment: { action: "accept" } } });

    // The cart is closed once paid: its handle is still authentic, but the server refuses it.
    const late = await c.client.callTool({ name: "add_item", arguments: { cart, sku: "tee" } });
    expect(late.isError).toBe(true);
    expect(textOf(late).join(" ")).toMatch(/paid for/);
  });

  it("declining or cancelling the payment page → not paid, and the cart stays open", async () => {
    const cart = await openCart("us");
    await c.client.callTool({ name: "add_item", arguments: { cart, sku: "tee" } });

    answer = () => ({ action: "decline" });
    expect(textOf(await c.client.callTool({ name: "checkout", arguments: { cart } }))).toEqual(["not paid"]);
    answer = () => ({ action: "cancel" });
    expect(textOf(await c.client.callTool({ name: "checkout", arguments: { cart } }))).toEqual(["not paid"]);
    expect(c.elicitations).toHaveLength(2);
    expect((c.elicitations[0] as { message?: unknown }).message).toBe("Pay USD 27.00 for your cart in the browser.");

    const more = await c.client.callTool({ name: "add_item", arguments: { cart, sku: "mug" } });
    expect(more.structuredContent).toEqual({ total: { currency: "USD", cents: 4000 } });
  });

  it("a forged, altered or foreign-kind cart handle is a tool error, and checkout asks nothing", async () => {
    const cart = await openCart("eu");
    const [prefix, kindPart, payload, signature] = cart.split(".") as [string, string, string, string];
    // Same payload, different signature: what a guessed or tampered handle looks like. The change
    // is in the middle: the last base64url character of a 32-byte MAC carries two padding bits,
    // so some edits there decode to the very same bytes.
    const middle = Math.floor(signature.length / 2);
    const flipped = `${signature.slice(0, middle)}${signature[middle] === "A" ? "B" : "A"}${signature.slice(middle + 1)}`;
    // A payload naming another cart, under this cart's signature.
    const otherPayload = Buffer.from(JSON.stringify({ v: "cart-1", e: Date.now() + 3_600_000 }), "utf8").toString("base64url");
    const forgeries = [
      `${prefix}.${kindPart}.${payload}.${flipped}`,
      `${prefix}.${kindPart}.${otherPayload}.${signature}`,
      `${prefix}.order.${payload}.${signature}`,
      "cart-1",
    ];
    answer = () => ({ action: "accept" });
    for (const forged of forgeries) {
      const added = await c.client.callTool({ name: "add_item", arguments: { cart: forged, sku: "mug" } });
      expect(added.isError, forged).toBe(true);
      expect(textOf(added).join(" "), forged).toMatch(/cart handle/);
      const checkout = await c.client.callTool({ name: "checkout", arguments: { cart: forged } });
      expect(checkout.isError, forged).toBe(true);
    }
    expect(c.elicitations).toEqual([]);
    // The genuine handle still works after all that.
    const real = await c.client.callTool({ name: "add_item", arguments: { cart, sku: "mug" } });
    expect(real.structuredContent).toEqual({ total: { currency: "EUR", cents: 1200 } });
  });

  it("add_item with an unknown sku or a bad quantity is a tool error", async () => {
    const cart = await openCart("eu");
    const unknown = await c.client.callTool({ name: "add_item", arguments: { cart, sku: "yacht" } });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown).join(" ")).toMatch(/unknown sku 'yacht'/);
    const zero = await c.client.callTool({ name: "add_item", arguments: { cart, sku: "mug", quantity: 0 } });
    expect(zero.isError).toBe(true);
    answer = () => ({ action: "accept" });
    const empty = await c.client.callTool({ name: "checkout", arguments: { cart } });
    expect(empty.isError).toBe(true);
    expect(textOf(empty)).toEqual(["the cart is empty"]);
  });

  it("the catalog resource lists every product with a price per region", async () => {
    const { resources } = await c.client.listResources();
    expect(resources.map((r) => r.uri)).toEqual(["shop://catalog"]);
    const read = await c.client.readResource({ uri: "shop://catalog" });
    const [first] = read.contents;
    expect(first).toMatchObject({ uri: "shop://catalog", mimeType: "application/json" });
    const products = JSON.parse((first as { text: string }).text) as Array<{ sku: string; prices: Record<string, { currency: string; cents: number }> }>;
    expect(products.map((p) => p.sku)).toEqual(["mug", "tee", "sticker"]);
    for (const product of products) {
      expect(product.prices["eu"]?.currency).toBe("EUR");
      expect(product.prices["us"]?.currency).toBe("USD");
    }
    // The manifest caches the catalog publicly for five minutes (2026-07-28 cacheable results).
    if (era === "modern") expect(read).toMatchObject({ ttlMs: 300_000, cacheScope: "public" });
  });

  if (kind === "http" && era === "modern") {
    it("open_cart mirrors its region argument into an Mcp-Param-Region header", async () => {
      const { tools } = await c.client.listTools();
      const openCartTool = tools.find((t) => t.name === "open_cart");
      expect(openCartTool?.inputSchema).toMatchObject({ properties: { region: { "x-mcp-header": "Region" } } });
      const before = c.httpRequests.length;
      await openCart("us");
      const post = c.httpRequests.slice(before).find((r) => (r.body as { params?: { name?: unknown } } | undefined)?.params?.name === "open_cart");
      expect(post?.headers.get("mcp-method")).toBe("tools/call");
      expect(post?.headers.get("mcp-name")).toBe("open_cart");
      expect(post?.headers.get("mcp-param-region")).toBe("us");
    });
  }
});

describe.each(["legacy", "modern"] as const)("checkout for a client without URL elicitation (%s era, HTTP)", (era) => {
  it(era === "modern" ? "fails with -32021 naming elicitation.url" : "is refused without sending the user anywhere", async () => {
    const c = await connectSdkClient({ era, target: { kind: "http", url: http.url }, capabilities: { elicitation: { form: {} } }, answerElicitation: () => ({ action: "accept" }) });
    try {
      const opened = await c.client.callTool({ name: "open_cart", arguments: { region: "eu" } });
      const cart = (opened.structuredContent as { cart: string }).cart;
      await c.client.callTool({ name: "add_item", arguments: { cart, sku: "mug" } });
      const outcome = await c.client.callTool({ name: "checkout", arguments: { cart } }).then(
        (result) => ({ result }),
        (error: unknown) => ({ error }),
      );
      if (era === "modern") {
        expect(outcome).toMatchObject({ error: { code: -32021, data: { requiredCapabilities: { elicitation: { url: {} } } } } });
      } else {
        expect(outcome).toMatchObject({ result: { isError: true } });
      }
      expect(c.elicitations).toEqual([]);
    } finally {
      await c.close();
    }
  });
});

describe("cart handles under a fixed signing key (MCP_GEN_HANDLE_KEY)", () => {
  // With the key known, the test can mint handles exactly as the server would, including ones
  // whose lifetime is already over, without waiting an hour for the manifest's `ttl: 1h`.
  const key = "interop-test-handle-key-0123456789abcdef";
  let keyed: HttpExampleServer;
  let c: ConnectedSdkClient;
  beforeAll(async () => {
    keyed = await startHttpExample("shop", { env: { MCP_GEN_HANDLE_KEY: key } });
    c = await connectSdkClient({ era: "modern", target: { kind: "http", url: keyed.url } });
  });
  afterAll(async () => {
    await c?.close();
    await keyed?.stop();
  });

  async function openCartId(): Promise<string> {
    const opened = await c.client.callTool({ name: "open_cart", arguments: { region: "eu" } });
    const handle = (opened.structuredContent as { cart: string }).cart;
    const payload = JSON.parse(Buffer.from(handle.split(".")[2] ?? "", "base64url").toString("utf8")) as { v: unknown };
    expect(typeof payload.v).toBe("string");
    return payload.v as string;
  }

  it("an expired cart handle is a tool error that says so", async () => {
    const id = await openCartId();
    const twoHoursAgo = Date.now() - 2 * 3_600_000;
    const expired = await createHandleCodec(Buffer.from(key, "utf8"), { cart: { ttlMs: 3_600_000 } }, () => twoHoursAgo).mint("cart", id);
    const result = await c.client.callTool({ name: "add_item", arguments: { cart: expired, sku: "mug" } });
    expect(result.isError).toBe(true);
    expect(textOf(result).join(" ")).toMatch(/expired/);
  });

  it("a handle minted elsewhere with the shared key is accepted (any instance holding the key can verify it)", async () => {
    const id = await openCartId();
    const fresh = await createHandleCodec(Buffer.from(key, "utf8"), { cart: { ttlMs: 3_600_000 } }).mint("cart", id);
    const result = await c.client.callTool({ name: "add_item", arguments: { cart: fresh, sku: "mug" } });
    expect(result.structuredContent).toEqual({ total: { currency: "EUR", cents: 1200 } });
  });

  it("an authentic handle for a cart this process does not have is refused by the handler", async () => {
    const ghost = await createHandleCodec(Buffer.from(key, "utf8"), { cart: { ttlMs: 3_600_000 } }).mint("cart", "cart-999999");
    const result = await c.client.callTool({ name: "add_item", arguments: { cart: ghost, sku: "mug" } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toEqual(["this cart no longer exists; open a new one"]);
  });
});
