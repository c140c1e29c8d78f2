import { definitionsOf } from "../../spec-schema/errata.js";
import type { NotificationEntry, RequestEntry } from "../../spec-schema/methods/types.js";
import { canonicalSchema } from "../schema/canonical.js";

type Json = Record<string, unknown>;

/** Method lists by direction: the shape of `MethodTable` without revision metadata. */
export interface MethodLists {
  readonly clientRequests: readonly RequestEntry[];
  readonly clientNotifications: readonly NotificationEntry[];
  readonly serverRequests: readonly RequestEntry[];
  readonly serverNotifications: readonly NotificationEntry[];
  readonly inputRequests: readonly RequestEntry[];
}

/**
 * DECISION RECORD — METHODS OF A SCHEMA FILE THAT IS NOT A PINNED REVISION. Pinned
 * revisions use the hand-curated tables in generator/spec-schema/methods (a `method` const alone
 * does not make a wire request). A schema.json given by path has no curated table, so we
 * read the schema's own direction unions — `ClientRequest`, `ClientNotification`,
 * `ServerRequest`, `ServerNotification`, `InputRequest` — which is exactly what the curated
 * tables are checked against (test/spec-methods.test.ts). schema.json inlines a one-member
 * union (2026-07-28 `ClientNotification` is a copy of `CancelledNotification`), so an inline
 * object is matched to the definition with the same canonical shape. Results are found by
 * the spec's naming convention (`XRequest` → `XResult`), falling back to `EmptyResult`.
 */
export function deriveMethodLists(document: Json): MethodLists {
  const defs = definitionsOf(document);
  return {
    clientRequests: requestsOf(defs, "ClientRequest"),
    clientNotifications: notificationsOf(defs, "ClientNotification"),
    serverRequests: requestsOf(defs, "ServerRequest"),
    serverNotifications: notificationsOf(defs, "ServerNotification"),
    inputRequests: requestsOf(defs, "InputRequest"),
  };
}

function refName(ref: unknown): string | undefined {
  return typeof ref === "string" ? ref.split("/").pop() : undefined;
}

/** Definition names a union definition stands for (see the decision record above). */
export function unionMembers(defs: Json, union: string): string[] {
  const node = defs[union] as Json | undefined;
  if (!node || typeof node !== "object") return [];
  const arms = (node.anyOf ?? node.oneOf) as unknown[] | undefined;
  if (Array.isArray(arms)) return arms.map((arm) => refName((arm as Json).$ref)).filter((n): n is string => n !== undefined);
  const single = refName(node.$ref);
  if (single) return [single];
  const shape = canonicalSchema(node);
  const twin = Object.keys(defs).find((name) => name !== union && canonicalSchema(defs[name]) === shape);
  return twin ? [twin] : [];
}

function methodOf(defs: Json, name: string): string | undefined {
  const method = ((defs[name] as Json | undefined)?.properties as Json | undefined)?.method as Json | undefined;
  return typeof method?.const === "string" ? method.const : undefined;
}

function resultOf(defs: Json, request: string): string {
  const byName = request.replace(/Request$/, "Result");
  return byName !== request && byName in defs ? byName : "EmptyResult";
}

function inputRequiredOf(defs: Json, result: string): boolean {
  const response = defs[`${result}Response`] as Json | undefined;
  const arms = ((response?.properties as Json | undefined)?.result as Json | undefined)?.anyOf;
  return Array.isArray(arms) && arms.some((arm) => refName((arm as Json).$ref) === "InputRequiredResult");
}

function requestsOf(defs: Json, union: string): RequestEntry[] {
  const entries: RequestEntry[] = [];
  for (const request of unionMembers(defs, union)) {
    const method = methodOf(defs, request);
    if (!method) continue;
    const result = resultOf(defs, request);
    entries.push(inputRequiredOf(defs, result) ? { method, request, result, inputRequired: true } : { method, request, result });
  }
  return entries;
}

function notificationsOf(defs: Json, union: string): NotificationEntry[] {
  const entries: NotificationEntry[] = [];
  for (const notification of unionMembers(defs, union)) {
    const method = methodOf(defs, notification);
    if (method) entries.push({ method, notification });
  }
  return entries;
}
