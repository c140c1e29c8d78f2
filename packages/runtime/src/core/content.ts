// The content unions of prompts and resources, as both eras' schemas define them
// (2026-07-28 and 2025-11-25 schema: ContentBlock, PromptMessage, TextResourceContents,
// BlobResourceContents; server/prompts § Data Types, server/resources § Resource Contents).
// Types only: the client hands results through as received, so each member keeps an index
// signature (JsonObject) for fields a later revision adds.
import type { JsonObject } from "./jsonrpc/message.js";

export type Role = "user" | "assistant";

export interface ContentAnnotations extends JsonObject {
  audience?: Role[];
  priority?: number;
  lastModified?: string;
}

export interface TextContent extends JsonObject {
  type: "text";
  text: string;
  annotations?: ContentAnnotations;
}

export interface ImageContent extends JsonObject {
  type: "image";
  /** base64 */
  data: string;
  mimeType: string;
  annotations?: ContentAnnotations;
}

export interface AudioContent extends JsonObject {
  type: "audio";
  /** base64 */
  data: string;
  mimeType: string;
  annotations?: ContentAnnotations;
}

/** A resource the server points at without embedding it (read it with resources/read). */
export interface ResourceLink extends JsonObject {
  type: "resource_link";
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
  annotations?: ContentAnnotations;
}

export interface TextResourceContents extends JsonObject {
  uri: string;
  mimeType?: string;
  text: string;
}

export interface BlobResourceContents extends JsonObject {
  uri: string;
  mimeType?: string;
  /** base64 */
  blob: string;
}

/** One entry of `resources/read` `contents`: text or binary. */
export type ResourceContentsItem = TextResourceContents | BlobResourceContents;

export interface EmbeddedResource extends JsonObject {
  type: "resource";
  resource: ResourceContentsItem;
  annotations?: ContentAnnotations;
}

export type ContentBlock = TextContent | ImageContent | AudioContent | ResourceLink | EmbeddedResource;

export interface PromptMessage extends JsonObject {
  role: Role;
  content: ContentBlock;
}

/** A `prompts/get` result. */
export interface PromptResult extends JsonObject {
  description?: string;
  messages: PromptMessage[];
}

/** A `resources/read` result. */
export interface ReadResourceResult extends JsonObject {
  contents: ResourceContentsItem[];
}
