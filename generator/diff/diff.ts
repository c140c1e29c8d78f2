import { UserError } from "../errors.js";
import { sortChanges } from "./change.js";
import { type DiffSide, loadDiffSide } from "./input.js";
import { diffContracts } from "./manifest/diff-contract.js";
import { diffSpecSides } from "./spec/diff-spec.js";
import type { DiffResult } from "./types.js";

/** Diffs two loaded sides of the same type; changes come out in a deterministic order. */
export function diffSides(before: DiffSide, after: DiffSide): DiffResult {
  if (before.type === "spec" && after.type === "spec") {
    return { old: before.label, new: after.label, changes: sortChanges(diffSpecSides(before.spec, after.spec)) };
  }
  if (before.type === "manifest" && after.type === "manifest") {
    return { old: before.label, new: after.label, changes: sortChanges(diffContracts(before.contract, after.contract)) };
  }
  throw new UserError(
    "MCPGEN2004",
    `cannot diff a ${before.type === "spec" ? "spec revision" : "manifest"} (${before.label}) against a ${after.type === "spec" ? "spec revision" : "manifest"} (${after.label})`,
    "diff two revisions (or schema.json files), or two manifests",
  );
}

/** `mcp-gen diff OLD NEW` without the printing: each argument is a revision, schema.json or manifest path. */
export async function diffArguments(oldArgument: string, newArgument: string): Promise<DiffResult> {
  const [before, after] = await Promise.all([loadDiffSide(oldArgument), loadDiffSide(newArgument)]);
  return diffSides(before, after);
}
