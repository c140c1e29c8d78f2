// Resource templates that enumerate their instances (issue 16 item 1): the instances join
// resources/list after the static resources, paginated with the usual cursors, on both eras,
// read by the official SDK 2.4.0 client; a disabled template lists nothing; a bad instance is
// skipped and reported; a failing callback is -32603. A generated server declares it with the
// manifest's `list: true` and gets list() typed from the template's variables.
import { readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProtocolError } from "@modelcontextprotocol/client";
import { listenHttp, type ListeningServer } from "../../../packages/runtime/src/http/node.js";
import type { McpServer } from "../../../packages/runtime/src/server/server.js";
import { importGeneratedPackage } from "../../support/generated-package.js";
import { TMP_DIR } from "../../support/tmp.js";
import type { ResourceTemplateDefinition } from "../../../packages/runtime/src/server/definition.js";
import { expandUriTemplate } from "../../../packages/runtime/src/uri/expand.js";
import { serve, sdkClient, type Era, type SdkPeer, type Served } from "./support.js";

const notes = new Map([
  ["1", "first"],
  ["2", "second"],
  ["a b", "spaced"],
]);
let failList = false;
let listCalls = 0;

const noteTemplate: ResourceTemplateDefinition = {
  uriTemplate: "notes://{id}",
  name: "note",
  mimeType: "text/plain",
  read: (uri, variables) => [{ uri, text: notes.get(variables["id"] ?? "") ?? "" }],
  list: () => {
    listCalls++;
    if (failList) throw new Error("database down (secret detail)");
    return [...notes.keys()].map((id) => ({ variables: { id }, title: `Note ${id}` }));
  },
};

const fileTemplate: ResourceTemplateDefinition = {
  uriTemplate: "file:///docs/{+path}",
  name: "doc",
  read: (uri) => [{ uri, text: "doc" }],
  // One instance by URI, one that is not an instance of this template, one with a non-string
  // variable (both skipped, reported).
  list: async () => [{ uri: "file:///docs/a/b.md", name: "b.md" }, { uri: "http://elsewhere/x" }, { variables: { path: 7 as unknown as string } }],
};

describe("URI template expansion (RFC 6570 levels 1-3)", () => {
  it.each([
    ["notes://{id}", { id: "a b" }, "notes://a%20b"],
    ["file:///{+path}", { path: "a/b c" }, "file:///a/b%20c"],
    ["x://h{/seg,rest}", { seg: "p", rest: "q/r" }, "x://h/p/q%2Fr"],
    ["x://h/s{?q,lang}", { q: "a&b", lang: "" }, "x://h/s?q=a%26b&lang="],
    ["x://h{;v,w}", { v: "1", w: "" }, "x://h;v=1;w"],
    ["x://h{.ext}{#frag}", { ext: "md", frag: "t/1" }, "x://h.md#t/1"],
    ["x://h/{id}{?page}", { id: "7" }, "x://h/7"],
    ["x://h/{id:3}", { id: "abcdef" }, "x://h/abc"],
    ["x://h/{id}", { id: "it's(*)!" }, "x://h/it%27s%28%2A%29%21"],
  ])("%s with %j is %s", (template, variables, expected) => {
    expect(expandUriTemplate(template, variables)).toBe(expected);
  });
});

describe.each<Era>(["modern", "legacy"])("template instances in resources/list, %s era, SDK 2.4.0 client", (era) => {
  let served: Served;
  let peer: SdkPeer;

  beforeAll(async () => {
    served = await serve(
      {
        resources: [{ uri: "notes://index", name: "index", read: () => [{ uri: "notes://index", text: "index" }] }],
        resourceTemplates: [noteTemplate, fileTemplate, { uriTemplate: "plain://{x}", name: "unlisted", read: (uri) => [{ uri, text: "" }] }],
      },
      { limits: { pageSize: 2 } },
    );
    peer = await sdkClient(served.url, era);
  });
  afterAll(async () => {
    await peer?.close();
    await served?.close();
  });

  async function listAll(): Promise<Array<Record<string, unknown>>> {
    const all: Array<Record<string, unknown>> = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await peer.client.listResources(cursor === undefined ? {} : { cursor });
      all.push(...(page.resources as Array<Record<string, unknown>>));
      cursor = page.nextCursor;
      pages++;
    } while (cursor !== undefined && pages < 10);
    return all;
  }

  it("lists static resources, then each listing template's instances, two per page; the instances read", async () => {
    served.errors.length = 0;
    const all = await listAll();
    expect(all.map((r) => r["uri"])).toEqual(["notes://index", "notes://1", "notes://2", "notes://a%20b", "file:///docs/a/b.md"]);
    expect(all[1]).toMatchObject({ uri: "notes://1", name: "note", title: "Note 1", mimeType: "text/plain" });
    expect(all[4]).toMatchObject({ name: "b.md" });
    // The URI that is no instance of its template was skipped and reported, not sent.
    expect(served.errors.map(String).join("\n")).toContain("http://elsewhere/x");
    // Reported on every page that computed the list: two distinct problems.
    expect(new Set(served.errors.map(String).filter((e) => e.includes("file:///docs/{+path}"))).size).toBe(2);
    const read = await peer.client.readResource({ uri: "notes://a%20b" });
    expect(read.contents[0]).toMatchObject({ uri: "notes://a%20b", text: "spaced" });
  });

  it("a disabled template lists no instances; enabled again, they are back", async () => {
    served.server.resourceTemplates.get("notes://{id}")!.disable();
    try {
      expect((await listAll()).map((r) => r["uri"])).toEqual(["notes://index", "file:///docs/a/b.md"]);
    } finally {
      served.server.resourceTemplates.get("notes://{id}")!.enable();
    }
    expect((await listAll()).length).toBe(5);
  });

  it("pages are cut per request: instances added between pages show up, a cursor past the new end is -32602; a throwing callback is -32603", async () => {
    const page = (cursor?: string) => peer.client.request({ method: "resources/list", params: cursor === undefined ? {} : { cursor } });
    const first = await page();
    expect(first.resources.map((r) => r.uri)).toEqual(["notes://index", "notes://1"]);
    const second = await page(first.nextCursor);
    expect(second.resources.map((r) => r.uri)).toEqual(["notes://2", "notes://a%20b"]);
    notes.set("3", "third");
    notes.set("4", "fourth");
    let fourthCursor: string | undefined;
    try {
      const third = await page(second.nextCursor);
      expect(third.resources.map((r) => r.uri)).toEqual(["notes://3", "notes://4"]);
      fourthCursor = third.nextCursor;
      expect(fourthCursor).toBeDefined();
    } finally {
      notes.delete("3");
      notes.delete("4");
    }
    const past = await page(fourthCursor).then(() => undefined, (e: unknown) => e);
    expect((past as ProtocolError).code).toBe(-32602);
    failList = true;
    served.errors.length = 0;
    try {
      const error = await page().then(() => undefined, (e: unknown) => e);
      expect(error).toBeInstanceOf(ProtocolError);
      expect((error as ProtocolError).code).toBe(-32603);
      expect(String((error as Error).message)).not.toContain("secret");
      expect(served.errors.map(String).join()).toContain("database down");
    } finally {
      failList = false;
    }
  });
});

describe("servers without list callbacks keep the pre-serialized pages", () => {
  it("resources/list never runs a callback when no template has one", async () => {
    const served = await serve({ resourceTemplates: [{ uriTemplate: "plain://{x}", name: "p", read: (uri) => [{ uri, text: "" }] }], resources: [{ uri: "a://1", name: "a", read: () => [] }] });
    const peer = await sdkClient(served.url, "modern");
    try {
      const before = listCalls;
      expect((await peer.client.listResources()).resources.map((r) => r.uri)).toEqual(["a://1"]);
      expect(listCalls).toBe(before);
    } finally {
      await peer.close();
      await served.close();
    }
  });
});

describe("a generated server: manifest `list: true` types list() from the template's variables", () => {
  const manifest = resolve(import.meta.dirname, "template-listing.yaml");
  const out = join(TMP_DIR, "parity-template-listing");
  let listening: ListeningServer | undefined;
  afterAll(async () => {
    await listening?.close();
    rmSync(out, { recursive: true, force: true });
  });

  it("emits list() only where declared, and its instances reach the SDK client on both eras", async () => {
    const { createServer } = await importGeneratedPackage<{ createServer: (handlers: unknown) => McpServer }>(manifest, out);
    const handlers = readFileSync(join(out, "src/handlers.ts"), "utf8");
    expect(handlers).toContain("list(ctx: BaseContext): Awaitable<readonly TemplateInstance<{ folder: string; id: string; rev?: string }>[]>;");
    expect(handlers.match(/\blist\(ctx/g)).toHaveLength(1);
    listening = await listenHttp(
      createServer({
        resources: { readme: { read: () => [{ uri: "docs://readme", text: "hi" }] } },
        templates: {
          note: {
            read: (uri: string, v: { folder: string; id: string }) => [{ uri, text: `${v.folder}/${v.id}` }],
            list: () => [{ variables: { folder: "work", id: "1" }, name: "first" }, { variables: { folder: "home", id: "2", rev: "3" } }],
          },
          unlisted: { read: (uri: string) => [{ uri, text: "" }] },
        },
      }),
      { port: 0 },
    );
    for (const era of ["modern", "legacy"] as const) {
      const peer = await sdkClient(new URL(listening.url), era);
      try {
        const { resources } = await peer.client.listResources();
        expect(resources.map((r) => [r.uri, r.name, r.mimeType])).toEqual([
          ["docs://readme", "readme", "text/plain"],
          ["notes://work/1", "first", "text/markdown"],
          ["notes://home/2?rev=3", "note", "text/markdown"],
        ]);
        expect((await peer.client.readResource({ uri: "notes://home/2?rev=3" })).contents[0]).toMatchObject({ text: "home/2" });
      } finally {
        await peer.close();
      }
    }
  });
});
