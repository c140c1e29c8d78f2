// Issue 18 item 1: a generated server validates without zod. Starting the generated notes
// package the way a host does (import its index, createServer, one tools/call through the fetch
// handler) loads no module of zod, and the call is still validated (a bad argument is an isError
// result naming the JSON path and the rule). Module lists come from Node's loader hooks.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

const REPO = path.resolve(import.meta.dirname, "../..");
const PACKAGE = path.join(REPO, "examples/notes/generated/dist");
const SERVE = path.join(REPO, "test/validation-compile/fixtures/serve-one-call.mjs");
const LISTER = path.join(REPO, "test/architecture/fixtures/list-modules.mjs");
const isZod = (url: string) => url.includes("/node_modules/zod/");

function run(script: string, file: string): string {
  expect(existsSync(file), `${file} is generated and built (npm run examples)`).toBe(true);
  return execFileSync(process.execPath, [script, pathToFileURL(file).href], { encoding: "utf8", timeout: 60_000, cwd: REPO });
}

describe("a generated server starts and validates without zod", () => {
  it("import + createServer + tools/call (valid and invalid arguments) load no zod module", () => {
    const { valid, invalid, urls } = JSON.parse(run(SERVE, path.join(PACKAGE, "index.js"))) as {
      valid: { status: number; body: string };
      invalid: { status: number; body: string };
      urls: string[];
    };
    expect(JSON.parse(valid.body).result.structuredContent).toEqual({ id: "note-a" });
    const rejected = JSON.parse(invalid.body).result;
    expect(rejected.isError).toBe(true);
    expect(rejected.content[0].text).toBe("Invalid arguments for tool 'add_note': /title: must be at least 1 character long");
    expect(urls.some((url) => url.endsWith("/generated/dist/server.js"))).toBe(true);
    expect(urls.filter(isZod)).toEqual([]);
    // Its schemas have no pattern, so the linear-time pattern engine (re2js) is not loaded either.
    expect(urls.filter((url) => url.includes("/node_modules/re2js/"))).toEqual([]);
  });

  it("a package whose schemas have a pattern imports the pattern engine (shop), still without zod", () => {
    const urls = JSON.parse(run(LISTER, path.join(REPO, "examples/shop/generated/dist/index.js"))) as string[];
    expect(urls.filter((url) => url.includes("/node_modules/re2js/")).length).toBeGreaterThan(0);
    expect(urls.filter(isZod)).toEqual([]);
  });

  it("the package's ./schemas subpath is where zod loads (the lister sees it)", () => {
    const urls = JSON.parse(run(LISTER, path.join(PACKAGE, "schemas.js"))) as string[];
    expect(urls.filter(isZod).length).toBeGreaterThan(10);
  });
});
