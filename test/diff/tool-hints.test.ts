import { describe, expect, it } from "vitest";
import type { ContractToolHints } from "../../generator/diff/contract.js";
import { diffToolHints } from "../../generator/diff/manifest/diff-tool-hints.js";
import type { Change } from "../../generator/diff/types.js";

function weakened(before: ContractToolHints | undefined, after: ContractToolHints | undefined): string[] {
  const changes: Change[] = [];
  diffToolHints(before, after, "tools.t", changes);
  return changes.map((c) => c.path);
}

describe("tool safety hints are compared with the spec's defaults", () => {
  it("absent hints mean: not read-only, destructive, not idempotent, open world", () => {
    expect(weakened(undefined, {})).toEqual([]);
    expect(weakened({ destructiveHint: true, openWorldHint: true }, undefined)).toEqual([]);
    expect(weakened({ destructiveHint: false }, undefined)).toEqual(["tools.t.annotations.destructiveHint"]);
    expect(weakened({ openWorldHint: false }, {})).toEqual(["tools.t.annotations.openWorldHint"]);
  });

  it("read-only implies not destructive and idempotent; losing it reports each hint that got weaker", () => {
    expect(weakened({ readOnlyHint: true }, {})).toEqual([
      "tools.t.annotations.readOnlyHint",
      "tools.t.annotations.destructiveHint",
      "tools.t.annotations.idempotentHint",
    ]);
    expect(weakened({ readOnlyHint: true }, { readOnlyHint: false, destructiveHint: false, idempotentHint: true })).toEqual(["tools.t.annotations.readOnlyHint"]);
  });

  it("stronger hints are not reported", () => {
    expect(weakened({}, { readOnlyHint: true, openWorldHint: false })).toEqual([]);
  });
});
