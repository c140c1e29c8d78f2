// The custom-methods manifest (notes.yaml) generated into a package: its typed server handlers
// and its typed client round-trip the custom request and a notification each way, on both eras
// over real HTTP on 127.0.0.1; the result schema holds on the server; a client that does not
// declare the extension gets -32021 (modern: HTTP 400; legacy: in-band, docs/extensions.md).
import { rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpTransport } from "../../../packages/runtime/src/client-entry.js";
import { connectClient } from "../../../packages/runtime/src/client/client.js";
import { RpcError } from "../../../packages/runtime/src/core/jsonrpc/errors.js";
import { listenHttp, type ListeningServer } from "../../../packages/runtime/src/http/node.js";
import { pullManifest } from "../../../generator/pull/pull.js";
import { diffContracts } from "../../../generator/diff/manifest/diff-contract.js";
import { contractFromManifest } from "../../../generator/diff/manifest/from-manifest.js";
import { loadManifest } from "../../../generator/manifest/load.js";
import { importGeneratedPackage } from "../../support/generated-package.js";
import { TMP_DIR } from "../../support/tmp.js";

const MANIFEST = resolve(import.meta.dirname, "notes.yaml");
const OUT = join(TMP_DIR, "extensions-custom-methods");

interface Generated {
  createServer(handlers: unknown, options?: unknown): import("../../../packages/runtime/src/server/server.js").McpServer;
  connect(options: unknown): Promise<{
    raw: import("../../../packages/runtime/src/client/client.js").McpClient;
    methods: { notesSearch(params: { query: string; limit?: number }): Promise<{ hits: string[] }> };
    notify: { notesTouched(params: { id: string }): Promise<void> };
    on: { notesIndexed(handler: ((params: { count: number }) => void) | undefined): void };
    close(): Promise<void>;
  }>;
}

const touched: Array<{ id: string; era: string }> = [];
const errors: unknown[] = [];
let listening: ListeningServer;
let pkg: Generated;

beforeAll(async () => {
  pkg = await importGeneratedPackage<Generated>(MANIFEST, OUT);
  const server = pkg.createServer(
    {
      tools: { pingNotes: () => "pong" },
      methods: {
        notesSearch: (params: { query: string; limit?: number }, ctx: { era: string; emit: { notesIndexed(p: { count: number }): boolean } }) => {
          ctx.emit.notesIndexed({ count: 3 });
          // A result that breaks the declared schema (hits must be strings): the server refuses it.
          if (params.query === "broken") return { hits: [1, 2] };
          return { hits: Array.from({ length: params.limit ?? 2 }, (_, i) => `${params.query}-${i}@${ctx.era}`) };
        },
      },
      notifications: {
        notesTouched: (params: { id: string }, info: { era: string }) => {
          touched.push({ id: params.id, era: info.era });
        },
      },
    },
    { onError: (error: unknown) => errors.push(error) },
  );
  listening = await listenHttp(server, { port: 0 });
});
afterAll(async () => {
  await listening?.close();
  rmSync(OUT, { recursive: true, force: true });
});

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
}

describe.each(["2026-07-28", "2025-11-25"] as const)("generated client ↔ generated server, protocol %s", (protocol) => {
  const era = protocol === "2026-07-28" ? "modern" : "legacy";

  it("calls the typed method, hears the request-related notification, and sends one back", async () => {
    const client = await pkg.connect({ transport: createHttpTransport({ url: listening.url }), clientInfo: { name: "cm", version: "1" }, protocol });
    try {
      const heard: number[] = [];
      client.on.notesIndexed((params) => heard.push(params.count));
      const result = await client.methods.notesSearch({ query: "plum", limit: 2 });
      expect(result).toEqual({ hits: [`plum-0@${era}`, `plum-1@${era}`] });
      await until(() => heard.length > 0);
      expect(heard).toEqual([3]);

      touched.length = 0;
      await client.notify.notesTouched({ id: `n-${era}` });
      await until(() => touched.length > 0);
      expect(touched).toEqual([{ id: `n-${era}`, era }]);
    } finally {
      await client.close();
    }
  });

  it("refuses params that break the schema (-32602) and a handler result that breaks it (-32603, reported)", async () => {
    const client = await pkg.connect({ transport: createHttpTransport({ url: listening.url }), clientInfo: { name: "cm", version: "1" }, protocol });
    try {
      await expect(client.methods.notesSearch({ query: "" })).rejects.toMatchObject({ code: -32602 });
      const before = errors.length;
      await expect(client.methods.notesSearch({ query: "broken" })).rejects.toMatchObject({ code: -32603 });
      expect(String(errors.slice(before))).toContain("violates its result schema");
    } finally {
      await client.close();
    }
  });

  it("answers -32021 naming the extension to a client that did not declare it", async () => {
    const raw = await connectClient({ transport: createHttpTransport({ url: listening.url }), clientInfo: { name: "plain", version: "1" }, protocol });
    try {
      const failure = await raw.request("notes/search", { query: "plum" }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(RpcError);
      expect(failure).toMatchObject({ code: -32021, data: { requiredCapabilities: { extensions: { "com.example/notes": {} } } } });
      // The server advertises the extension either way (server/discover, initialize).
      expect(raw.serverCapabilities["extensions"]).toEqual({ "com.example/notes": { version: 1 } });
    } finally {
      await raw.close();
    }
  });
});

describe("mcp-gen pull of the generated server", () => {
  it("records the advertised extension and no methods (the protocol cannot list them); diff names what the pull cannot see", async () => {
    const pulled = await pullManifest({ kind: "http", url: listening.url, headers: {} }, { outPath: join(OUT, "pulled.yaml") });
    expect(pulled.manifest.extensions).toEqual({ "com.example/notes": { version: 1 } });
    expect(pulled.manifest).not.toHaveProperty("methods");
    expect(pulled.yaml).not.toMatch(/^methods:/m);
    const declared = (await loadManifest(MANIFEST)).manifest!;
    const changes = diffContracts(contractFromManifest(declared), contractFromManifest(pulled.manifest)).filter((c) => /^(CUSTOM|EXTENSION)_/.test(c.rule));
    expect(changes.map((c) => `${c.rule} ${c.path}`)).toEqual([
      'CUSTOM_METHOD_REMOVED methods["notes/search"]',
      'CUSTOM_NOTIFICATION_REMOVED notifications["notes/indexed"]',
      'CUSTOM_NOTIFICATION_REMOVED notifications["notes/touched"]',
    ]);
  });
});
