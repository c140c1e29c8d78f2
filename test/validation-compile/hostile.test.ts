// The hostile inputs of test/hostile/validation-*.test.ts, against the compiled validators a
// generated server now uses: super-linear patterns run on the linear engine, a failed length
// bound stops a string's checks before a backtracking-only pattern, pumped format input stays
// linear, and a value nested past the stack is an invalid value, not a crash. The bounds are the
// same generous ones.
import { describe, expect, it } from "vitest";
import { jsonSchemaValidator } from "../../packages/runtime/src/validation/compile/index.js";
import { pattern } from "../../packages/runtime/src/validation/pattern.js";
import { timed } from "../hostile/validation-vectors.js";

describe("hostile input against compiled validators", () => {
  it("^(a+)+$, (x+x+)+y and ^(a|aa)+$ on 100,000 characters answer in < 200 ms each", () => {
    const cases: [Record<string, unknown>, unknown, boolean][] = [
      [{ type: "string", pattern: "^(a+)+$" }, "a".repeat(100_000) + "!", false],
      [{ type: "string", pattern: "^(a+)+$" }, "a".repeat(100_000), true],
      [{ type: "string", pattern: "(x+x+)+y" }, "x".repeat(100_000), false],
      [{ type: "string", pattern: "^(a|aa)+$" }, "a".repeat(100_000) + "b", false],
      [{ type: "object", patternProperties: { "^(a+)+$": { type: "integer" } } }, { ["a".repeat(100_000) + "!"]: "x" }, true],
      [{ type: "object", patternProperties: { "^(a+)+$": { type: "integer" } } }, { ["a".repeat(100_000)]: "x" }, false],
    ];
    for (const [schema, value, valid] of cases) {
      const validator = jsonSchemaValidator(schema, { patterns: pattern });
      const { ms, result } = timed(() => validator.safeParse(value));
      expect(result.success, JSON.stringify(schema)).toBe(valid);
      expect(ms, JSON.stringify(schema)).toBeLessThan(200);
    }
  });

  it("maxLength 10 + a backtracking-only pattern on 31 characters fails in < 200 ms with the length error", () => {
    // The lookbehind keeps the pattern on native RegExp, exponential on this input.
    const validator = jsonSchemaValidator({ type: "string", maxLength: 10, minLength: 2, pattern: "^(a+)+(?<=a)$", format: "email" }, { patterns: pattern });
    const { ms, result } = timed(() => validator.safeParse("a".repeat(30) + "!"));
    expect(ms).toBeLessThan(200);
    expect(result.success).toBe(false);
    expect(!result.success && result.error.message).toBe("(root): must be at most 10 characters long");
    const short = validator.safeParse("a");
    expect(!short.success && short.error.message).toBe("(root): must be at least 2 characters long");
    expect(validator.safeParse("aaaa").success).toBe(false); // within bounds: the format decides (not an email)
    const unmatched = validator.safeParse("aab");
    expect(!unmatched.success && unmatched.error.message).toBe("(root): must match the pattern ^(a+)+(?<=a)$");
  });

  it('"http://" + "@"×200,000 + "!" against format url is rejected in < 200 ms', () => {
    const validator = jsonSchemaValidator({ type: "string", format: "url" });
    const { ms, result } = timed(() => validator.safeParse("http://" + "@".repeat(200_000) + "!"));
    expect(result.success).toBe(false);
    expect(ms).toBeLessThan(200);
  });

  it("a value nested deeper than the stack is invalid (an issue), not a thrown RangeError", () => {
    const validator = jsonSchemaValidator({ $ref: "#/$defs/Tree", $defs: { Tree: { type: "array", items: { $ref: "#/$defs/Tree" } } } });
    let deep: unknown[] = [];
    for (let i = 0; i < 200_000; i++) deep = [deep];
    const result = validator.safeParse(deep);
    expect(result.success).toBe(false);
    expect(!result.success && result.error.message).toBe("(root): is nested too deeply to check");
    expect(validator.safeParse([[[]], []]).success).toBe(true);
  });
});
