import type { MethodTable, NotificationEntry, RequestEntry } from "./types.js";

// Legacy revisions grow by addition; each group is named after the revision that added it.

const CORE_CLIENT_REQUESTS: readonly RequestEntry[] = [
  { method: "initialize", request: "InitializeRequest", result: "InitializeResult" },
  { method: "ping", request: "PingRequest", result: "EmptyResult" },
  { method: "resources/list", request: "ListResourcesRequest", result: "ListResourcesResult" },
  { method: "resources/templates/list", request: "ListResourceTemplatesRequest", result: "ListResourceTemplatesResult" },
  { method: "resources/read", request: "ReadResourceRequest", result: "ReadResourceResult" },
  { method: "resources/subscribe", request: "SubscribeRequest", result: "EmptyResult" },
  { method: "resources/unsubscribe", request: "UnsubscribeRequest", result: "EmptyResult" },
  { method: "prompts/list", request: "ListPromptsRequest", result: "ListPromptsResult" },
  { method: "prompts/get", request: "GetPromptRequest", result: "GetPromptResult" },
  { method: "tools/list", request: "ListToolsRequest", result: "ListToolsResult" },
  { method: "tools/call", request: "CallToolRequest", result: "CallToolResult" },
  { method: "logging/setLevel", request: "SetLevelRequest", result: "EmptyResult" },
  { method: "completion/complete", request: "CompleteRequest", result: "CompleteResult" },
];

/** 2025-11-25 added tasks (SEP-1686); both sides may poll the other's tasks. */
const TASK_REQUESTS: readonly RequestEntry[] = [
  { method: "tasks/get", request: "GetTaskRequest", result: "GetTaskResult" },
  { method: "tasks/result", request: "GetTaskPayloadRequest", result: "GetTaskPayloadResult" },
  { method: "tasks/cancel", request: "CancelTaskRequest", result: "CancelTaskResult" },
  { method: "tasks/list", request: "ListTasksRequest", result: "ListTasksResult" },
];

const CORE_CLIENT_NOTIFICATIONS: readonly NotificationEntry[] = [
  { method: "notifications/cancelled", notification: "CancelledNotification" },
  { method: "notifications/initialized", notification: "InitializedNotification" },
  { method: "notifications/progress", notification: "ProgressNotification" },
  { method: "notifications/roots/list_changed", notification: "RootsListChangedNotification" },
];

const CORE_SERVER_REQUESTS: readonly RequestEntry[] = [
  { method: "ping", request: "PingRequest", result: "EmptyResult" },
  { method: "sampling/createMessage", request: "CreateMessageRequest", result: "CreateMessageResult" },
  { method: "roots/list", request: "ListRootsRequest", result: "ListRootsResult" },
];

/** 2025-06-18 added form elicitation. */
const ELICITATION_REQUEST: RequestEntry = { method: "elicitation/create", request: "ElicitRequest", result: "ElicitResult" };

const CORE_SERVER_NOTIFICATIONS: readonly NotificationEntry[] = [
  { method: "notifications/cancelled", notification: "CancelledNotification" },
  { method: "notifications/progress", notification: "ProgressNotification" },
  { method: "notifications/resources/list_changed", notification: "ResourceListChangedNotification" },
  { method: "notifications/resources/updated", notification: "ResourceUpdatedNotification" },
  { method: "notifications/prompts/list_changed", notification: "PromptListChangedNotification" },
  { method: "notifications/tools/list_changed", notification: "ToolListChangedNotification" },
  { method: "notifications/message", notification: "LoggingMessageNotification" },
];

const TASK_STATUS_NOTIFICATION: NotificationEntry = { method: "notifications/tasks/status", notification: "TaskStatusNotification" };
/** 2025-11-25 added URL elicitation and its completion notification. */
const ELICITATION_COMPLETE_NOTIFICATION: NotificationEntry = {
  method: "notifications/elicitation/complete",
  notification: "ElicitationCompleteNotification",
};

function legacyTable(revision: string, parts: Omit<MethodTable, "revision" | "era" | "inputRequests">): MethodTable {
  return { revision, era: "legacy", inputRequests: [], ...parts };
}

export const METHODS_2024_11_05 = legacyTable("2024-11-05", {
  clientRequests: CORE_CLIENT_REQUESTS,
  clientNotifications: CORE_CLIENT_NOTIFICATIONS,
  serverRequests: CORE_SERVER_REQUESTS,
  serverNotifications: CORE_SERVER_NOTIFICATIONS,
});

export const METHODS_2025_03_26 = legacyTable("2025-03-26", {
  clientRequests: CORE_CLIENT_REQUESTS,
  clientNotifications: CORE_CLIENT_NOTIFICATIONS,
  serverRequests: CORE_SERVER_REQUESTS,
  serverNotifications: CORE_SERVER_NOTIFICATIONS,
});

export const METHODS_2025_06_18 = legacyTable("2025-06-18", {
  clientRequests: CORE_CLIENT_REQUESTS,
  clientNotifications: CORE_CLIENT_NOTIFICATIONS,
  serverRequests: [...CORE_SERVER_REQUESTS, ELICITATION_REQUEST],
  serverNotifications: CORE_SERVER_NOTIFICATIONS,
});

export const METHODS_2025_11_25 = legacyTable("2025-11-25", {
  clientRequests: [...CORE_CLIENT_REQUESTS, ...TASK_REQUESTS],
  clientNotifications: [...CORE_CLIENT_NOTIFICATIONS, TASK_STATUS_NOTIFICATION],
  serverRequests: [...CORE_SERVER_REQUESTS, ELICITATION_REQUEST, ...TASK_REQUESTS],
  serverNotifications: [...CORE_SERVER_NOTIFICATIONS, TASK_STATUS_NOTIFICATION, ELICITATION_COMPLETE_NOTIFICATION],
});
