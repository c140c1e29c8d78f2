// End to end: the config example (examples/config) driven by the official SDK client, over stdio
// and HTTP, on 2025-11-25 and 2026-07-28. A client watches config://app — `resources/subscribe`
// on a legacy session, a `subscriptions/listen` stream on 2026-07-28 — and set_setting must reach
// it as notifications/resources/updated. Each case gets its own server process so the settings
// start from the same state.
import type { ResourceUpdatedNotification } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHttpExample, type HttpExampleServer } from "../interop/support/example-process.js";
import { connectSdkClient, eventually, sentRequests, textOf, type ConnectedSdkClient, type Era, type TransportKind } from "../interop/support/sdk-client.js";

const APP = "config://app";
const SUBSCRIPTION_ID_META = "io.modelcontextprotocol/subscriptionId";

const cases: Array<[TransportKind, Era]> = [
  ["stdio", "legacy"],
  ["stdio", "modern"],
  ["http", "legacy"],
  ["http", "modern"],
];

describe.each(cases)("config over %s, %s era", (kind, era) => {
  let server: HttpExampleServer | undefined;
  let c: ConnectedSdkClient;
  const updates: Array<ResourceUpdatedNotification["params"]> = [];
  let stopListening: (() => Promise<void>) | undefined;

  const target = (): Parameters<typeof connectSdkClient>[0]["target"] =>
    server ? { kind: "http", url: server.url } : { kind: "stdio", example: "config" };

  beforeAll(async () => {
    if (kind === "http") server = await startHttpExample("config");
    c = await connectSdkClient({ era, target: target(), capabilities: {} });
    c.client.setNotificationHandler("notifications/resources/updated", (notification) => {
      updates.push(notification.params);
    });
  });
  afterAll(async () => {
    await c?.close();
    await server?.stop();
  });

  async function readJson(uri: string): Promise<unknown> {
    // 'bypass': config://app is cacheable for 5 s, and these reads must see the server's state.
    const read = await c.client.readResource({ uri }, { cacheMode: "bypass" });
    const [first] = read.contents;
    expect(first).toMatchObject({ uri, mimeType: "application/json" });
    return JSON.parse((first as { text: string }).text);
  }

  it("advertises what the manifest declares: subscribable resources, no tool list changes", async () => {
    const capabilities = c.client.getServerCapabilities();
    expect(capabilities?.resources).toMatchObject({ subscribe: true, listChanged: true });
    expect(capabilities?.logging).toEqual({});
    // The manifest says `listChanged: { tools: false }`: the server never announces tool list
    // changes, so it must not advertise that it does.
    expect(capabilities?.tools?.listChanged).not.toBe(true);
  });

  it("serves the initial settings", async () => {
    const { resources } = await c.client.listResources();
    expect(resources).toEqual([expect.objectContaining({ uri: APP, name: "app_config", title: "Application settings" })]);
    expect(await readJson(APP)).toEqual({ language: "en", pageSize: 20, theme: "light" });
  });

  it("a subscriber of config://app is notified when set_setting changes it", async () => {
    if (era === "modern") {
      const subscription = await c.client.listen({ resourceSubscriptions: [APP] });
      expect(subscription.honoredFilter).toEqual({ resourceSubscriptions: [APP] });
      stopListening = async () => {
        await subscription.close();
        expect(await subscription.closed).toBe("local");
      };
    } else {
      await c.client.subscribeResource({ uri: APP });
      stopListening = () => c.client.unsubscribeResource({ uri: APP }).then(() => undefined);
    }

    const result = await c.client.callTool({ name: "set_setting", arguments: { key: "theme", value: "dark" } });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toEqual(['theme = "dark"']);
    await eventually(
      () => updates.some((u) => u.uri === APP),
      () => `no notifications/resources/updated for ${APP}; got ${JSON.stringify(updates)}`,
    );
    const appUpdate = updates.find((u) => u.uri === APP);
    if (era === "modern") {
      // Every notification on a listen stream names its subscription (2026-07-28 subscriptions/listen).
      expect(typeof appUpdate?._meta?.[SUBSCRIPTION_ID_META]).toBe("string");
    }
    // A legacy subscriber hears about exactly what it subscribed to; a 2026-07-28 stream may also
    // carry the changed sub-resource (ResourceUpdatedNotificationParams.uri allows sub-resources).
    const extra = updates.filter((u) => u.uri !== APP).map((u) => u.uri);
    if (era === "legacy") expect(extra).toEqual([]);
    else for (const uri of extra) expect(uri).toBe(`${APP}/theme`);
    expect(await readJson(APP)).toEqual({ language: "en", pageSize: 20, theme: "dark" });
  });

  it("no update arrives after unsubscribing (legacy) or closing the stream (2026-07-28)", async () => {
    expect(stopListening).toBeDefined();
    await stopListening!();
    const seen = updates.length;
    await c.client.callTool({ name: "set_setting", arguments: { key: "pageSize", value: 50 } });
    // The change itself happened; only the notification must stay away.
    expect(await readJson(APP)).toMatchObject({ pageSize: 50 });
    await new Promise((resolveWait) => setTimeout(resolveWait, 300));
    expect(updates.slice(seen)).toEqual([]);
  });

  it("the template config://app/{key} reads one setting and completes keys", async () => {
    const { resourceTemplates } = await c.client.listResourceTemplates();
    expect(resourceTemplates).toEqual([expect.objectContaining({ uriTemplate: "config://app/{key}", name: "setting" })]);
    expect(await readJson(`${APP}/language`)).toEqual({ key: "language", value: "en" });
    expect(await readJson(`${APP}/pageSize`)).toEqual({ key: "pageSize", value: 50 });
    const completion = await c.client.complete({ ref: { type: "ref/resource", uri: "config://app/{key}" }, argument: { name: "key", value: "pa" } });
    expect(completion.completion.values).toEqual(["pageSize"]);
  });

  it("set_setting accepts string, number and boolean values and reports new keys", async () => {
    const added = await c.client.callTool({ name: "set_setting", arguments: { key: "beta", value: true } });
    expect(textOf(added)).toEqual(["beta = true (new)"]);
    expect(await readJson(`${APP}/beta`)).toEqual({ key: "beta", value: true });
    const wrongType = await c.client.callTool({ name: "set_setting", arguments: { key: "beta", value: { nested: 1 } } });
    expect(wrongType.isError).toBe(true);
    expect(await readJson(`${APP}/beta`)).toEqual({ key: "beta", value: true });
  });

  it("set_setting records the workspace root when the client can list roots", async () => {
    const withRoots = await connectSdkClient({
      era,
      target: target(),
      capabilities: { roots: {} },
      listRoots: () => ({ roots: [{ uri: "file:///work/app", name: "app" }] }),
    });
    try {
      const before = withRoots.sent.length;
      const result = await withRoots.client.callTool({ name: "set_setting", arguments: { key: "language", value: "de" } });
      expect(textOf(result)).toEqual(['language = "de"']);
      const calls = sentRequests(withRoots.sent.slice(before)).filter((r) => r.method === "tools/call");
      if (era === "modern") {
        expect(calls).toHaveLength(2);
        expect(calls[1]?.params).toMatchObject({ inputResponses: { workspace: { roots: [{ uri: "file:///work/app" }] } } });
      } else {
        expect(calls).toHaveLength(1);
      }
      const read = await withRoots.client.readResource({ uri: `${APP}/language` }, { cacheMode: "bypass" });
      expect(JSON.parse((read.contents[0] as { text: string }).text)).toEqual({ key: "language", value: "de", changedIn: "file:///work/app" });
    } finally {
      await withRoots.close();
    }
    // A client without roots changes settings without being asked, and nothing is recorded.
    await c.client.callTool({ name: "set_setting", arguments: { key: "language", value: "fr" } });
    expect(await readJson(`${APP}/language`)).toEqual({ key: "language", value: "fr" });
  });
});
