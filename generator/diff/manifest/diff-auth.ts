// Authorization in the contract (issue 11): requiring a token at all, and each scope a call
// needs (the manifest's `auth.required` plus the target's own `scopes`), as an existing caller
// holding an old token would notice: a new requirement is a 401 or 403 where it had an answer.
import { changeOf } from "../change.js";
import type { ServerContract } from "../contract.js";
import { AUTH_DROPPED, AUTH_REQUIRED, SCOPE_ADDED, SCOPE_REMOVED } from "../rules/manifest.js";
import type { Change, ChangeKind } from "../types.js";
import { pairByName, segment } from "./pairing.js";

type Scoped = { readonly name: string; readonly scopes?: readonly string[] };

function diffScopes(collection: string, kind: ChangeKind, before: readonly Scoped[], after: readonly Scoped[], was: readonly string[], now: readonly string[], changes: Change[]): void {
  for (const [o, n] of pairByName(before, after).kept) {
    const old = new Set([...was, ...(o.scopes ?? [])]);
    const next = new Set([...now, ...(n.scopes ?? [])]);
    const path = segment(collection, o.name);
    for (const scope of [...next].filter((s) => !old.has(s)).sort()) changes.push(changeOf(SCOPE_ADDED, kind, segment(`${path}.scopes`, scope), `${path} now needs scope ${scope}`));
    for (const scope of [...old].filter((s) => !next.has(s)).sort()) changes.push(changeOf(SCOPE_REMOVED, kind, segment(`${path}.scopes`, scope), `${path} no longer needs scope ${scope}`));
  }
}

export function diffAuth(before: ServerContract, after: ServerContract, changes: Change[]): void {
  if (!before.auth && after.auth) changes.push(changeOf(AUTH_REQUIRED, "auth", "auth", "the server now requires an OAuth access token"));
  if (before.auth && !after.auth) changes.push(changeOf(AUTH_DROPPED, "auth", "auth", "the server no longer requires an OAuth access token"));
  // A server that just started requiring tokens breaks every caller already; scopes matter between protected versions.
  if (!before.auth || !after.auth) return;
  const was = before.auth.required;
  const now = after.auth.required;
  diffScopes("tools", "tool", before.tools, after.tools, was, now, changes);
  diffScopes("prompts", "prompt", before.prompts, after.prompts, was, now, changes);
  diffScopes("resources", "resource", before.resources, after.resources, was, now, changes);
  diffScopes("templates", "template", before.templates, after.templates, was, now, changes);
}
