// The linear-time pattern engine must give native RegExp's (`u` flag) verdict on every
// pattern it accepts, and refuse the patterns RE2 cannot express.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { linearMatcher, pattern, toRe2Syntax } from "../../../packages/runtime/src/validation/index.js";
import { PROPERTY_BUDGET_MS, PROPERTY_TEST_TIMEOUT_MS, within } from "../../support/property-budget.js";

/** Patterns that must run on RE2, chosen around every rewrite of re2-syntax.ts. */
const LINEAR = [
  "^[a-z0-9]+(?:-[a-z0-9]+)*$",
  "^(a+)+$",
  "^(?<year>[0-9]{4})-(?<month>[0-9]{2})$",
  "a.b",
  "^.*$",
  "\\s",
  "^\\S+$",
  "[\\s,]+",
  "[^\\s]",
  "\\d\\w\\D\\W",
  "\\bword\\b",
  "\\Bx",
  "^\\u0041\\u{1F600}$",
  "\\uD83D\\uDE00",
  "\\x41\\t\\n\\v\\f\\r\\0",
  "\\cJ",
  "[\\b]",
  "[[a]",
  "[a-z\\-_]",
  "\\p{L}+",
  "\\P{Lu}",
  "\\p{Script=Greek}",
  "[\\p{Nd}x]",
  "^\\$\\^\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|\\/$",
  "a{2,3}?b*?c+?",
  "x|y|",
  "é+😀",
  "^$",
];
/** Patterns only the backtracking engine can run (RE2 has no spelling with the same matches). */
const NATIVE_ONLY = ["(a)\\1", "\\k<n>(?<n>a)", "a(?=b)", "a(?!b)", "(?<=a)b", "(?<!a)b", "[]", "[^]", "[\\S]", "\\uD800", "\\p{Letter}", "a{1001}"];

const alphabet = ["a", "b", "A", "-", "_", " ", "\t", "\n", "\r", "\u000b", "\f", "\u00a0", "\u2028", "\u2029", "\ufeff", "\u3000", "0", "9", "é", "α", "Ω", "😀", "\ud800", "\udc00", "\b", "\0", "$", ".", "/", "x", "y", "[", "w", "o", "r", "d", "2", "4"];
const text = fc.array(fc.constantFrom(...alphabet), { maxLength: 12 }).map((parts) => parts.join(""));

describe("linear pattern engine (re2js)", () => {
  it("translates every construct it knows, and gives RegExp's verdict on random text", () => {
    for (const source of LINEAR) {
      const matcher = linearMatcher(source);
      expect(matcher, source).toBeDefined();
      const native = new RegExp(source, "u");
      fc.assert(
        fc.property(text, (value) => matcher!.test(value) === native.test(value)),
        // One budget shared by every pattern's property, so the test stays inside its timeout.
        { numRuns: 400, seed: 21, ...within(PROPERTY_BUDGET_MS / LINEAR.length) },
      );
    }
  }, PROPERTY_TEST_TIMEOUT_MS);

  it("agrees with RegExp on hand-picked values around each rewrite", () => {
    const cases: [string, string][] = [
      [".", "\r"], [".", "\u2028"], [".", "\n"], [".", "😀"], ["^.$", "😀"], ["\\s", "\u00a0"], ["\\s", "\ufeff"],
      ["^\\S+$", "a\u3000"], ["[[a]", "["], ["\\p{Script=Greek}", "α"], ["^\\u{1F600}$", "😀"], ["^[^a]$", "\ud800"],
      ["\\uD83D\\uDE00", "😀"], ["[\\b]", "\b"], ["\\cJ", "\n"], ["a$", "a\n"],
    ];
    for (const [source, value] of cases) {
      expect(linearMatcher(source)!.test(value), `${source} on ${JSON.stringify(value)}`).toBe(new RegExp(source, "u").test(value));
    }
  });

  it("refuses what RE2 cannot express, and pattern() then falls back to RegExp", () => {
    for (const source of NATIVE_ONLY) {
      expect(linearMatcher(source), source).toBeUndefined();
      const matcher = pattern(source);
      expect(matcher, source).toBeInstanceOf(RegExp);
    }
    expect(pattern("^a+$")).not.toBeInstanceOf(RegExp);
  });

  it("refuses invalid patterns instead of translating them", () => {
    for (const source of ["(", "a{,3}", "\\-", "\\ ", "[z-a]"]) expect(toRe2Syntax(source), source).toBeUndefined();
  });
});
