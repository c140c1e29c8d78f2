import { changeOf } from "../change.js";
import type { ServerContract } from "../contract.js";
import {
  HANDLE_ADDED,
  HANDLE_REMOVED,
  HANDLE_TTL_SHORTENED,
  PROMPT_ADDED,
  PROMPT_REMOVED,
  RESOURCE_ADDED,
  RESOURCE_REMOVED,
  REVISION_ADDED,
  REVISION_DROPPED,
  TEMPLATE_ADDED,
  TEMPLATE_REMOVED,
  TOOL_ADDED,
  TOOL_REMOVED,
} from "../rules/manifest.js";
import type { Change, ChangeKind, Rule } from "../types.js";
import { diffAuth } from "./diff-auth.js";
import { diffTaskSupport } from "./diff-tasks.js";
import { diffMeta } from "./diff-meta.js";
import { diffCustomMethods } from "./diff-custom-methods.js";
import { diffPrompt } from "./diff-prompts.js";
import { diffResource, diffTemplate } from "./diff-readables.js";
import { diffTool } from "./diff-tools.js";
import { pairByName, segment } from "./pairing.js";

/** Reports members added and removed; returns the pairs present on both sides. */
function diffMembership<T extends { readonly name: string }>(
  before: readonly T[],
  after: readonly T[],
  collection: string,
  kind: ChangeKind,
  rules: { added: Rule; removed: Rule },
  changes: Change[],
): [T, T][] {
  const { removed, added, kept } = pairByName(before, after);
  for (const item of removed) changes.push(changeOf(rules.removed, kind, segment(collection, item.name), `${kind} ${item.name} removed`));
  for (const item of added) changes.push(changeOf(rules.added, kind, segment(collection, item.name), `${kind} ${item.name} added`));
  return kept;
}

function diffRevisions(before: readonly string[], after: readonly string[], changes: Change[]): void {
  for (const rev of before.filter((r) => !after.includes(r))) changes.push(changeOf(REVISION_DROPPED, "revision", `protocol.${rev}`, `revision ${rev} is no longer served`));
  for (const rev of after.filter((r) => !before.includes(r))) changes.push(changeOf(REVISION_ADDED, "revision", `protocol.${rev}`, `revision ${rev} is now served`));
}

/** Everything existing users of the old server could notice in the new one, unsorted. */
export function diffContracts(before: ServerContract, after: ServerContract): Change[] {
  const changes: Change[] = [];
  diffRevisions(before.revisions, after.revisions, changes);
  for (const [o, n] of diffMembership(before.tools, after.tools, "tools", "tool", { added: TOOL_ADDED, removed: TOOL_REMOVED }, changes)) diffTool(o, n, changes);
  for (const [o, n] of diffMembership(before.prompts, after.prompts, "prompts", "prompt", { added: PROMPT_ADDED, removed: PROMPT_REMOVED }, changes)) diffPrompt(o, n, changes);
  for (const [o, n] of diffMembership(before.resources, after.resources, "resources", "resource", { added: RESOURCE_ADDED, removed: RESOURCE_REMOVED }, changes)) diffResource(o, n, changes);
  for (const [o, n] of diffMembership(before.templates, after.templates, "templates", "template", { added: TEMPLATE_ADDED, removed: TEMPLATE_REMOVED }, changes)) diffTemplate(o, n, changes);
  for (const [o, n] of diffMembership(before.handles, after.handles, "handles", "handle", { added: HANDLE_ADDED, removed: HANDLE_REMOVED }, changes)) {
    if (n.ttlMs < o.ttlMs) changes.push(changeOf(HANDLE_TTL_SHORTENED, "handle", segment("handles", o.name), `handle ${o.name}: lifetime ${o.ttlMs} ms → ${n.ttlMs} ms`));
  }
  diffAuth(before, after, changes);
  diffTaskSupport(before, after, changes);
  diffMeta(before, after, changes);
  diffCustomMethods(before, after, changes);
  return changes;
}
