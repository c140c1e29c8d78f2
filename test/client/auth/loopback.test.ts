// The loopback redirect helper for a person at a terminal: it listens on 127.0.0.1, shows the
// authorization URL, resolves with the browser's redirect (here: a real HTTP GET to it), answers
// only /callback, and gives up with a `timeout` error when nobody comes back.
import { describe, expect, it } from "vitest";
import { McpClientError } from "../../../packages/runtime/src/client/errors.js";
import { startLoopbackRedirect } from "../../../packages/runtime/src/client/auth/loopback.js";

describe("loopback redirect", () => {
  it("captures the code from the browser's redirect", async () => {
    const shown: URL[] = [];
    const loopback = await startLoopbackRedirect({ show: (url) => void shown.push(url), timeoutMs: 10_000 });
    try {
      const redirect = new URL(loopback.redirectUrl);
      expect(redirect.hostname).toBe("127.0.0.1");
      expect(Number(redirect.port)).toBeGreaterThan(0);
      const waiting = loopback.openAuthorization(new URL("https://as.example/authorize?client_id=c"));
      expect(shown.map((u) => u.href)).toEqual(["https://as.example/authorize?client_id=c"]);
      const stray = await fetch(new URL("/other?code=x", redirect));
      expect(stray.status).toBe(404);
      await stray.arrayBuffer();
      const page = await fetch(`${loopback.redirectUrl}?code=abc&state=s1&iss=https%3A%2F%2Fas.example`);
      expect(page.status).toBe(200);
      expect(await page.text()).not.toContain("abc");
      const back = await waiting;
      expect(back.searchParams.get("code")).toBe("abc");
      expect(back.searchParams.get("state")).toBe("s1");
      expect(back.searchParams.get("iss")).toBe("https://as.example");
    } finally {
      await loopback.close();
    }
  });

  it("times out with reason timeout when no redirect arrives", async () => {
    const loopback = await startLoopbackRedirect({ show: () => undefined, timeoutMs: 50 });
    try {
      const outcome = await loopback.openAuthorization(new URL("https://as.example/authorize")).catch((error: unknown) => error);
      expect(outcome).toBeInstanceOf(McpClientError);
      expect((outcome as McpClientError).reason).toBe("timeout");
    } finally {
      await loopback.close();
    }
  });
});
