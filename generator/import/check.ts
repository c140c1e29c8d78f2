// `mcp-gen import openapi --check`: has the API document drifted from the committed manifest?
// Like `pull --check` (generator/pull/check.ts): "equal" means a fresh import would write the
// same data; what a difference means for callers is the diff rules' verdict (generator/diff):
// an added operation is info, a removed one or a new required parameter breaking.
import { readFileSync } from "node:fs";
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

export interface ImportCheckOutcome {
  readonly equal: boolean;
  readonly diff: DiffResult;
  readonly failed: boolean;
}

/** The committed manifest, loaded; it must have been written by `import openapi`. */
export async function loadCommitted(path: string): Promise<Manifest> {
  const committed = await loadManifest(path);
  if (!committed.manifest) {
    throw new UserError("MCPGEN3009", `${path} cannot be loaded, so it cannot be compared:\n${formatDiagnosticsText(committed.diagnostics).trimEnd()}`, "import again with --out to rewrite it");
  }
  if (!committed.manifest.openapi) throw new UserError("MCPGEN3009", `${path} has no \`openapi\` section: it was not written by \`mcp-gen import openapi\``, "import again with --out");
  return committed.manifest;
}

export function checkImported(committedPath: string, committed: Manifest, freshYaml: string, fresh: Manifest, failOn: Level | undefined): ImportCheckOutcome {
  const equal = JSON.stringify(parse(readFileSync(committedPath, "utf8"))) === JSON.stringify(parse(freshYaml));
  const diff: DiffResult = { old: committedPath, new: "imported", changes: sortChanges(diffContracts(contractFromManifest(committed), contractFromManifest(fresh))) };
  const failed = !equal && (failOn === undefined || reachesLevel(diff.changes, failOn));
  return { equal, diff, failed };
}
