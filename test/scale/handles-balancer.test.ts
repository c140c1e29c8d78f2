// Handles across instances (issue 13): three shop instances on one redis-server behind nginx
// round-robin. A `cart` handle minted by one instance must verify on every other one (the
// handle key is shared), while a forged one is refused everywhere. The carts themselves live
// in each process (examples/shop keeps them in a Map), so a verified handle for a cart another
// process holds answers "no longer exists": that answer is only reachable after verification.
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, startCluster, type Cluster } from "./helpers/cluster.js";
import { modernMeta, MODERN, stream } from "./helpers/wire.js";

const SHOP = { args: [join(ROOT, "examples/shop/start.js"), "--port", "{port}"] };
let cluster: Cluster;
let id = 1;

beforeAll(async () => {
  cluster = await startCluster(SHOP, 3);
}, 60_000);
afterAll(async () => {
  await cluster?.stop();
});

async function callTool(url: string, name: string, args: Record<string, unknown>, extraHeaders: Record<string, string> = {}): Promise<any> {
  const headers = { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": MODERN, "mcp-method": "tools/call", "mcp-name": name, ...extraHeaders };
  const open = stream(url, { headers, body: JSON.stringify({ jsonrpc: "2.0", id: id++, method: "tools/call", params: { name, arguments: args, _meta: modernMeta() } }) });
  await open.ended;
  return open.events.at(-1)?.data;
}

const textOf = (result: any): string => (result?.content ?? []).map((c: { text?: string }) => c.text ?? "").join(" ");
const instanceUrl = (i: number): string => (cluster.instances[i] as { url: string }).url;

describe("handles across instances", () => {
  it("a cart handle minted on A verifies on B and C; a forged one is refused on every instance", async () => {
    const opened = await callTool(instanceUrl(0), "open_cart", { region: "eu" }, { "mcp-param-region": "eu" });
    const cart = opened?.result?.structuredContent?.cart as string;
    expect(cart).toMatch(/^h1\.cart\./);

    // On A, the process that holds the cart: the handle works end to end.
    const onA = await callTool(instanceUrl(0), "add_item", { cart, sku: "mug" });
    expect(onA.result.isError).toBeFalsy();
    expect(onA.result.structuredContent.total.cents).toBeGreaterThan(0);

    const signature = cart.split(".").at(-1) as string;
    const middle = Math.floor(signature.length / 2);
    const forged = `${cart.slice(0, cart.length - signature.length)}${signature.slice(0, middle)}${signature[middle] === "A" ? "B" : "A"}${signature.slice(middle + 1)}`;
    for (const i of [1, 2]) {
      // Verified on another instance: the answer is about the cart, not about the handle.
      const genuine = await callTool(instanceUrl(i), "add_item", { cart, sku: "mug" });
      expect(genuine.result.isError).toBe(true);
      expect(textOf(genuine.result)).toMatch(/no longer exists/);
      const refused = await callTool(instanceUrl(i), "add_item", { cart: forged, sku: "mug" });
      expect(refused.result.isError).toBe(true);
      expect(textOf(refused.result)).toMatch(/cart handle/);
      expect(textOf(refused.result)).not.toMatch(/no longer exists/);
    }
  });

  it("through the balancer every instance accepts the handle (each call lands on the next upstream)", async () => {
    const opened = await callTool(cluster.balancer.url, "open_cart", { region: "us" }, { "mcp-param-region": "us" });
    const cart = opened?.result?.structuredContent?.cart as string;
    expect(cart).toMatch(/^h1\.cart\./);
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await callTool(cluster.balancer.url, "add_item", { cart, sku: "mug" }));
    // Round-robin: some calls reach the minting instance (a total), the others verify the handle
    // and report the cart missing; none may fail the handle check.
    for (const answer of answers) expect(textOf(answer.result)).not.toMatch(/cart handle/);
    expect(answers.filter((a) => !a.result.isError).length).toBeGreaterThan(0);
    expect(answers.filter((a) => a.result.isError && /no longer exists/.test(textOf(a.result))).length).toBeGreaterThan(0);
  });
});
