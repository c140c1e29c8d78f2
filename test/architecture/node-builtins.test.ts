// The runtime-neutral subpaths (issue 18 #3): nothing the root, `./core`, `./server`, `./client`,
// `./auth` or `./otel` entries load imports a Node built-in or uses a Node global unguarded, so
// they run on Workers without nodejs_compat, in browsers and on Deno/Bun alike. Node built-ins
// belong behind `./node` (and packages such as @mcp-gen/redis). Walked over the TypeScript
// sources (test/architecture/node-builtins.ts); the built modules are checked the same way by
// test/browser/client.test.ts and, for real, by the workerd leg of test/runtimes/. Not an
// import, so not counted here: platform/web-crypto.ts asks `process.getBuiltinModule` for the
// host's crypto when the host has one (Node, Bun, Deno), for speed; elsewhere it uses Web Crypto.
import path from "node:path";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { REPO } from "./import-graph.js";
import { reachFrom } from "./node-builtins.js";

const SRC = path.join(REPO, "packages/runtime/src");
const NEUTRAL = ["core-entry.ts", "server-entry.ts", "client-entry.ts", "auth-entry.ts", "otel-entry.ts"].map((entry) => path.join(SRC, entry));

/**
 * The one lazy built-in: a client key or secret given as `{ file }` is read with
 * node:fs/promises, imported only when such a source is configured (a browser never loads it).
 */
const ALLOWED_DYNAMIC = [{ module: "client/auth/keys.ts", builtin: "node:fs/promises", dynamic: true }];

describe("runtime-neutral subpaths", () => {
  const reach = reachFrom(NEUTRAL, SRC);

  it("reach the server, client and core modules (so the walk sees what it should)", () => {
    for (const folder of ["core/", "server/", "client/", "mrtr/", "handles/", "tasks/", "http/", "platform/"]) {
      expect(reach.modules.filter((m) => m.startsWith(folder)).length, folder).toBeGreaterThan(0);
    }
    expect(reach.modules).toContain("http/fetch.ts");
  });

  it("import no Node built-in (statically or lazily), but the one lazy key-file read", () => {
    expect(reach.builtins).toEqual(ALLOWED_DYNAMIC);
  });

  it("use no Node global (Buffer, process, require, setImmediate, …) outside a typeof guard", () => {
    expect(reach.globals).toEqual([]);
  });

  it("the ./node entry is where the built-ins are (node:http, node:child_process, …)", () => {
    const node = reachFrom([path.join(SRC, "node-entry.ts")], SRC);
    for (const builtin of ["node:http", "node:child_process"]) expect(node.builtins.map((b) => b.builtin)).toContain(builtin);
  });

  it("fails on a planted node:crypto import, a planted Buffer and a type-only import stays allowed", () => {
    const entry = path.join(SRC, "planted-entry.ts");
    const planted = new Map([
      [entry, 'export { sign } from "./planted/sign.js";\nimport type { Readable } from "node:stream";\nexport type R = Readable;\n'],
      [path.join(SRC, "planted/sign.ts"), 'import { createHmac } from "node:crypto";\nexport const sign = (k: string) => createHmac("sha256", k).digest(Buffer.from("x"));\nexport const ok = typeof process !== "undefined" && process.env;\n'],
    ]);
    const found = reachFrom([entry], SRC, (file) => planted.get(file) ?? readFileSync(file, "utf8"));
    expect(found.builtins).toEqual([{ module: "planted/sign.ts", builtin: "node:crypto", dynamic: false }]);
    expect(found.globals).toEqual(["planted/sign.ts: Buffer"]);
  });
});
