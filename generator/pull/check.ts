// `mcp-gen pull --check`: has the server's contract drifted from the committed manifest?
//
// DECISION RECORD — WHAT "EQUAL" MEANS. The fresh pull is compared with the committed file as
// data (parsed YAML, key order included), ignoring comments and `pulled.from`: the same server
// reached at another address (a CI port, a staging host) has the same contract. Any other
// difference counts, including description and order changes, so `--check` passing means a
// fresh `pull --out` would rewrite nothing but the address. What the differences mean for a
// caller is `mcp-gen diff`'s job: its rules classify each change and `--fail-on` picks the
// level that fails the check.
import { parse } from "yaml";
import { sortChanges } from "../diff/change.js";
import { reachesLevel } from "../diff/format/summary.js";
import { diffContracts } from "../diff/manifest/diff-contract.js";
import { contractFromManifest } from "../diff/manifest/from-manifest.js";
import type { DiffResult, Level } from "../diff/types.js";
import { formatDiagnosticsText } from "../diagnostics/format.js";
import { UserError } from "../errors.js";
import type { Manifest } from "../manifest/ir.js";
import { loadManifest } from "../manifest/load.js";
import { readFileSync } from "node:fs";

export interface CheckOutcome {
  /** True when nothing but the address differs. */
  readonly equal: boolean;
  readonly diff: DiffResult;
  /** True when the check fails: not equal, and (with a level) a change at that level or worse. */
  readonly failed: boolean;
}

function withoutAddress(text: string): string {
  const data = parse(text) as Record<string, unknown> | null;
  if (data !== null && typeof data === "object" && data["pulled"] !== null && typeof data["pulled"] === "object") {
    const { from: _ignored, ...rest } = data["pulled"] as Record<string, unknown>;
    data["pulled"] = rest;
  }
  return JSON.stringify(data);
}

/** Compares a fresh pull (`freshYaml`, loaded as `fresh`) with the manifest committed at `committedPath`. */
export async function checkAgainstCommitted(committedPath: string, freshYaml: string, fresh: Manifest, failOn: Level | undefined): Promise<CheckOutcome> {
  const committed = await loadManifest(committedPath);
  if (!committed.manifest) {
    throw new UserError("MCPGEN4013", `${committedPath} cannot be loaded, so it cannot be compared:\n${formatDiagnosticsText(committed.diagnostics).trimEnd()}`, "pull again with --out to rewrite it");
  }
  const equal = withoutAddress(readFileSync(committedPath, "utf8")) === withoutAddress(freshYaml);
  const diff: DiffResult = { old: committedPath, new: "pulled", changes: sortChanges(diffContracts(contractFromManifest(committed.manifest), contractFromManifest(fresh))) };
  const failed = !equal && (failOn === undefined || reachesLevel(diff.changes, failOn));
  return { equal, diff, failed };
}
