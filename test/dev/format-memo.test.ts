// The memoized formatter of mcp-gen dev gives formatTypeScript's bytes, hit or miss.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { memoizedFormat } from "../../generator/dev/format-memo.js";
import { formatTypeScript } from "../../generator/generate/format-code.js";

const ROOT = resolve(import.meta.dirname, "../..");
const HASH_A = "a".repeat(64);
const HASH_B = "b".repeat(64);

function module(hash: string, body: string): string {
  return `// Entry point of x.\n// manifest sha256: ${hash}\nexport   const  value = ${body} ;\n`;
}

describe("memoizedFormat", () => {
  it("returns prettier's bytes for a module seen before under another manifest hash", async () => {
    const format = memoizedFormat();
    const first = await format(module(HASH_A, "1"));
    const second = await format(module(HASH_B, "1"));
    expect(first).toBe(await formatTypeScript(module(HASH_A, "1")));
    expect(second).toBe(await formatTypeScript(module(HASH_B, "1")));
    expect(second).toContain(HASH_B);
    expect(second).not.toContain(HASH_A);
  });

  it("formats changed code anew", async () => {
    const format = memoizedFormat();
    await format(module(HASH_A, "1"));
    expect(await format(module(HASH_B, "[1,2]"))).toBe(await formatTypeScript(module(HASH_B, "[1,2]")));
  });

  it("matches prettier on a real generated module whose hash changed", async () => {
    const source = readFileSync(join(ROOT, "examples", "notes", "generated", "src", "server.ts"), "utf8");
    const hash = /manifest sha256: ([0-9a-f]{64})/.exec(source)![1]!;
    const format = memoizedFormat();
    await format(source);
    const moved = source.replace(hash, HASH_B);
    expect(await format(moved)).toBe(await formatTypeScript(moved));
  });
});
