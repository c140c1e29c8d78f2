import { changeOf } from "../change.js";
import type { ContractInputRequest, ContractPrompt, ContractResource, ContractTemplate, ContractTool, ServerContract } from "../contract.js";
import {
  INPUT_REQUEST_ADDED,
  INPUT_REQUEST_CAPABILITY_CHANGED,
  INPUT_REQUEST_KIND_CHANGED,
  INPUT_REQUEST_REMOVED,
  INPUT_REQUEST_SCHEMA_NARROWED,
  INPUT_REQUEST_SCHEMA_UNDECIDABLE,
  INPUT_REQUEST_SCHEMA_WIDENED,
} from "../rules/input-requests.js";
import {
  HANDLE_ADDED,
  HANDLE_REMOVED,
  HANDLE_TTL_SHORTENED,
  PROMPT_ADDED,
  PROMPT_ARGUMENT_BECAME_OPTIONAL,
  PROMPT_ARGUMENT_BECAME_REQUIRED,
  PROMPT_ARGUMENT_REMOVED,
  PROMPT_OPTIONAL_ARGUMENT_ADDED,
  PROMPT_REMOVED,
  PROMPT_REQUIRED_ARGUMENT_ADDED,
  RESOURCE_ADDED,
  RESOURCE_MIME_TYPE_CHANGED,
  RESOURCE_REMOVED,
  RESOURCE_SUBSCRIPTION_REMOVED,
  RESOURCE_URI_CHANGED,
  REVISION_ADDED,
  REVISION_DROPPED,
  TEMPLATE_ADDED,
  TEMPLATE_REMOVED,
  TEMPLATE_URI_CHANGED,
  TOOL_ADDED,
  TOOL_REMOVED,
} from "../rules/manifest.js";
import { OUTPUT_SCHEMA_ADDED, OUTPUT_SCHEMA_REMOVED } from "../rules/output-schema.js";
import { classifyFacts } from "../schema/classify.js";
import { compareSchemas } from "../schema/compare.js";
import { localResolver } from "../schema/resolve.js";
import type { Change, ChangeKind, Rule } from "../types.js";

/** One path segment: bare when it is a plain name, else a JSON string in brackets (`tools["a.b"]`). */
export function segment(parent: string, name: string): string {
  return /^[A-Za-z0-9_-]+$/.test(name) ? `${parent}.${name}` : `${parent}[${JSON.stringify(name)}]`;
}

function byName<T extends { readonly name: string }>(items: readonly T[]): Map<string, T> {
  return new Map(items.map((item) => [item.name, item]));
}

interface Pairing<T> {
  readonly removed: T[];
  readonly added: T[];
  readonly kept: [T, T][];
}

function pair<T extends { readonly name: string }>(before: readonly T[], after: readonly T[]): Pairing<T> {
  const oldMap = byName(before);
  const newMap = byName(after);
  const names = [...new Set([...oldMap.keys(), ...newMap.keys()])].sort();
  const result: Pairing<T> = { removed: [], added: [], kept: [] };
  for (const name of names) {
    const o = oldMap.get(name);
    const n = newMap.get(name);
    if (o && n) result.kept.push([o, n]);
    else if (o) result.removed.push(o);
    else if (n) result.added.push(n);
  }
  return result;
}

function diffMembership<T extends { readonly name: string }>(
  before: readonly T[],
  after: readonly T[],
  collection: string,
  kind: ChangeKind,
  rules: { added: Rule; removed: Rule },
  changes: Change[],
): [T, T][] {
  const { removed, added, kept } = pair(before, after);
  for (const item of removed) changes.push(changeOf(rules.removed, kind, segment(collection, item.name), `${kind} ${item.name} removed`));
  for (const item of added) changes.push(changeOf(rules.added, kind, segment(collection, item.name), `${kind} ${item.name} added`));
  return kept;
}

/**
 * Input requests are keyed by their key. A new one breaks clients that lack the capability
 * it needs (modern: -32021 MissingRequiredClientCapability; legacy: the server-to-client
 * request fails), so it is breaking even though the call's arguments did not change.
 */
function diffInputRequests(before: readonly ContractInputRequest[], after: readonly ContractInputRequest[], owner: string, changes: Change[]): void {
  const oldMap = new Map(before.map((r) => [r.key, r]));
  const newMap = new Map(after.map((r) => [r.key, r]));
  for (const key of [...new Set([...oldMap.keys(), ...newMap.keys()])].sort()) {
    const o = oldMap.get(key);
    const n = newMap.get(key);
    const path = segment(`${owner}.inputs`, key);
    if (o && !n) changes.push(changeOf(INPUT_REQUEST_REMOVED, "input-request", path, `${owner}: input request ${key} (${o.kind}) removed`));
    else if (!o && n) changes.push(changeOf(INPUT_REQUEST_ADDED, "input-request", path, `${owner}: new input request ${key} (${n.kind}); clients without that capability now fail`));
    else if (o && n && o.kind !== n.kind) changes.push(changeOf(INPUT_REQUEST_KIND_CHANGED, "input-request", path, `${owner}: input request ${key} changed kind: ${o.kind} → ${n.kind}`));
    else if (o && n) {
      if (o.requires !== undefined && n.requires !== undefined && o.requires !== n.requires) {
        changes.push(changeOf(INPUT_REQUEST_CAPABILITY_CHANGED, "input-request", path, `${owner}: input request ${key} now needs client capability ${n.requires} (was ${o.requires})`));
      }
      if (o.schema !== undefined && n.schema !== undefined) diffAnswerSchema(o.schema, n.schema, `${path}.schema`, changes);
    }
  }
}

/** Answer schemas use the input-role classification, folded into three input-request rules by level. */
function diffAnswerSchema(before: unknown, after: unknown, subject: string, changes: Change[]): void {
  const facts = compareSchemas(before, after, { resolveOld: localResolver(before), resolveNew: localResolver(after) });
  const byLevel = { breaking: INPUT_REQUEST_SCHEMA_NARROWED, warning: INPUT_REQUEST_SCHEMA_UNDECIDABLE, info: INPUT_REQUEST_SCHEMA_WIDENED } as const;
  for (const change of classifyFacts(facts, "input", subject, () => "input-request")) {
    changes.push(changeOf(byLevel[change.level], change.kind, change.path, change.message));
  }
}

function diffSchemaOf(before: unknown, after: unknown, role: "input" | "output", subject: string, changes: Change[]): void {
  const facts = compareSchemas(before, after, { resolveOld: localResolver(before), resolveNew: localResolver(after) });
  changes.push(...classifyFacts(facts, role, subject, (fact) => (fact.path === "" ? "tool" : "property")));
}

function diffTool(before: ContractTool, after: ContractTool, changes: Change[]): void {
  const path = segment("tools", before.name);
  diffSchemaOf(before.inputSchema, after.inputSchema, "input", `${path}.input`, changes);
  if (before.outputSchema !== undefined && after.outputSchema === undefined) {
    changes.push(changeOf(OUTPUT_SCHEMA_REMOVED, "tool", `${path}.output`, `${path}: output schema removed; structuredContent is no longer typed`));
  } else if (before.outputSchema === undefined && after.outputSchema !== undefined) {
    changes.push(changeOf(OUTPUT_SCHEMA_ADDED, "tool", `${path}.output`, `${path}: output schema added`));
  } else if (before.outputSchema !== undefined && after.outputSchema !== undefined) {
    diffSchemaOf(before.outputSchema, after.outputSchema, "output", `${path}.output`, changes);
  }
  diffInputRequests(before.inputRequests, after.inputRequests, path, changes);
}

function diffPrompt(before: ContractPrompt, after: ContractPrompt, changes: Change[]): void {
  const path = segment("prompts", before.name);
  const { removed, added, kept } = pair(before.arguments, after.arguments);
  for (const a of removed) changes.push(changeOf(PROMPT_ARGUMENT_REMOVED, "prompt", segment(`${path}.arguments`, a.name), `${path}: argument ${a.name} removed`));
  for (const a of added) {
    const rule = a.required ? PROMPT_REQUIRED_ARGUMENT_ADDED : PROMPT_OPTIONAL_ARGUMENT_ADDED;
    changes.push(changeOf(rule, "prompt", segment(`${path}.arguments`, a.name), `${path}: ${a.required ? "required" : "optional"} argument ${a.name} added`));
  }
  for (const [o, n] of kept) {
    const at = segment(`${path}.arguments`, o.name);
    if (!o.required && n.required) changes.push(changeOf(PROMPT_ARGUMENT_BECAME_REQUIRED, "prompt", at, `${path}: argument ${o.name} became required`));
    if (o.required && !n.required) changes.push(changeOf(PROMPT_ARGUMENT_BECAME_OPTIONAL, "prompt", at, `${path}: argument ${o.name} became optional`));
  }
  diffInputRequests(before.inputRequests, after.inputRequests, path, changes);
}

function diffReadable(before: ContractResource | ContractTemplate, after: ContractResource | ContractTemplate, kind: "resource" | "template", path: string, changes: Change[]): void {
  if ((before.mimeType ?? "") !== (after.mimeType ?? "")) {
    changes.push(changeOf(RESOURCE_MIME_TYPE_CHANGED, kind, path, `${path}: MIME type ${before.mimeType ?? "unset"} → ${after.mimeType ?? "unset"}`));
  }
  if (before.subscribe && !after.subscribe) changes.push(changeOf(RESOURCE_SUBSCRIPTION_REMOVED, kind, path, `${path}: subscriptions no longer supported`));
  diffInputRequests(before.inputRequests, after.inputRequests, path, changes);
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
  for (const [o, n] of diffMembership(before.resources, after.resources, "resources", "resource", { added: RESOURCE_ADDED, removed: RESOURCE_REMOVED }, changes)) {
    const path = segment("resources", o.name);
    if (o.uri !== n.uri) changes.push(changeOf(RESOURCE_URI_CHANGED, "resource", path, `${path}: URI ${o.uri} → ${n.uri}`));
    diffReadable(o, n, "resource", path, changes);
  }
  for (const [o, n] of diffMembership(before.templates, after.templates, "templates", "template", { added: TEMPLATE_ADDED, removed: TEMPLATE_REMOVED }, changes)) {
    const path = segment("templates", o.name);
    if (o.uriTemplate !== n.uriTemplate) changes.push(changeOf(TEMPLATE_URI_CHANGED, "template", path, `${path}: URI template ${o.uriTemplate} → ${n.uriTemplate}`));
    diffReadable(o, n, "template", path, changes);
  }
  for (const [o, n] of diffMembership(before.handles, after.handles, "handles", "handle", { added: HANDLE_ADDED, removed: HANDLE_REMOVED }, changes)) {
    if (n.ttlMs < o.ttlMs) changes.push(changeOf(HANDLE_TTL_SHORTENED, "handle", segment("handles", o.name), `handle ${o.name}: lifetime ${o.ttlMs} ms → ${n.ttlMs} ms`));
  }
  return changes;
}
