// What a generated server's start pays for in Node built-ins (SERVER.md "Cold start"): ./node
// loads none of node:http (imported when listenHttp or the OAuth loopback starts), node:fs/promises
// (the first credential-store read), node:crypto (drawn on the first handle or requestState a
// server signs, server/create-codecs.ts and platform/web-crypto.ts) or node:child_process (spawned
// only by the stdio client transport).
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO } from "./import-graph.js";

const FIXTURE = path.join(REPO, "test/architecture/fixtures/server-start-builtins.mjs");

describe("a generated server's start", () => {
  it("creates the server without loading node:http, node:fs/promises, node:crypto or node:child_process", () => {
    expect(existsSync(path.join(REPO, "examples/notes/generated/dist/index.js")), "npm run examples").toBe(true);
    const builtins = JSON.parse(execFileSync(process.execPath, [FIXTURE], { encoding: "utf8", timeout: 30_000 })) as string[];
    expect(builtins).toContain("path"); // the list is real: ./node imports node:path
    expect(builtins.filter((b) => /^(_?https?|_http_\w+|fs\/promises|crypto|child_process)$/.test(b))).toEqual([]);
  });
});
