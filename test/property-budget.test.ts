// What test/support/property-budget.ts promises every property of the suite: a failure whose
// shrinking would outlast the budget is still REPORTED (with a counterexample) when the budget
// ends, and a run cut short before its numRuns is a failure, never a pass over fewer runs.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { within } from "./support/property-budget.js";

/** Burns `ms` of CPU: a property as slow as a real one on a loaded machine. */
function busy(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

describe("property budgets (within)", () => {
  it("a failure with a long shrink is reported with its counterexample once the budget ends", () => {
    let calls = 0;
    let error: unknown;
    try {
      fc.assert(
        fc.property(fc.array(fc.integer(), { minLength: 200, maxLength: 260 }), (values) => {
          calls++;
          busy(20);
          return values.length < 200; // always false: a full shrink takes 200+ more slow failing runs
        }),
        { numRuns: 100, seed: 1, ...within(400) },
      );
    } catch (caught) {
      error = caught;
    }
    expect(String((error as Error | undefined)?.message)).toMatch(/Property failed after 1 tests[\s\S]*Counterexample: \[\[/);
    // 20 ms a call: the 400 ms budget allows about 20 calls, far fewer than the full shrink needs.
    expect(calls).toBeLessThan(100);
  });

  it("a run interrupted before numRuns fails ('interrupted'), it does not pass", () => {
    expect(() =>
      fc.assert(
        fc.property(fc.nat(), () => {
          busy(5);
          return true;
        }),
        { numRuns: 10_000, ...within(200) },
      ),
    ).toThrow(/Property interrupted after \d+ tests/);
  });

  it("a run that fits its budget passes with every run made", () => {
    let runs = 0;
    fc.assert(
      fc.property(fc.nat(), () => {
        runs++;
        return true;
      }),
      { numRuns: 500, ...within() },
    );
    expect(runs).toBe(500);
  });
});
