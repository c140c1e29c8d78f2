// Issue 21 #3: a `pattern` ran even when `maxLength` had already failed: `^(a+)+$` behind
// `maxLength: 10` on 31 characters blocked the event loop 55 s on this machine (the issue
// measured 6.9 s; it doubles per character). A failed length bound now stops the string's
// checks, and the answer is still a proper validation error naming the bound.
import { describe, expect, it } from "vitest";
import { emittedSchemas, timed } from "./validation-vectors.js";

const SCHEMA = { type: "string", maxLength: 10, minLength: 2, pattern: "^(a+)+$", format: "email" };

describe("hostile: string checks stop at the first failed length bound", () => {
  // Inline mode runs the pattern on native RegExp, so it shows the ordering alone.
  for (const helpers of ["inline", "import"] as const) {
    it(`maxLength 10 + ^(a+)+$ on 31 characters fails in < 200 ms with the length error (helpers: ${helpers})`, async () => {
      const { Bounded } = await emittedSchemas("pattern-length", { Bounded: SCHEMA }, helpers);
      const { ms, result } = timed(() => Bounded!.safeParse("a".repeat(30) + "!"));
      expect(ms).toBeLessThan(200);
      expect(result.success).toBe(false);
      expect(result.error!.issues.map((issue) => issue.message)).toEqual(["Expected at most 10 characters"]);
      const short = Bounded!.safeParse("a");
      expect(short.error!.issues.map((issue) => issue.message)).toEqual(["Expected at least 2 characters"]);
      // Within the bounds the pattern (and then the format) still decide.
      expect(Bounded!.safeParse("aaaa").success).toBe(false); // not an email
      expect(Bounded!.safeParse("aab").error!.issues.map((issue) => issue.message)).toContain("Must match the pattern ^(a+)+$");
    });
  }
});
