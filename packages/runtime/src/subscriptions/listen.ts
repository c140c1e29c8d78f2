// subscriptions/listen (2026-07-28 basic/patterns/subscriptions): acknowledgement first, then only
// the requested notification types, each stamped with the subscription id (= the listen request
// id). The filter is narrowed to what the server advertises (unsupported types are omitted from
// the ack). A graceful server-side end sends the empty listen result; a client close ends
// silently.
import { META_SERVER_INFO, META_SUBSCRIPTION_ID } from "../core/era/envelope.js";
import { INTERNAL_ERROR } from "../core/jsonrpc/codes.js";
import { invalidParams, RpcError } from "../core/jsonrpc/errors.js";
import { isPlainObject, notification, type JsonObject, type JsonRpcNotification, type RequestId } from "../core/jsonrpc/message.js";
import type { Cancellation } from "../server/cancellation.js";
import type { ChangeBus, ChangeEvent } from "./event-bus.js";
import type { TaskListenHook } from "../tasks/listen.js";

export interface ListenHost {
  capabilities: JsonObject;
  serverInfo: JsonObject;
  bus: ChangeBus;
  maxListens: number;
  /** Live listen count of this server (shared mutable counter). */
  listens: { active: number };
  /** Resolves when the server shuts down, to end listens gracefully. */
  closing: Promise<void>;
}

export interface ListenFilter {
  toolsListChanged?: true;
  promptsListChanged?: true;
  resourcesListChanged?: true;
  resourceSubscriptions?: string[];
  /** The tasks extension's task status notifications (tasks/listen.ts). */
  taskIds?: string[];
}

function capabilityFlag(caps: JsonObject, family: string, flag: string): boolean {
  const entry = caps[family];
  return isPlainObject(entry) && entry[flag] === true;
}

export function honouredFilter(requested: unknown, caps: JsonObject): ListenFilter {
  if (!isPlainObject(requested)) throw invalidParams("Invalid params: subscriptions/listen needs a notifications object");
  const honoured: ListenFilter = {};
  if (requested["toolsListChanged"] === true && capabilityFlag(caps, "tools", "listChanged")) honoured.toolsListChanged = true;
  if (requested["promptsListChanged"] === true && capabilityFlag(caps, "prompts", "listChanged")) honoured.promptsListChanged = true;
  if (requested["resourcesListChanged"] === true && capabilityFlag(caps, "resources", "listChanged")) honoured.resourcesListChanged = true;
  const uris = requested["resourceSubscriptions"];
  if (uris !== undefined) {
    if (!Array.isArray(uris) || !uris.every((u) => typeof u === "string")) {
      throw invalidParams("Invalid params: resourceSubscriptions must be a list of URIs");
    }
    if (capabilityFlag(caps, "resources", "subscribe") && uris.length > 0) honoured.resourceSubscriptions = [...uris];
  }
  return honoured;
}

export function eventToNotification(event: ChangeEvent, filter: ListenFilter): JsonRpcNotification | undefined {
  switch (event.type) {
    case "toolsListChanged":
      return filter.toolsListChanged ? notification("notifications/tools/list_changed", {}) : undefined;
    case "promptsListChanged":
      return filter.promptsListChanged ? notification("notifications/prompts/list_changed", {}) : undefined;
    case "resourcesListChanged":
      return filter.resourcesListChanged ? notification("notifications/resources/list_changed", {}) : undefined;
    case "resourceUpdated": {
      const subscribed = filter.resourceSubscriptions?.some((uri) => event.uri === uri || event.uri.startsWith(`${uri}/`));
      return subscribed ? notification("notifications/resources/updated", { uri: event.uri }) : undefined;
    }
  }
}

function stamp(message: JsonRpcNotification, id: RequestId): JsonRpcNotification {
  const params = message.params ?? {};
  const meta = isPlainObject(params["_meta"]) ? params["_meta"] : {};
  return { ...message, params: { ...params, _meta: { ...meta, [META_SUBSCRIPTION_ID]: id } } };
}

/**
 * Runs one listen until the client goes away (resolves undefined) or the server closes
 * (resolves the graceful close result).
 */
export async function runListen(
  host: ListenHost,
  id: RequestId,
  params: JsonObject,
  cancellation: Cancellation,
  send: (message: JsonRpcNotification) => void,
  tasks?: TaskListenHook,
): Promise<JsonObject | undefined> {
  const filter = honouredFilter(params["notifications"], host.capabilities);
  const taskIds = tasks ? await tasks.honour((params["notifications"] as JsonObject)["taskIds"]) : undefined;
  if (taskIds !== undefined) filter.taskIds = taskIds;
  if (host.listens.active >= host.maxListens) throw new RpcError(INTERNAL_ERROR, "Too many active subscriptions");
  host.listens.active++;
  let unsubscribe: (() => void) | undefined;
  let unwatch: (() => void) | undefined;
  try {
    send(stamp(notification("notifications/subscriptions/acknowledged", { notifications: filter as JsonObject }), id));
    unsubscribe = host.bus.subscribe((event) => {
      const message = eventToNotification(event, filter);
      if (message && !cancellation.aborted) send(stamp(message, id));
    });
    if (tasks && taskIds && taskIds.length > 0) {
      unwatch = tasks.subscribe(taskIds, (message) => {
        if (!cancellation.aborted) send(stamp(message, id));
      });
    }
    const aborted = new Promise<"aborted">((resolve) => cancellation.onAbort(() => resolve("aborted")));
    const outcome = await Promise.race([aborted, host.closing.then(() => "closed" as const)]);
    if (outcome === "aborted") return undefined;
    return { resultType: "complete", _meta: { [META_SUBSCRIPTION_ID]: id, [META_SERVER_INFO]: host.serverInfo } };
  } finally {
    unsubscribe?.();
    unwatch?.();
    host.listens.active--;
  }
}
