// `_meta` of tools, prompts, resources and templates (issue 15): clients may read it, but the
// spec gives it no meaning a client must rely on [S26:basic/index § _meta], so a change is info.
import { changeOf } from "../change.js";
import type { ServerContract } from "../contract.js";
import { META_CHANGED } from "../rules/manifest.js";
import type { Change, ChangeKind } from "../types.js";
import { pairByName, segment } from "./pairing.js";

/** JSON with object keys sorted, so key order alone is never a change. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

type WithMeta = { readonly name: string; readonly _meta?: Readonly<Record<string, unknown>> };

function diffFamily(before: readonly WithMeta[], after: readonly WithMeta[], collection: string, kind: ChangeKind, changes: Change[]): void {
  for (const [o, n] of pairByName(before, after).kept) {
    const was = o._meta ?? {};
    const now = n._meta ?? {};
    // A key present on one side only differs even when its value is null.
    const differs = (k: string) => Object.hasOwn(was, k) !== Object.hasOwn(now, k) || canonical(was[k]) !== canonical(now[k]);
    const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])].filter(differs).sort();
    if (keys.length === 0) continue;
    changes.push(changeOf(META_CHANGED, kind, `${segment(collection, o.name)}._meta`, `${kind} ${o.name}: _meta changed (${keys.join(", ")})`));
  }
}

export function diffMeta(before: ServerContract, after: ServerContract, changes: Change[]): void {
  diffFamily(before.tools, after.tools, "tools", "tool", changes);
  diffFamily(before.prompts, after.prompts, "prompts", "prompt", changes);
  diffFamily(before.resources, after.resources, "resources", "resource", changes);
  diffFamily(before.templates, after.templates, "templates", "template", changes);
}
