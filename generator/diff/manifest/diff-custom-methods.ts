// Extensions and their custom methods and notifications (docs/extensions.md): membership by
// name, the owning extension, a notification's direction, and the params/result schemas under
// the rules a tool's input and output schemas follow (params are what callers send, results
// what they read).
import { changeOf } from "../change.js";
import type { ServerContract } from "../contract.js";
import {
  CUSTOM_METHOD_ADDED,
  CUSTOM_METHOD_EXTENSION_CHANGED,
  CUSTOM_METHOD_REMOVED,
  CUSTOM_NOTIFICATION_ADDED,
  CUSTOM_NOTIFICATION_DIRECTION_CHANGED,
  CUSTOM_NOTIFICATION_REMOVED,
  EXTENSION_ADDED,
  EXTENSION_REMOVED,
  EXTENSION_SETTINGS_CHANGED,
} from "../rules/custom-methods.js";
import { classifyFacts } from "../schema/classify.js";
import { compareSchemas } from "../schema/compare.js";
import { localResolver } from "../schema/resolve.js";
import type { Change, ChangeKind } from "../types.js";
import { pairByName, segment } from "./pairing.js";

function diffSchema(before: unknown, after: unknown, role: "input" | "output", subject: string, kind: ChangeKind, changes: Change[]): void {
  const facts = compareSchemas(before, after, { resolveOld: localResolver(before), resolveNew: localResolver(after) });
  changes.push(...classifyFacts(facts, role, subject, (fact) => (fact.path === "" ? kind : "property")));
}

/** JSON with sorted keys, so key order alone is never a change. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    return `{${Object.entries(value)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

function diffExtensions(before: ServerContract, after: ServerContract, changes: Change[]): void {
  const was = before.extensions ?? {};
  const now = after.extensions ?? {};
  for (const id of Object.keys(was).sort()) {
    const at = segment("extensions", id);
    if (!Object.hasOwn(now, id)) changes.push(changeOf(EXTENSION_REMOVED, "capability", at, `extension ${id} is no longer advertised`));
    else if (canonical(was[id]) !== canonical(now[id])) changes.push(changeOf(EXTENSION_SETTINGS_CHANGED, "capability", at, `extension ${id}: settings changed`));
  }
  for (const id of Object.keys(now).sort()) {
    if (!Object.hasOwn(was, id)) changes.push(changeOf(EXTENSION_ADDED, "capability", segment("extensions", id), `extension ${id} is now advertised`));
  }
}

export function diffCustomMethods(before: ServerContract, after: ServerContract, changes: Change[]): void {
  diffExtensions(before, after, changes);
  const methods = pairByName(before.methods ?? [], after.methods ?? []);
  for (const m of methods.removed) changes.push(changeOf(CUSTOM_METHOD_REMOVED, "method", segment("methods", m.name), `method ${m.name} removed`));
  for (const m of methods.added) changes.push(changeOf(CUSTOM_METHOD_ADDED, "method", segment("methods", m.name), `method ${m.name} added`));
  for (const [o, n] of methods.kept) {
    const path = segment("methods", o.name);
    if (o.extension !== n.extension) changes.push(changeOf(CUSTOM_METHOD_EXTENSION_CHANGED, "method", `${path}.extension`, `method ${o.name}: extension ${o.extension} → ${n.extension}`));
    diffSchema(o.params, n.params, "input", `${path}.params`, "method", changes);
    diffSchema(o.result, n.result, "output", `${path}.result`, "method", changes);
  }
  const notifications = pairByName(before.notifications ?? [], after.notifications ?? []);
  for (const m of notifications.removed) changes.push(changeOf(CUSTOM_NOTIFICATION_REMOVED, "notification", segment("notifications", m.name), `notification ${m.name} (${m.direction}) removed`));
  for (const m of notifications.added) changes.push(changeOf(CUSTOM_NOTIFICATION_ADDED, "notification", segment("notifications", m.name), `notification ${m.name} (${m.direction}) added`));
  for (const [o, n] of notifications.kept) {
    const path = segment("notifications", o.name);
    if (o.extension !== n.extension) changes.push(changeOf(CUSTOM_METHOD_EXTENSION_CHANGED, "notification", `${path}.extension`, `notification ${o.name}: extension ${o.extension} → ${n.extension}`));
    if (o.direction !== n.direction) {
      changes.push(changeOf(CUSTOM_NOTIFICATION_DIRECTION_CHANGED, "notification", `${path}.direction`, `notification ${o.name}: ${o.direction} → ${n.direction}`));
      continue;
    }
    // What the client sends is checked like arguments; what the server sends like output.
    diffSchema(o.params, n.params, o.direction === "clientToServer" ? "input" : "output", `${path}.params`, "notification", changes);
  }
}
