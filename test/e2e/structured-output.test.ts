// A generated server checks what its tool handlers return against the tool's output schema
// (2025-11-25 and 2026-07-28 server/tools § Output Schema: structured results MUST conform):
// a violation becomes an isError result the model can read, and the server's onError hears of
// it. Also: the runtime-side glue of a generated package (prompt arguments, completions,
// default cache hints) behaves as the generated code used to spell out inline.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { generatePackage } from "../../generator/generate/generate-package.js";
import { createFetchHandler, type McpServer } from "../../packages/runtime/src/server-entry.js";
import { createHttpTransport } from "../../packages/runtime/src/client-entry.js";
import { TMP_DIR } from "../support/tmp.js";

const MANIFEST = resolve(import.meta.dirname, "structured-output.yaml");
const OUT = join(TMP_DIR, "e2e-structured-output");

interface Generated {
  createServer(handlers: unknown, options?: { onError?: (error: unknown) => void }): McpServer;
  connect(options: unknown): Promise<{
    tools: { forecast(args: { city: string }): Promise<{ isError?: boolean; content: { text?: string }[]; structuredContent?: unknown; structured?: unknown }> };
    prompts: { brief: { get(args: { city: string }): Promise<unknown>; complete(argument: "city", value: string): Promise<string[]> } };
    raw: { listTools(): Promise<{ result: Record<string, unknown> }>; getPrompt(name: string, args: Record<string, string>): Promise<unknown> };
    close(): Promise<void>;
  }>;
}

let pkg: Generated;
beforeAll(async () => {
  const generated = await generatePackage(MANIFEST, { outDir: OUT });
  rmSync(OUT, { recursive: true, force: true });
  for (const [path, content] of generated.files) {
    mkdirSync(join(OUT, path, ".."), { recursive: true });
    writeFileSync(join(OUT, path), content);
  }
  pkg = (await import(pathToFileURL(join(OUT, "dist/index.js")).href)) as Generated;
});
afterAll(() => rmSync(OUT, { recursive: true, force: true }));

/** What the forecast handler returns next. */
let reply: unknown;
const errors: unknown[] = [];
const handlers = {
  tools: { forecast: () => reply },
  prompts: {
    brief: {
      get: (args: { city: string }) => ({ messages: [{ role: "user", content: { type: "text", text: `Weather in ${args.city}?` } }] }),
      complete: { city: (value: string) => ["Oslo", "Osaka", "Lima"].filter((c) => c.startsWith(value)) },
    },
  },
};

/** The generated client connected in-process to the generated server (fetch handler, no socket). */
async function connected(protocol: string) {
  const server = pkg.createServer(handlers, { onError: (error) => errors.push(error) });
  const handle = createFetchHandler(server);
  return pkg.connect({
    transport: createHttpTransport({ url: "http://127.0.0.1/mcp", fetch: (input: RequestInfo | URL, init?: RequestInit) => handle(new Request(input, init)) }),
    clientInfo: { name: "structured-output-e2e", version: "1.0.0" },
    protocol,
  });
}

describe.each(["2026-07-28", "2025-11-25"] as const)("generated server, protocol %s", (protocol) => {
  let client: Awaited<ReturnType<Generated["connect"]>>;
  beforeAll(async () => {
    client = await connected(protocol);
  });
  afterAll(async () => client?.close());
  beforeEach(() => {
    errors.length = 0;
  });

  it("conforming structuredContent is returned as is (and typed by the client)", async () => {
    reply = { structuredContent: { celsius: 21.5 } };
    const result = await client.tools.forecast({ city: "Oslo" });
    expect(result.isError).toBeFalsy();
    expect(result.structured).toEqual({ celsius: 21.5 });
    expect(errors).toEqual([]);
  });

  it("structuredContent that violates the output schema is an isError result and an onError report", async () => {
    reply = { structuredContent: { celsius: "warm" } };
    const result = await client.tools.forecast({ city: "Oslo" });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(result.content[0]?.text).toContain("does not match its output schema");
    expect(errors).toHaveLength(1);
    expect(String((errors[0] as Error).message)).toMatch(/tool 'forecast' returned structuredContent that violates its outputSchema/);
  });

  it("a result without structuredContent violates a declared output schema too", async () => {
    reply = { content: [{ type: "text", text: "21.5" }] };
    const result = await client.tools.forecast({ city: "Oslo" });
    expect(result.isError).toBe(true);
    expect(errors).toHaveLength(1);
  });

  it("a tool error the handler chose is not checked against the output schema", async () => {
    reply = { isError: true, content: [{ type: "text", text: "no such city" }] };
    const result = await client.tools.forecast({ city: "Atlantis" });
    expect(result.isError).toBe(true);
    expect(result.content[0]?.text).toBe("no such city");
    expect(errors).toEqual([]);
  });

  it("prompt arguments are checked by the runtime: a missing required one is -32602", async () => {
    expect(await client.prompts.brief.get({ city: "Lima" })).toMatchObject({ messages: [{ content: { text: "Weather in Lima?" } }] });
    await expect(client.raw.getPrompt("brief", {})).rejects.toMatchObject({ code: -32602 });
  });

  it("completions come back as the handler's values", async () => {
    expect(await client.prompts.brief.complete("city", "O")).toEqual(["Oslo", "Osaka"]);
  });
});

describe("default cache hints", () => {
  it("a list without a declared hint carries the runtime default the generated definition leaves out", async () => {
    const client = await connected("2026-07-28");
    try {
      const { result } = await client.raw.listTools();
      expect(result).toMatchObject({ ttlMs: 0, cacheScope: "private" });
    } finally {
      await client.close();
    }
  });
});
