import type { MethodTable } from "./types.js";

/**
 * 2026-07-28 (spec basic/index, basic/patterns/mrtr, basic/patterns/subscriptions).
 * No handshake and no server→client requests: `initialize`, `ping`, `logging/setLevel`,
 * `resources/subscribe|unsubscribe` and tasks are gone; `server/discover` and
 * `subscriptions/listen` are new; `tools/call`, `prompts/get` and `resources/read` may answer
 * `input_required` (their *ResultResponse unions include InputRequiredResult).
 */
export const METHODS_2026_07_28: MethodTable = {
  revision: "2026-07-28",
  era: "modern",
  clientRequests: [
    { method: "server/discover", request: "DiscoverRequest", result: "DiscoverResult" },
    { method: "resources/list", request: "ListResourcesRequest", result: "ListResourcesResult" },
    { method: "resources/templates/list", request: "ListResourceTemplatesRequest", result: "ListResourceTemplatesResult" },
    { method: "resources/read", request: "ReadResourceRequest", result: "ReadResourceResult", inputRequired: true },
    { method: "subscriptions/listen", request: "SubscriptionsListenRequest", result: "SubscriptionsListenResult" },
    { method: "prompts/list", request: "ListPromptsRequest", result: "ListPromptsResult" },
    { method: "prompts/get", request: "GetPromptRequest", result: "GetPromptResult", inputRequired: true },
    { method: "tools/list", request: "ListToolsRequest", result: "ListToolsResult" },
    { method: "tools/call", request: "CallToolRequest", result: "CallToolResult", inputRequired: true },
    { method: "completion/complete", request: "CompleteRequest", result: "CompleteResult" },
  ],
  // The client only cancels; on stdio that also ends a subscriptions/listen stream.
  clientNotifications: [{ method: "notifications/cancelled", notification: "CancelledNotification" }],
  serverRequests: [],
  serverNotifications: [
    { method: "notifications/cancelled", notification: "CancelledNotification" },
    { method: "notifications/progress", notification: "ProgressNotification" },
    { method: "notifications/resources/list_changed", notification: "ResourceListChangedNotification" },
    { method: "notifications/subscriptions/acknowledged", notification: "SubscriptionsAcknowledgedNotification" },
    { method: "notifications/resources/updated", notification: "ResourceUpdatedNotification" },
    { method: "notifications/prompts/list_changed", notification: "PromptListChangedNotification" },
    { method: "notifications/tools/list_changed", notification: "ToolListChangedNotification" },
    { method: "notifications/message", notification: "LoggingMessageNotification" },
  ],
  inputRequests: [
    { method: "sampling/createMessage", request: "CreateMessageRequest", result: "CreateMessageResult" },
    { method: "roots/list", request: "ListRootsRequest", result: "ListRootsResult" },
    { method: "elicitation/create", request: "ElicitRequest", result: "ElicitResult" },
  ],
};
