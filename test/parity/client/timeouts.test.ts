// Timeouts that reset on progress, with a total cap (issue 16 item 6), against the official
// SDK 2.4.0 server's slow tool on both eras: it reports progress every 150 ms for 10 steps
// (~1.5 s), so a 400 ms request timeout fires unless progress restarts it, and a 600 ms total
// cap fires whatever progress says. Plus the MaxListenersExceededWarning regression: 20 calls
// in flight add one listener to the client's lifetime signal, not 20.
import { getEventListeners } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { McpTimeoutError } from "../../../packages/runtime/src/client-entry.js";
import { clientFor, ERAS, startSdkPeer, textOf, type SdkParityServer } from "./support.js";

let sdk: SdkParityServer;
beforeAll(async () => {
  sdk = await startSdkPeer();
});
afterAll(async () => {
  await sdk?.close();
});

// 10 steps of 150 ms: ~1.5 s in all, far from both limits asserted below (400 ms, 600 ms).
const SLOW = { steps: 10, delayMs: 150 };

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe.each(ERAS)("official SDK server, %s era", (era) => {
  it("a 400 ms timeout fires on a ~1.5 s call that does not ask to reset on progress", async () => {
    const client = clientFor(sdk.url, era);
    try {
      const progress: number[] = [];
      const error = await failure(client.callTool("slow", SLOW, { timeoutMs: 400, onProgress: (p) => progress.push(p.progress) }));
      expect(error).toBeInstanceOf(McpTimeoutError);
      const data = (error as McpTimeoutError).data;
      expect(data).toMatchObject({ method: "tools/call", limit: "request", timeoutMs: 400, progressResets: 0 });
      expect(data.elapsedMs).toBeGreaterThanOrEqual(400);
      expect(data.elapsedMs).toBeLessThan(1500);
      expect((error as McpTimeoutError).reason).toBe("timeout");
      expect(progress.length).toBeGreaterThan(0); // progress did arrive, it just did not count
    } finally {
      await client.close();
    }
  });

  it("the same call completes when progress resets the timeout (no onProgress needed: a token is sent anyway)", async () => {
    const client = clientFor(sdk.url, era);
    try {
      const result = await client.callTool("slow", SLOW, { timeoutMs: 400, resetTimeoutOnProgress: true });
      expect(textOf(result)).toBe("done after 10 steps");
    } finally {
      await client.close();
    }
  });

  it("a client-wide resetTimeoutOnProgress applies to every call", async () => {
    const client = clientFor(sdk.url, era, { resetTimeoutOnProgress: true, requestTimeoutMs: 400 });
    try {
      expect(textOf(await client.callTool("slow", SLOW))).toBe("done after 10 steps");
    } finally {
      await client.close();
    }
  });

  it("maxTotalTimeoutMs caps the call although progress keeps resetting the timeout", async () => {
    const client = clientFor(sdk.url, era);
    try {
      const error = await failure(client.callTool("slow", SLOW, { timeoutMs: 400, resetTimeoutOnProgress: true, maxTotalTimeoutMs: 600 }));
      expect(error).toBeInstanceOf(McpTimeoutError);
      const data = (error as McpTimeoutError).data;
      expect(data).toMatchObject({ method: "tools/call", limit: "total", timeoutMs: 400, maxTotalTimeoutMs: 600 });
      expect(data.progressResets).toBeGreaterThanOrEqual(2);
      expect(data.elapsedMs).toBeGreaterThanOrEqual(600);
      expect(data.elapsedMs).toBeLessThan(1500);
      expect((error as Error).message).toMatch(/total cap of 600 ms/);
      // The client is still usable after a timed-out call.
      expect(textOf(await client.callTool("slow", { steps: 1, delayMs: 10 }))).toBe("done after 1 steps");
    } finally {
      await client.close();
    }
  });

  it("20 concurrent calls add one abort listener to the client's lifetime signal and raise no MaxListenersExceededWarning", async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error): void => {
      warnings.push(warning);
    };
    process.on("warning", onWarning);
    const client = clientFor(sdk.url, era);
    const shared = new AbortController(); // a caller passing one signal to every call
    try {
      await client.connect();
      const lifetime = (client as unknown as { lifetime: AbortController }).lifetime.signal;
      const calls = Array.from({ length: 20 }, () => client.callTool("slow", { steps: 2, delayMs: 100 }, { signal: shared.signal }));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(getEventListeners(lifetime, "abort").length).toBeLessThanOrEqual(1);
      expect(getEventListeners(shared.signal, "abort").length).toBeLessThanOrEqual(1);
      const results = await Promise.all(calls);
      expect(results.map(textOf)).toEqual(Array.from({ length: 20 }, () => "done after 2 steps"));
      await new Promise((resolve) => setImmediate(resolve)); // warnings are emitted on the next tick
      expect(warnings.filter((w) => w.name === "MaxListenersExceededWarning")).toEqual([]);
    } finally {
      process.off("warning", onWarning);
      await client.close();
    }
  });
});

it("a client-wide total cap does not cut a modern subscriptions/listen stream", async () => {
  const client = clientFor(sdk.url, "modern", { maxTotalTimeoutMs: 300 });
  try {
    const subscription = await client.subscribe({ toolsListChanged: true });
    await subscription.acknowledged;
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(subscription.closed).toBe(false);
    expect(subscription.error).toBeUndefined();
    // Ordinary calls still get the cap.
    await expect(client.callTool("slow", SLOW)).rejects.toMatchObject({ data: { limit: "total", maxTotalTimeoutMs: 300 } });
    await subscription.close();
  } finally {
    await client.close();
  }
});
