// Issue 21, user-supplied patterns: generated validators run `pattern` on a linear-time
// engine (re2js) where the pattern allows it. Native RegExp needs 0.76 s for `^(a+)+$` on
// 28 characters (doubling per character); the linear engine answers 100,000 in < 200 ms.
import { describe, expect, it } from "vitest";
import { emittedSchemas, timed } from "./validation-vectors.js";

describe("hostile: super-linear patterns on the linear engine", () => {
  it("^(a+)+$, (x+x+)+y and ^(a|aa)+$ on 100,000 characters answer in < 200 ms each", async () => {
    const schemas = await emittedSchemas(
      "redos",
      {
        Nested: { type: "string", pattern: "^(a+)+$" },
        Overlap: { type: "string", pattern: "(x+x+)+y" },
        Alternation: { type: "string", pattern: "^(a|aa)+$" },
        Keys: { type: "object", patternProperties: { "^(a+)+$": { type: "integer" } } },
      },
      "import",
    );
    const cases: [string, unknown, boolean][] = [
      ["Nested", "a".repeat(100_000) + "!", false],
      ["Nested", "a".repeat(100_000), true],
      ["Overlap", "x".repeat(100_000), false],
      ["Alternation", "a".repeat(100_000) + "b", false],
      ["Keys", { ["a".repeat(100_000) + "!"]: "not checked: the key does not match" }, true],
      ["Keys", { ["a".repeat(100_000)]: "x" }, false],
    ];
    for (const [name, value, valid] of cases) {
      const { ms, result } = timed(() => schemas[name]!.safeParse(value));
      expect(result.success, name).toBe(valid);
      expect(ms, name).toBeLessThan(200);
    }
  });
});
