import type { NotificationEntry, RequestEntry } from "../../spec-schema/methods/types.js";
import { changeOf } from "../change.js";
import {
  INPUT_REQUEST_BECAME_METHOD,
  METHOD_ADDED,
  METHOD_BECAME_INPUT_REQUEST,
  METHOD_DIRECTION_ADDED,
  METHOD_DIRECTION_REMOVED,
  METHOD_MAY_REQUIRE_INPUT,
  METHOD_NO_LONGER_REQUIRES_INPUT,
  METHOD_REMOVED,
  METHOD_TYPES_CHANGED,
  NOTIFICATION_ADDED,
  NOTIFICATION_REMOVED,
} from "../rules/methods.js";
import type { Change } from "../types.js";
import type { MethodLists } from "./derive-methods.js";

/** Who sends the message (input requests travel inside an InputRequiredResult). */
export type Direction = "client-request" | "server-request" | "input-request" | "client-notification" | "server-notification";

const DIRECTION_WORDS: Record<Direction, string> = {
  "client-request": "client→server request",
  "server-request": "server→client request",
  "input-request": "input request (embedded in input_required results)",
  "client-notification": "client→server notification",
  "server-notification": "server→client notification",
};

type Entry = RequestEntry | NotificationEntry;

interface MethodUse {
  readonly notification: boolean;
  readonly directions: Map<Direction, Entry>;
}

/** method name → its directions; a method present in no direction does not exist. */
export function methodUses(lists: MethodLists): Map<string, MethodUse> {
  const uses = new Map<string, MethodUse>();
  const add = (direction: Direction, entries: readonly Entry[], notification: boolean): void => {
    for (const entry of entries) {
      const use = uses.get(entry.method) ?? { notification, directions: new Map() };
      use.directions.set(direction, entry);
      uses.set(entry.method, use);
    }
  };
  add("client-request", lists.clientRequests, false);
  add("server-request", lists.serverRequests, false);
  add("input-request", lists.inputRequests, false);
  add("client-notification", lists.clientNotifications, true);
  add("server-notification", lists.serverNotifications, true);
  return uses;
}

function directionList(use: MethodUse): string {
  return [...use.directions.keys()].map((d) => DIRECTION_WORDS[d]).join(", ");
}

function typesOf(entry: Entry): string {
  return "notification" in entry ? entry.notification : `${entry.request} → ${entry.result}`;
}

/**
 * Method-level diff of two revisions, one direction at a time. "Removed" means gone from
 * every direction; a method that only moved (e.g. `elicitation/create`, a server request up
 * to 2025-11-25 and only an embedded input request in 2026-07-28) is reported as moved.
 */
export function diffMethods(oldLists: MethodLists, newLists: MethodLists): Change[] {
  const oldUses = methodUses(oldLists);
  const newUses = methodUses(newLists);
  const changes: Change[] = [];
  for (const method of [...new Set([...oldUses.keys(), ...newUses.keys()])].sort()) {
    const before = oldUses.get(method);
    const after = newUses.get(method);
    const kind = (before ?? after)!.notification ? "notification" : "method";
    if (!after) {
      changes.push(changeOf(kind === "notification" ? NOTIFICATION_REMOVED : METHOD_REMOVED, kind, method, `${method} removed (was: ${directionList(before!)})`));
      continue;
    }
    if (!before) {
      changes.push(changeOf(kind === "notification" ? NOTIFICATION_ADDED : METHOD_ADDED, kind, method, `${method} added (${directionList(after)})`));
      continue;
    }
    const lost = new Set([...before.directions.keys()].filter((d) => !after.directions.has(d)));
    const gained = new Set([...after.directions.keys()].filter((d) => !before.directions.has(d)));
    if (lost.has("server-request") && gained.has("input-request")) {
      changes.push(changeOf(METHOD_BECAME_INPUT_REQUEST, kind, method, `${method} is no longer a server→client request; it is only embedded in input_required results`));
      lost.delete("server-request");
      gained.delete("input-request");
    }
    if (lost.has("input-request") && gained.has("server-request")) {
      changes.push(changeOf(INPUT_REQUEST_BECAME_METHOD, kind, method, `${method} is no longer an embedded input request; it is a server→client request`));
      lost.delete("input-request");
      gained.delete("server-request");
    }
    for (const direction of lost) changes.push(changeOf(METHOD_DIRECTION_REMOVED, kind, method, `${method} is no longer a ${DIRECTION_WORDS[direction]}`));
    for (const direction of gained) changes.push(changeOf(METHOD_DIRECTION_ADDED, kind, method, `${method} is now also a ${DIRECTION_WORDS[direction]}`));
    for (const [direction, oldEntry] of before.directions) {
      const newEntry = after.directions.get(direction);
      if (!newEntry) continue;
      if (typesOf(oldEntry) !== typesOf(newEntry)) {
        changes.push(changeOf(METHOD_TYPES_CHANGED, kind, method, `${method} (${DIRECTION_WORDS[direction]}): ${typesOf(oldEntry)} became ${typesOf(newEntry)}`));
      }
      const oldInput = "request" in oldEntry && oldEntry.inputRequired === true;
      const newInput = "request" in newEntry && newEntry.inputRequired === true;
      if (!oldInput && newInput) changes.push(changeOf(METHOD_MAY_REQUIRE_INPUT, kind, method, `${method} may now answer input_required`));
      if (oldInput && !newInput) changes.push(changeOf(METHOD_NO_LONGER_REQUIRES_INPUT, kind, method, `${method} no longer answers input_required`));
    }
  }
  return changes;
}
