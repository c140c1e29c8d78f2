// Issue 21 #2, audited for every format: each checker is pumped with 40,000 repetitions of
// the characters its grammar cares about, between prefixes and suffixes that make the
// backtracking engine retry. A quadratic checker needs the better part of a second here
// (the old url checker: 3.6 s at 100,000, so ~0.6 s at 40,000); a linear one a few ms.
// Every input must be answered in < 100 ms (the best of two runs, so a GC pause does not count).
import { describe, expect, it } from "vitest";
import { FORMAT_CHECKERS } from "../../generator/emit/zod/formats.js";
import * as validation from "../../packages/runtime/src/validation/index.js";
import { timed } from "./validation-vectors.js";

const PREFIXES = ["", "a:", "a://", "http://", "a@", "#/", "/", "0", "a://x@", "P", "2020-01-01T", "::", "{", "a:?"];
const UNITS = ["a", "@", ":", "/", ".", "-", "%", "{", "a-", "a.", "1", "::", "@a", "%2", "{a", ":1", "~", "\\", "(", "1.", "\n"];
const SUFFIXES = ["", "!", " ", "}", "@", ":x"];

describe("hostile: every format checker is linear in its input", () => {
  const checkers = Object.values(FORMAT_CHECKERS).flatMap(({ helper, kind }) => (helper !== undefined && kind === "string" ? [helper] : []));

  it.each(checkers)("%s", (name) => {
    const check = (validation as unknown as Record<string, (text: string) => boolean>)[name]!;
    let worst = { ms: 0, input: "" };
    for (const prefix of PREFIXES) {
      for (const unit of UNITS) {
        for (const suffix of SUFFIXES) {
          const input = prefix + unit.repeat(Math.ceil(40_000 / unit.length)) + suffix;
          let ms = timed(() => check(input)).ms;
          if (ms >= 100) ms = Math.min(ms, timed(() => check(input)).ms);
          if (ms > worst.ms) worst = { ms, input: `${JSON.stringify(prefix)} + ${JSON.stringify(unit)}×n + ${JSON.stringify(suffix)}` };
        }
      }
    }
    expect(worst.ms, worst.input).toBeLessThan(100);
  });
});
