import { changeOf } from "../change.js";
import type { ContractTool } from "../contract.js";
import { OUTPUT_SCHEMA_ADDED, OUTPUT_SCHEMA_REMOVED } from "../rules/output-schema.js";
import { classifyFacts } from "../schema/classify.js";
import { compareSchemas } from "../schema/compare.js";
import { localResolver } from "../schema/resolve.js";
import type { Change } from "../types.js";
import { diffInputRequests } from "./diff-input-requests.js";
import { diffToolHints } from "./diff-tool-hints.js";
import { segment } from "./pairing.js";

/** Tool schemas are bundled (their `$defs` travel with them), so refs resolve inside each one. */
function diffSchema(before: unknown, after: unknown, role: "input" | "output", subject: string, changes: Change[]): void {
  const facts = compareSchemas(before, after, { resolveOld: localResolver(before), resolveNew: localResolver(after) });
  changes.push(...classifyFacts(facts, role, subject, (fact) => (fact.path === "" ? "tool" : "property")));
}

/** Input schema for callers, output schema for readers, safety hints, then the tool's input requests. */
export function diffTool(before: ContractTool, after: ContractTool, changes: Change[]): void {
  const path = segment("tools", before.name);
  diffSchema(before.inputSchema, after.inputSchema, "input", `${path}.input`, changes);
  if (before.outputSchema !== undefined && after.outputSchema === undefined) {
    changes.push(changeOf(OUTPUT_SCHEMA_REMOVED, "tool", `${path}.output`, `${path}: output schema removed; structuredContent is no longer typed`));
  } else if (before.outputSchema === undefined && after.outputSchema !== undefined) {
    changes.push(changeOf(OUTPUT_SCHEMA_ADDED, "tool", `${path}.output`, `${path}: output schema added`));
  } else if (before.outputSchema !== undefined && after.outputSchema !== undefined) {
    diffSchema(before.outputSchema, after.outputSchema, "output", `${path}.output`, changes);
  }
  diffToolHints(before.annotations, after.annotations, path, changes);
  diffInputRequests(before.inputRequests, after.inputRequests, path, changes);
}
