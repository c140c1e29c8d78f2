// Client capabilities declared from the handlers given, and what the official SDK 2.4.0 server
// does with them (issue 16 items 3 and 6), both eras: `urlElicitation` → elicitation.url,
// a sampling handler with `tools: true` → sampling.tools (the SDK refuses tool-enabled sampling
// to clients without it), roots → roots (+ listChanged on 2025-11-25, whose
// notifications/roots/list_changed reaches the SDK server's handler; 2026-07-28 removed it).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClientHandlers, SamplingParams } from "../../../packages/runtime/src/client-entry.js";
import { clientFor, ERAS, eventually, startSdkPeer, textOf, type SdkParityServer } from "./support.js";

let sdk: SdkParityServer;
beforeAll(async () => {
  sdk = await startSdkPeer();
});
afterAll(async () => {
  await sdk?.close();
});

const sampled: SamplingParams[] = [];
const handlers: ClientHandlers = {
  elicitation: () => ({ action: "decline" }),
  urlElicitation: () => ({ action: "decline" }),
  sampling: {
    tools: true,
    handler: (params) => {
      sampled.push(params);
      return { role: "assistant", content: [{ type: "tool_use", id: "call-1", name: "get_weather", input: { city: "Paris" } }], model: "fixture", stopReason: "toolUse" };
    },
  },
  roots: () => ({ roots: [{ uri: "file:///work", name: "work" }] }),
};

describe.each(ERAS)("official SDK server, %s era", (era) => {
  it("sees the capabilities the handlers imply", async () => {
    const client = clientFor(sdk.url, era, { handlers });
    try {
      const seen = JSON.parse(textOf(await client.callTool("caps", {}))) as Record<string, unknown>;
      expect(seen["elicitation"]).toEqual({ form: {}, url: {} });
      expect(seen["sampling"]).toEqual({ tools: {} });
      expect(seen["roots"]).toEqual(era === "legacy" ? { listChanged: true } : {});
      expect(client.clientCapabilities).toMatchObject({ elicitation: { form: {}, url: {} }, sampling: { tools: {} } });
    } finally {
      await client.close();
    }
  });

  it("declares no more than the handlers given: a plain sampling function has no sampling.tools", async () => {
    const client = clientFor(sdk.url, era, { handlers: { sampling: () => ({ role: "assistant", content: { type: "text", text: "x" }, model: "m" }) } });
    try {
      const seen = JSON.parse(textOf(await client.callTool("caps", {}))) as Record<string, unknown>;
      expect(seen["sampling"]).toEqual({});
      expect(seen["elicitation"]).toBeUndefined();
      expect(seen["roots"]).toBeUndefined();
    } finally {
      await client.close();
    }
  });

  it("answers sampling with tools: the handler gets tools and toolChoice and its tool_use reaches the server", async () => {
    sampled.length = 0;
    const client = clientFor(sdk.url, era, { handlers });
    try {
      const result = await client.callTool("plan", {});
      expect(JSON.parse(textOf(result))).toEqual([{ type: "tool_use", id: "call-1", name: "get_weather", input: { city: "Paris" } }]);
      expect(sampled).toHaveLength(1);
      expect(sampled[0]?.tools?.map((t) => t.name)).toEqual(["get_weather"]);
      expect(sampled[0]?.toolChoice).toEqual({ mode: "auto" });
    } finally {
      await client.close();
    }
  });

  it("a URL-mode elicitation inside a call goes to the urlElicitation handler", async () => {
    const asked: unknown[] = [];
    const client = clientFor(sdk.url, era, {
      handlers: {
        elicitation: () => ({ action: "decline" }),
        urlElicitation: (params) => {
          asked.push(params);
          return { action: "accept" };
        },
      },
    });
    try {
      expect(textOf(await client.callTool("pay", {}))).toBe("accept");
      expect(asked).toMatchObject([{ mode: "url", message: "Pay on the payment page", url: "https://example.com/pay/1", ...(era === "legacy" ? { elicitationId: "pay-1" } : {}) }]);
    } finally {
      await client.close();
    }
  });

  it(era === "legacy" ? "notifyRootsListChanged reaches the SDK server's roots/list_changed handler" : "notifyRootsListChanged sends nothing (the notification is gone)", async () => {
    const client = clientFor(sdk.url, era, { handlers });
    try {
      await client.connect();
      const before = sdk.state.rootsListChanged;
      const sent = await client.notifyRootsListChanged();
      expect(sent).toBe(era === "legacy");
      if (era === "legacy") await eventually(() => sdk.state.rootsListChanged === before + 1, () => `${sdk.state.rootsListChanged - before} notifications`);
      else {
        await client.callTool("caps", {}); // a round trip after it: still nothing arrived
        expect(sdk.state.rootsListChanged).toBe(before);
      }
    } finally {
      await client.close();
    }
  });
});
