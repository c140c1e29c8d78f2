// DECISION RECORD — NO SILENT SKIPS. Every test that may be skipped is listed here, with the one
// cause that justifies it; tests skip only through `skipWhenListed`, which names the entry and its
// reason in the report. test/listed-skips.test.ts refuses any other skip in test/ and checks each
// entry is still honest: the skip may apply only while its cause holds (so a moved or renamed
// folder cannot hide behind it), and every entry is used by a test.
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import type { TestContext } from "vitest";
import { SHARED_SPEC_DIR } from "../../generator/paths.js";

export interface ListedSkip {
  /** Why the test cannot run here; shown in the report. */
  readonly reason: string;
  /** True when the test must be skipped in this checkout. */
  needed(): boolean;
  /** True when the cause named by `reason` holds; the skip is stale if it applies without it. */
  causeHolds(): boolean;
}

/** The shared spec checkout beside the repository (`../shared/spec`), recognised by its schemas. */
function sharedCheckoutPresent(): boolean {
  return existsSync(join(SHARED_SPEC_DIR, "2026-07-28", "schema.json"));
}

export const SPEC_EXAMPLES_DIR = resolve(SHARED_SPEC_DIR, "..", "examples", "2026-07-28");

export const LISTED_SKIPS = {
  specExamples: {
    reason: "the 2026-07-28 spec examples exist only in the shared spec checkout (../shared/spec/examples), which is absent",
    needed: () => !existsSync(SPEC_EXAMPLES_DIR),
    causeHolds: () => !sharedCheckoutPresent(),
  },
  specSchemaTs: {
    reason: "schema.ts of each revision exists only in the shared spec checkout (../shared/spec/schema), which is absent",
    needed: () => !existsSync(join(SHARED_SPEC_DIR, "2026-07-28", "schema.ts")),
    causeHolds: () => !sharedCheckoutPresent(),
  },
} as const satisfies Record<string, ListedSkip>;

export type SkipName = keyof typeof LISTED_SKIPS;

/** Skips the running test, with its listed reason, when that entry applies here. */
export function skipWhenListed(context: Pick<TestContext, "skip">, name: SkipName): void {
  const entry = LISTED_SKIPS[name];
  if (entry.needed()) context.skip(`listed skip ${name}: ${entry.reason}`);
}
