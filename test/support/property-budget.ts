// Time budgets for fast-check properties. A property that fails late on a slow, shared machine
// can shrink for minutes (CI once shrank for 266 s) and vitest then reports a bare timeout with
// no counterexample. `within(ms)` caps the whole run, shrinking included: a failure found in time
// is still reported with the best counterexample shrunk so far, and a run cut short before all
// its numRuns (markInterruptAsFailure) is a failure too, "Property interrupted after N tests",
// never a silent pass over fewer runs. Budgets sit well below the test's vitest timeout and far
// above what the runs need on an idle machine (a 40x soak measured every property).

/** The vitest timeout of a test holding one budgeted property (tests/x.test.ts: `it(name, fn, PROPERTY_TEST_TIMEOUT_MS)`). */
export const PROPERTY_TEST_TIMEOUT_MS = 120_000;

/** The default budget of one property: leaves a test's timeout room for its own setup and one slow run. */
export const PROPERTY_BUDGET_MS = 60_000;

export interface PropertyBudget {
  readonly interruptAfterTimeLimit: number;
  readonly markInterruptAsFailure: true;
}

/** fast-check parameters that end the run, shrinking included, after `ms` and count that as a failure. */
export function within(ms: number = PROPERTY_BUDGET_MS): PropertyBudget {
  return { interruptAfterTimeLimit: ms, markInterruptAsFailure: true };
}
