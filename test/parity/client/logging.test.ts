// The typed logging API (issue 16 item 6) against the official SDK 2.4.0 server, both eras: a
// tool logs once per level (debug, info, warning, error); `setLogLevel("warning")` must leave
// only warning and error reaching `onLog`. Legacy sends logging/setLevel; 2026-07-28 has no such
// method and the level rides on each request's `_meta` — without it the server sends nothing
// [S26:server/utilities/logging].
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LogMessage } from "../../../packages/runtime/src/client-entry.js";
import type { JsonRpcNotification } from "../../../packages/runtime/src/core-entry.js";
import { clientFor, ERAS, startSdkPeer, textOf, type SdkParityServer } from "./support.js";

let sdk: SdkParityServer;
beforeAll(async () => {
  sdk = await startSdkPeer();
});
afterAll(async () => {
  await sdk?.close();
});

describe.each(ERAS)("official SDK server, %s era", (era) => {
  it("setLogLevel('warning') lets warning and error through to onLog, with logger and data", async () => {
    const logs: LogMessage[] = [];
    const others: JsonRpcNotification[] = [];
    const client = clientFor(sdk.url, era, { onLog: (m) => logs.push(m), onNotification: (n) => others.push(n) });
    try {
      await client.setLogLevel("warning");
      expect(textOf(await client.callTool("chatty", {}))).toBe("logged");
      expect(logs).toEqual([
        { level: "warning", logger: "chatty", data: { said: "warning" } },
        { level: "error", logger: "chatty", data: { said: "error" } },
      ]);
      expect(others.filter((n) => n.method === "notifications/message")).toEqual([]);

      logs.length = 0;
      await client.setLogLevel("debug");
      await client.callTool("chatty", {});
      expect(logs.map((l) => l.level)).toEqual(["debug", "info", "warning", "error"]);
    } finally {
      await client.close();
    }
  });

  it("the logLevel option applies from the first request", async () => {
    const logs: LogMessage[] = [];
    const client = clientFor(sdk.url, era, { logLevel: "error", onLog: (m) => logs.push(m) });
    try {
      await client.callTool("chatty", {});
      expect(logs.map((l) => l.level)).toEqual(["error"]);
    } finally {
      await client.close();
    }
  });

  it("refuses an unknown level before anything is sent", async () => {
    const client = clientFor(sdk.url, era);
    try {
      await expect(client.setLogLevel("loud" as never)).rejects.toThrow(/unknown log level "loud"/);
    } finally {
      await client.close();
    }
  });
});

it("modern: without a level the server sends no log messages at all", async () => {
  const logs: LogMessage[] = [];
  const client = clientFor(sdk.url, "modern", { onLog: (m) => logs.push(m) });
  try {
    await client.callTool("chatty", {});
    expect(logs).toEqual([]);
  } finally {
    await client.close();
  }
});
