// The definitions a revision's messages are made of: every request, result and notification its
// method table names, sorted. The differential suites generate values for each of them.
import { methodTable } from "../../generator/spec-schema/methods/index.js";

export function messageDefinitions(revision: string): string[] {
  const table = methodTable(revision);
  return [
    ...new Set([
      ...table.clientRequests.flatMap((e) => [e.request, e.result]),
      ...table.serverRequests.flatMap((e) => [e.request, e.result]),
      ...table.inputRequests.flatMap((e) => [e.request, e.result]),
      ...table.clientNotifications.map((e) => e.notification),
      ...table.serverNotifications.map((e) => e.notification),
    ]),
  ].sort();
}
