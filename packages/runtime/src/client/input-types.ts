// What the client's input handlers receive and answer: elicitation (form and URL mode),
// sampling (with tools), roots — the shapes of both eras' schemas (2025-11-25 and 2026-07-28
// client/elicitation, client/sampling § Tools in Sampling, client/roots). Open objects: a
// server may send fields a later revision adds.
import type { JsonObject } from "../core/jsonrpc/message.js";
import type { AudioContent, ImageContent, Role, TextContent } from "../core/content.js";

export interface FormElicitationParams extends JsonObject {
  mode?: "form";
  message: string;
  requestedSchema: JsonObject;
}

export interface UrlElicitationParams extends JsonObject {
  mode: "url";
  message: string;
  url: string;
  /** 2025-11-25 only: the id a later `notifications/elicitation/complete` names. */
  elicitationId?: string;
}

export type ElicitationAnswer = { action: "accept"; content?: JsonObject } | { action: "decline" } | { action: "cancel" };

export interface ToolUseContent extends JsonObject {
  type: "tool_use";
  id: string;
  name: string;
  input: JsonObject;
}

export interface ToolResultContent extends JsonObject {
  type: "tool_result";
  toolUseId: string;
  content: JsonObject[];
  structuredContent?: JsonObject;
  isError?: boolean;
}

export type SamplingContent = TextContent | ImageContent | AudioContent | ToolUseContent | ToolResultContent;

export interface SamplingMessage extends JsonObject {
  role: Role;
  content: SamplingContent | SamplingContent[];
}

/** A tool the server lets the model call during this sampling request (scoped to it). */
export interface SamplingTool extends JsonObject {
  name: string;
  description?: string;
  inputSchema: JsonObject;
}

export interface ToolChoice extends JsonObject {
  mode?: "auto" | "required" | "none";
}

export interface SamplingParams extends JsonObject {
  messages: SamplingMessage[];
  maxTokens: number;
  systemPrompt?: string;
  temperature?: number;
  stopSequences?: string[];
  modelPreferences?: JsonObject;
  includeContext?: "none" | "thisServer" | "allServers";
  /** Only sent to clients declaring `sampling.tools` (client/sampling § Tools in Sampling). */
  tools?: SamplingTool[];
  toolChoice?: ToolChoice;
}

export interface CreateMessageResult extends JsonObject {
  role: Role;
  content: SamplingContent | SamplingContent[];
  model: string;
  /** "endTurn" | "stopSequence" | "maxTokens" | "toolUse" or a provider's own. */
  stopReason?: string;
}

export interface Root extends JsonObject {
  uri: string;
  name?: string;
}

export interface ListRootsResult extends JsonObject {
  roots: Root[];
}
