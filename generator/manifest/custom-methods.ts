// Custom request methods and notifications of extensions (manifest `methods:` and
// `notifications:`, issue 15 #1; docs/extensions.md § Custom methods): the validate-time checks
// (MCPGEN2120-2125) and the IR part. The spec's own names are taken from the hand-curated method
// tables of every pinned revision plus the runtime's method rows (which hold the tasks
// extension's methods), so a custom method can never shadow the protocol in any era.
import { methodRows } from "@mcp-gen/runtime/core";
import { methodTable, methodTableRevisions } from "../spec-schema/methods/index.js";
import { toIdentifier } from "./identifiers.js";
import { entriesOf, isMap, type RawMap } from "./raw.js";
import type { Reporter } from "./reporter.js";

type Schema = { readonly [key: string]: unknown };

/** A custom client→server request. */
export interface CustomMethod {
  readonly name: string;
  readonly identifier: string;
  readonly extension: string;
  readonly description?: string;
  /** Bundled JSON Schema of params (root `type: object`). */
  readonly params: Schema;
  /** Bundled JSON Schema of the result (root `type: object`). */
  readonly result: Schema;
}

export interface CustomNotification {
  readonly name: string;
  readonly identifier: string;
  readonly extension: string;
  readonly direction: "clientToServer" | "serverToClient";
  readonly description?: string;
  readonly params: Schema;
}

/** What params or a result may be when the manifest says nothing: any object. */
export const ANY_OBJECT: Schema = Object.freeze({ type: "object" });

function specNames(): { requests: Set<string>; notifications: Set<string> } {
  const requests = new Set<string>();
  const notifications = new Set<string>();
  for (const revision of methodTableRevisions()) {
    const table = methodTable(revision);
    for (const entry of [...table.clientRequests, ...table.serverRequests, ...table.inputRequests]) requests.add(entry.method);
    for (const entry of [...table.clientNotifications, ...table.serverNotifications]) notifications.add(entry.method);
  }
  for (const era of ["modern", "legacy"] as const) for (const row of methodRows(era)) requests.add(row.method);
  return { requests, notifications };
}

let cached: ReturnType<typeof specNames> | undefined;

/** Whether a name belongs to the spec: a request of any revision, or a notification (its namespace). */
export function specNameKind(name: string): "request" | "notification" | undefined {
  cached ??= specNames();
  if (cached.requests.has(name)) return "request";
  if (cached.notifications.has(name) || name.startsWith("notifications/")) return "notification";
  return undefined;
}

/** The schemas `load.ts` prepares (bundles `$ref`s, checks against the meta-schema), with their paths. */
export function customMethodSchemas(root: unknown): { path: (string | number)[]; schema: RawMap }[] {
  const found: { path: (string | number)[]; schema: RawMap }[] = [];
  const fields = { methods: ["params", "result"], notifications: ["params"] } as const;
  for (const section of ["methods", "notifications"] as const) {
    for (const [name, entry] of entriesOf(isMap(root) ? root[section] : undefined)) {
      if (!isMap(entry)) continue;
      for (const field of fields[section]) {
        const schema = entry[field];
        if (isMap(schema)) found.push({ path: [section, name, field], schema });
      }
    }
  }
  return found;
}

/** MCPGEN2120-2125; the schema already checked each entry's shape. */
export function checkCustomMethods(root: unknown, reporter: Reporter): void {
  if (!isMap(root)) return;
  const listed = new Set(entriesOf(root["extensions"]).map(([id]) => id));
  const methods = entriesOf(root["methods"]);
  const notifications = entriesOf(root["notifications"]);
  const methodNames = new Set(methods.map(([name]) => name));
  const identifiers = new Map<string, string>();
  const checkEntry = (section: "methods" | "notifications", name: string, entry: unknown): void => {
    if (!isMap(entry)) return;
    const kind = specNameKind(name);
    if (section === "methods" && kind !== undefined) {
      reporter.report("MCPGEN2120", [section, name], `\`${name}\` is a ${kind} of the MCP specification`, "name the method in your extension's own namespace, e.g. `notes/search`", { target: "key" });
    }
    if (section === "notifications" && kind !== undefined) {
      const why = kind === "request" ? "a request of the MCP specification" : name.startsWith("notifications/") ? "in the spec's `notifications/` namespace" : "a notification of the MCP specification";
      reporter.report("MCPGEN2121", [section, name], `\`${name}\` is ${why}`, "name the notification in your extension's own namespace, e.g. `notes/changed`", { target: "key" });
    }
    if (section === "notifications" && methodNames.has(name)) {
      reporter.report("MCPGEN2124", [section, name], `\`${name}\` is declared under \`methods\` too`, "give the request and the notification different names", { target: "key" });
    }
    const extension = entry["extension"];
    if (typeof extension === "string" && !listed.has(extension)) {
      reporter.report("MCPGEN2122", [section, name, "extension"], `extension \`${extension}\` is not listed under \`extensions\``, `add \`${extension}: {}\` under \`extensions\`, or fix the identifier`);
    }
    for (const field of section === "methods" ? ["params", "result"] : ["params"]) {
      const schema = entry[field];
      if (isMap(schema) && schema["type"] !== "object") {
        const at = "type" in schema ? [section, name, field, "type"] : [section, name, field];
        reporter.report("MCPGEN2123", at, `\`${field}\` of \`${name}\` must have \`type: object\` at its root`, "JSON-RPC params and results are objects: set `type: object` and list fields under `properties`");
      }
    }
    // Both sections share one namespace of generated names (server slots, client members).
    const identifier = toIdentifier(name);
    const prior = identifiers.get(identifier);
    if (prior !== undefined && prior !== name) {
      reporter.report("MCPGEN2125", [section, name], `\`${name}\` and \`${prior}\` both become the identifier \`${identifier}\``, "rename one so that their camelCase forms differ", { target: "key" });
    } else identifiers.set(identifier, name);
  };
  for (const [name, entry] of methods) checkEntry("methods", name, entry);
  for (const [name, entry] of notifications) checkEntry("notifications", name, entry);
}

/** The IR part: methods and notifications sorted by name, schemas bundled (absent when none). */
export function customMethodsOf(
  raw: RawMap,
  bundled: (path: (string | number)[]) => Schema | undefined,
): { methods?: readonly CustomMethod[]; notifications?: readonly CustomNotification[] } {
  const byName = <T extends { name: string }>(a: T, b: T): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  const described = (entry: RawMap): { description?: string } => (typeof entry["description"] === "string" ? { description: entry["description"] } : {});
  const methods: CustomMethod[] = entriesOf(raw["methods"])
    .filter((e): e is [string, RawMap] => isMap(e[1]))
    .map(([name, entry]) => ({
      name,
      identifier: toIdentifier(name),
      extension: String(entry["extension"]),
      ...described(entry),
      params: bundled(["methods", name, "params"]) ?? ANY_OBJECT,
      result: bundled(["methods", name, "result"]) ?? ANY_OBJECT,
    }))
    .sort(byName);
  const notifications: CustomNotification[] = entriesOf(raw["notifications"])
    .filter((e): e is [string, RawMap] => isMap(e[1]))
    .map(([name, entry]) => ({
      name,
      identifier: toIdentifier(name),
      extension: String(entry["extension"]),
      direction: entry["direction"] === "serverToClient" ? ("serverToClient" as const) : ("clientToServer" as const),
      ...described(entry),
      params: bundled(["notifications", name, "params"]) ?? ANY_OBJECT,
    }))
    .sort(byName);
  return { ...(methods.length > 0 ? { methods } : {}), ...(notifications.length > 0 ? { notifications } : {}) };
}
