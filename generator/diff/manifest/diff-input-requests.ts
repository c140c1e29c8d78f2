import { changeOf } from "../change.js";
import type { ContractInputRequest } from "../contract.js";
import {
  INPUT_REQUEST_ADDED,
  INPUT_REQUEST_CAPABILITY_CHANGED,
  INPUT_REQUEST_KIND_CHANGED,
  INPUT_REQUEST_REMOVED,
  INPUT_REQUEST_SCHEMA_NARROWED,
  INPUT_REQUEST_SCHEMA_UNDECIDABLE,
  INPUT_REQUEST_SCHEMA_WIDENED,
} from "../rules/input-requests.js";
import { classifyFacts } from "../schema/classify.js";
import { compareSchemas } from "../schema/compare.js";
import { localResolver } from "../schema/resolve.js";
import type { Change } from "../types.js";
import { segment } from "./pairing.js";

/**
 * Input requests of one tool, prompt, resource or template, keyed by their key. A new one
 * breaks clients that lack the capability it needs (modern: -32021
 * MissingRequiredClientCapability; legacy: the server-to-client request fails), so it is
 * breaking even though the call's arguments did not change.
 */
export function diffInputRequests(before: readonly ContractInputRequest[], after: readonly ContractInputRequest[], owner: string, changes: Change[]): void {
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

/**
 * The answer to a form elicitation is written by the client's user and read by the server:
 * it is judged in the input role, and the input rule's level picks one of three
 * input-request rules (so a rule id says where the change is).
 */
function diffAnswerSchema(before: unknown, after: unknown, subject: string, changes: Change[]): void {
  const facts = compareSchemas(before, after, { resolveOld: localResolver(before), resolveNew: localResolver(after) });
  const byLevel = { breaking: INPUT_REQUEST_SCHEMA_NARROWED, warning: INPUT_REQUEST_SCHEMA_UNDECIDABLE, info: INPUT_REQUEST_SCHEMA_WIDENED } as const;
  for (const change of classifyFacts(facts, "input", subject, () => "input-request")) {
    changes.push(changeOf(byLevel[change.level], change.kind, change.path, change.message));
  }
}
