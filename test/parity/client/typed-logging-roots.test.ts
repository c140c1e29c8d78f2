// The generated typed client's own logging and roots API (issue 16 item 6): `setLogLevel`,
// `onLog` and `notifyRootsListChanged` on the `Client` a generated package's connect() returns,
// delegating to the runtime client — against our generated server (parity.yaml) AND the official
// SDK 2.4.0 server, both eras over HTTP on 127.0.0.1. Legacy: logging/setLevel and
// notifications/roots/list_changed; 2026-07-28: the level rides on `_meta`, and the roots
// notification is gone [S26:client/roots], so nothing goes out.
import { rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpTransport, type LogMessage, type McpClientOptions } from "../../../packages/runtime/src/client-entry.js";
import type { LogLevel } from "../../../packages/runtime/src/core-entry.js";
import { listenHttp, type ListeningServer } from "../../../packages/runtime/src/http/node.js";
import type { McpServer } from "../../../packages/runtime/src/server-entry.js";
import { importGeneratedPackage } from "../../support/generated-package.js";
import { TMP_DIR } from "../../support/tmp.js";
import { ERAS, eventually, REVISION, startSdkPeer, textOf, type Era, type SdkParityServer } from "./support.js";

const MANIFEST = resolve(import.meta.dirname, "parity.yaml");
const OUT = join(TMP_DIR, "parity-client-typed-logging");

interface TypedClient {
  tools: { chatty(args: Record<string, never>): Promise<{ content: unknown[] }> };
  setLogLevel(level: LogLevel): Promise<void>;
  onLog(handler: ((message: LogMessage) => void) | undefined): void;
  notifyRootsListChanged(): Promise<boolean>;
  close(): Promise<void>;
}
interface Generated {
  createServer(handlers: unknown): McpServer;
  connect(options: McpClientOptions): Promise<TypedClient>;
}

const handlers = {
  tools: {
    chatty: (_args: unknown, ctx: { log(level: string, data: unknown, logger?: string): void }) => {
      for (const level of ["debug", "info", "warning", "error"]) ctx.log(level, { said: level }, "chatty");
      return "logged";
    },
  },
};

let generated: Generated;
let listening: ListeningServer;
let sdk: SdkParityServer;
let ownRoots = 0;

beforeAll(async () => {
  generated = await importGeneratedPackage<Generated>(MANIFEST, OUT);
  const server = generated.createServer(handlers);
  server.onRootsListChanged(() => {
    ownRoots++;
  });
  listening = await listenHttp(server, { port: 0 });
  sdk = await startSdkPeer();
});
afterAll(async () => {
  await listening?.close();
  await sdk?.close();
  rmSync(OUT, { recursive: true, force: true });
});

const peers = [
  { name: "generated server", url: () => listening.url, roots: () => ownRoots },
  { name: "official SDK 2.4.0 server", url: () => sdk.url, roots: () => sdk.state.rootsListChanged },
];

function connect(url: string, era: Era, options: Partial<McpClientOptions> = {}): Promise<TypedClient> {
  return generated.connect({
    transport: createHttpTransport({ url }),
    clientInfo: { name: "typed-logging", version: "0.1.0" },
    protocol: REVISION[era],
    eraCache: new Map(),
    handlers: { roots: () => ({ roots: [{ uri: "file:///work" }] }) },
    ...options,
  });
}

describe.each(peers.flatMap((peer) => ERAS.map((era) => [peer.name, era, peer] as const)))("%s, %s era", (_name, era, peer) => {
  it("setLogLevel filters, onLog receives and can be swapped or removed", async () => {
    const first: LogMessage[] = [];
    const client = await connect(peer.url(), era, { onLog: (m) => first.push(m) });
    try {
      await client.setLogLevel("warning");
      expect(textOf(await client.tools.chatty({}))).toBe("logged");
      expect(first).toEqual([
        { level: "warning", logger: "chatty", data: { said: "warning" } },
        { level: "error", logger: "chatty", data: { said: "error" } },
      ]);
      const second: LogMessage[] = [];
      client.onLog((m) => second.push(m));
      await client.setLogLevel("info");
      await client.tools.chatty({});
      expect(second.map((m) => m.level)).toEqual(["info", "warning", "error"]);
      expect(first).toHaveLength(2);
      client.onLog(undefined);
      await client.tools.chatty({});
      expect(second).toHaveLength(3);
      await expect(client.setLogLevel("loud" as LogLevel)).rejects.toThrow(/unknown log level "loud"/);
    } finally {
      await client.close();
    }
  });

  it(era === "legacy" ? "notifyRootsListChanged reaches the server's handler" : "notifyRootsListChanged has nothing to send", async () => {
    const client = await connect(peer.url(), era);
    try {
      await client.tools.chatty({});
      const before = peer.roots();
      expect(await client.notifyRootsListChanged()).toBe(era === "legacy");
      if (era === "legacy") await eventually(() => peer.roots() === before + 1, () => `${peer.roots() - before} notifications`);
      else {
        await new Promise((r) => setTimeout(r, 100));
        expect(peer.roots()).toBe(before);
      }
    } finally {
      await client.close();
    }
  });
});
