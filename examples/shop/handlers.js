// @ts-check
// The shop server's behaviour. Carts live in this process; clients only ever hold a `cart`
// handle, which the generated package mints and verifies (signed, typed, expiring). A forged,
// altered or expired handle never reaches this code as a cart: opening it throws, and the
// runtime turns that into an isError tool result the model can read.

/** @typedef {{ sku: string, title: string, cents: { eu: number, us: number } }} Product */
/** @typedef {{ id: string, region: "eu" | "us", lines: Map<string, number>, paid: boolean }} Cart */

/** @type {readonly Product[]} */
const catalog = [
  { sku: "mug", title: "Coffee mug", cents: { eu: 1200, us: 1300 } },
  { sku: "tee", title: "T-shirt", cents: { eu: 2500, us: 2700 } },
  { sku: "sticker", title: "Sticker pack", cents: { eu: 300, us: 350 } },
];
const currencyOf = { eu: "EUR", us: "USD" };

/** @type {Map<string, Cart>} */
const carts = new Map();
let nextCartId = 1;

/**
 * The open cart a handle points at, or why there is none. The handle wraps only the cart id:
 * the cart itself (and whether it is still open) stays on the server, so a client cannot edit
 * prices or reopen a paid cart. `ctx.open.cart` throws on a forged or expired handle; the
 * runtime reports that as an isError result.
 * @param {string} handle
 * @param {import("./generated/dist/index.js").HandleContext} ctx
 * @returns {Promise<Cart | string>}
 */
async function openCart(handle, ctx) {
  const id = await ctx.open.cart(handle);
  const cart = typeof id === "string" ? carts.get(id) : undefined;
  if (!cart) return "this cart no longer exists; open a new one";
  if (cart.paid) return "this cart has been paid for; open a new one";
  return cart;
}

/** @param {string} text */
const toolError = (text) => ({ isError: /** @type {const} */ (true), content: [{ type: "text", text }] });

/** @param {Cart} cart */
function totalOf(cart) {
  let cents = 0;
  for (const [sku, quantity] of cart.lines) {
    const product = catalog.find((p) => p.sku === sku);
    if (product) cents += product.cents[cart.region] * quantity;
  }
  return { currency: currencyOf[cart.region], cents };
}

/** @param {{ currency: string, cents: number }} money */
const formatMoney = ({ currency, cents }) => `${currency} ${(cents / 100).toFixed(2)}`;

/** @type {import("./generated/dist/index.js").Handlers} */
export const handlers = {
  tools: {
    async openCart({ region }, ctx) {
      const id = `cart-${nextCartId++}`;
      carts.set(id, { id, region, lines: new Map(), paid: false });
      return { structuredContent: { cart: await ctx.mint.cart(id) } };
    },
    async addItem({ cart: handle, sku, quantity }, ctx) {
      const cart = await openCart(handle, ctx);
      if (typeof cart === "string") return toolError(cart);
      if (!catalog.some((p) => p.sku === sku)) return toolError(`unknown sku '${sku}'; read shop://catalog for the list`);
      cart.lines.set(sku, (cart.lines.get(sku) ?? 0) + (quantity ?? 1));
      return { structuredContent: { total: totalOf(cart) } };
    },
    async checkout({ cart: handle }, ctx) {
      const cart = await openCart(handle, ctx);
      if (typeof cart === "string") return toolError(cart);
      if (cart.lines.size === 0) return toolError("the cart is empty");
      const total = totalOf(cart);
      // On 2026-07-28 this handler runs again when the client retries with the answer, so
      // nothing before this point may change state; the URL is derived from the cart for the
      // same reason (the retry must describe the same payment).
      const answer = await ctx.ask.payment({
        url: `https://example.com/shop/pay/${encodeURIComponent(cart.id)}`,
        message: `Pay ${formatMoney(total)} for your cart in the browser.`,
      });
      if (answer.action !== "accept") return "not paid";
      cart.paid = true;
      return "paid";
    },
  },
  resources: {
    catalog: {
      read: () => [
        {
          uri: "shop://catalog",
          mimeType: "application/json",
          text: JSON.stringify(
            catalog.map(({ sku, title, cents }) => ({
              sku,
              title,
              prices: { eu: { currency: "EUR", cents: cents.eu }, us: { currency: "USD", cents: cents.us } },
            })),
          ),
        },
      ],
    },
  },
};
