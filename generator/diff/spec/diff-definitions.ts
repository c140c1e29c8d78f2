import { definitionsOf } from "../../spec-schema/errata.js";
import { changeOf } from "../change.js";
import { DEFINITION_ADDED, DEFINITION_REMOVED } from "../rules/definitions.js";
import { classifyFacts } from "../schema/classify.js";
import { compareSchemas } from "../schema/compare.js";
import { localResolver } from "../schema/resolve.js";
import type { Change } from "../types.js";
import { CAPABILITY_DEFINITIONS } from "./diff-capabilities.js";

type Json = Record<string, unknown>;

/**
 * Definitions added and removed, and per definition the property-level facts of the schema
 * comparison (spec role: no direction softens a change). `$ref`s to the same definition are
 * opaque here, since that definition is compared on its own. Property membership of the
 * capability definitions is reported by the capability rules instead, not twice.
 */
export function diffDefinitions(oldDocument: Json, newDocument: Json): Change[] {
  const oldDefs = definitionsOf(oldDocument);
  const newDefs = definitionsOf(newDocument);
  // Pre-2025-11-25 revisions use `definitions`, later ones `$defs`: accept either spelling.
  const resolveOld = localResolver(oldDocument, { definitions: oldDefs, $defs: oldDefs });
  const resolveNew = localResolver(newDocument, { definitions: newDefs, $defs: newDefs });
  const changes: Change[] = [];
  for (const name of [...new Set([...Object.keys(oldDefs), ...Object.keys(newDefs)])].sort()) {
    if (!(name in newDefs)) {
      changes.push(changeOf(DEFINITION_REMOVED, "definition", name, `definition ${name} removed`));
      continue;
    }
    if (!(name in oldDefs)) {
      changes.push(changeOf(DEFINITION_ADDED, "definition", name, `definition ${name} added`));
      continue;
    }
    let facts = compareSchemas(oldDefs[name], newDefs[name], { resolveOld, resolveNew, opaqueSameRefs: true });
    if (CAPABILITY_DEFINITIONS.includes(name)) facts = facts.filter((f) => f.kind !== "property-added" && f.kind !== "property-removed");
    changes.push(...classifyFacts(facts, "spec", name, (fact) => (fact.path === "" ? "definition" : "property")));
  }
  return changes;
}
