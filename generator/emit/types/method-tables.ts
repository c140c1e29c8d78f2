import type { MethodTable, NotificationEntry, RequestEntry } from "../../spec-schema/methods/types.js";

function requestRows(entries: readonly RequestEntry[]): string {
  return entries
    .map((e) => {
      const extra = e.inputRequired ? ", inputRequired: true" : "";
      return `  ${JSON.stringify(e.method)}: { request: ${e.request}Schema, result: ${e.result}Schema${extra} },`;
    })
    .join("\n");
}

function notificationRows(entries: readonly NotificationEntry[]): string {
  return entries.map((e) => `  ${JSON.stringify(e.method)}: { notification: ${e.notification}Schema },`).join("\n");
}

function table(name: string, doc: string, rows: string): string {
  return `/** ${doc} */\nexport const ${name} = {\n${rows}\n} as const;\n`;
}

/** Emits the era's method tables and method-name types that follow the definitions in a types module. */
export function emitMethodTables(methods: MethodTable): string {
  const parts = [
    `/** The spec revision this module was generated from. */`,
    `export const PROTOCOL_REVISION = ${JSON.stringify(methods.revision)} as const;`,
    `/** "legacy" (initialize, sessions, server→client requests) or "modern" (stateless, MRTR). */`,
    `export const PROTOCOL_ERA = ${JSON.stringify(methods.era)} as const;`,
    "",
    table("clientRequests", "Requests a client sends, with their request and result schemas.", requestRows(methods.clientRequests)),
    table("clientNotifications", "Notifications a client sends.", notificationRows(methods.clientNotifications)),
    table(
      "serverRequests",
      "Requests a server sends to the client (legacy era only; empty on the modern era).",
      requestRows(methods.serverRequests),
    ),
    table("serverNotifications", "Notifications a server sends.", notificationRows(methods.serverNotifications)),
    table(
      "inputRequests",
      "Requests embedded in InputRequiredResult.inputRequests (modern era only; never sent as messages).",
      requestRows(methods.inputRequests),
    ),
    "export type ClientRequestMethod = keyof typeof clientRequests;",
    "export type ClientNotificationMethod = keyof typeof clientNotifications;",
    "export type ServerRequestMethod = keyof typeof serverRequests;",
    "export type ServerNotificationMethod = keyof typeof serverNotifications;",
    "export type InputRequestMethod = keyof typeof inputRequests;",
    "",
  ];
  return parts.join("\n");
}
