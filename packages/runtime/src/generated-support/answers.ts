// Typed answers to input requests, as generated handlers see them. The runtime checks the
// answer's shape (input-requests.ts); here the accepted form content is checked against the
// manifest's schema, so a handler never sees content its types do not promise.
import { invalidParams } from "../core/jsonrpc/errors.js";
import type { JsonObject } from "../core/jsonrpc/message.js";
import type { InputRequestDeclaration } from "../mrtr/input-requests.js";
import type { ParseResult } from "../server/definition.js";

/** The user's answer to a form elicitation: accepted content is typed by the manifest's schema. */
export type ElicitAnswer<Content> = { action: "accept"; content: Content } | { action: "decline" } | { action: "cancel" };

/** The user's answer to a URL elicitation (the interaction itself happens out of band). */
export type UrlElicitAnswer = { action: "accept" } | { action: "decline" } | { action: "cancel" };

/** A sampling answer (CreateMessageResult): the model's message. */
export interface SamplingAnswer extends JsonObject {
  role: "user" | "assistant";
  content: JsonObject | JsonObject[];
  model: string;
  stopReason?: string;
}

/** A roots answer (ListRootsResult). */
export interface RootsAnswer extends JsonObject {
  roots: { uri: string; name?: string }[];
}

/** What generated code passes to check accepted content: a zod schema fits (`safeParse`). */
export interface AnswerSchema<Content = unknown> {
  safeParse(value: unknown): ParseResult<Content>;
}

/** Narrows a raw elicitation answer; accepted content that fails the manifest schema is a -32602. */
export function toElicitAnswer<Content>(key: string, raw: JsonObject, schema: AnswerSchema<Content>): ElicitAnswer<Content> {
  const action = raw["action"];
  if (action === "accept") {
    const parsed = schema.safeParse(raw["content"] ?? {});
    if (!parsed.success) throw invalidParams(`Invalid params: inputResponses.${key} content does not match the requested schema`, { inputResponse: key });
    return { action: "accept", content: parsed.data };
  }
  return { action: action === "decline" ? "decline" : "cancel" };
}

export function toUrlElicitAnswer(raw: JsonObject): UrlElicitAnswer {
  const action = raw["action"];
  return { action: action === "accept" ? "accept" : action === "decline" ? "decline" : "cancel" };
}

/**
 * The converter from a raw answer to the typed one, chosen by the declaration's kind. Only a
 * form elicitation needs a schema (its content is typed by the manifest); the shape of every
 * answer was already checked by the engine (mrtr/input-requests.ts validateInputAnswer).
 */
export function answerConverter(key: string, declaration: InputRequestDeclaration, schema: AnswerSchema | undefined): (raw: JsonObject) => unknown {
  switch (declaration.kind) {
    case "form-elicitation":
      if (schema === undefined) throw new Error(`form elicitation '${key}' has no answer schema`);
      return (raw) => toElicitAnswer(key, raw, schema);
    case "url-elicitation":
      return toUrlElicitAnswer;
    case "sampling":
    case "roots":
      return (raw) => raw;
  }
}

/**
 * What a handler passes to a sampling helper; merged over the manifest's declared defaults.
 * Without `sampling.tools: true` in the manifest a request carries no tools: the client must
 * then declare `sampling.tools` (2025-11-25 client/sampling § Tools in Sampling).
 */
export interface SamplingRequest extends JsonObject {
  messages: JsonObject[];
  maxTokens?: number;
  systemPrompt?: string;
  tools?: never;
  toolChoice?: never;
}

/** A tool the model may call while sampling (the Tool shape: name, inputSchema, description). */
export interface SamplingTool extends JsonObject {
  name: string;
  description?: string;
  inputSchema: JsonObject;
}

/** How the model uses the tools (ToolChoice; absent means "auto"). */
export interface SamplingToolChoice extends JsonObject {
  mode?: "auto" | "required" | "none";
}

/** A sampling request of an input declared with `sampling: { tools: true }`: it may carry tools. */
export interface SamplingWithToolsRequest extends JsonObject {
  messages: JsonObject[];
  maxTokens?: number;
  systemPrompt?: string;
  tools?: SamplingTool[];
  toolChoice?: SamplingToolChoice;
}
