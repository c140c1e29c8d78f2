// No silent skips: a test is skipped only through an entry of test/support/skips.ts, which names
// its reason; any other skip, todo or only in test/ fails here, and each entry is stale-checked
// (it applies exactly while its cause holds, and some test uses it).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { LISTED_SKIPS } from "./support/skips.js";

const TEST_DIR = import.meta.dirname;
const ALLOWED = new Set(["support/skips.ts", "listed-skips.test.ts"]);

function testSources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === ".tmp" || name === "node_modules" || name === "generated") return [];
    if (statSync(path).isDirectory()) return testSources(path);
    return /\.test\.ts$/.test(name) || relative(TEST_DIR, path).startsWith("support/") ? [path] : [];
  });
}

const sources = testSources(TEST_DIR).map((path) => ({ file: relative(TEST_DIR, path), text: readFileSync(path, "utf8") }));

describe("listed skips", () => {
  it("no test skips, marks todo or runs alone other than through a listed skip", () => {
    expect(sources.length).toBeGreaterThan(50);
    const found = sources
      .filter((s) => !ALLOWED.has(s.file))
      .flatMap((s) => s.text.split("\n").flatMap((line, i) => (/\.(?:skip|skipIf|runIf|todo|only)\b/.test(line) ? [`${s.file}:${i + 1}: ${line.trim()}`] : [])));
    expect(found).toEqual([]);
  });

  for (const [name, entry] of Object.entries(LISTED_SKIPS)) {
    it(`${name}: used by a test`, () => {
      expect(sources.filter((s) => s.text.includes(`skipWhenListed(context, "${name}")`)).map((s) => s.file)).not.toEqual([]);
    });

    it(`${name}: applies exactly while its cause holds (${entry.reason})`, () => {
      // needed without the cause: a moved folder hides behind the skip; the cause without the
      // need: the skip is no longer needed and must go.
      expect(entry.needed(), entry.causeHolds() ? "the cause holds but the skip is no longer needed" : "the skip applies without its cause").toBe(entry.causeHolds());
    });
  }
});
