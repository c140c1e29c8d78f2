// The user's answers to server input requests, registered once and used in both eras:
// modern servers embed them in `input_required` results (MRTR), legacy servers send them
// as real JSON-RPC requests [S26:basic/patterns/mrtr; S25:client/elicitation, sampling, roots].

import { applyElicitationDefaults } from "./elicitation-defaults.js";
import { McpClientError } from "./errors.js";
import type { Era } from "../core/era/revisions.js";

export interface InputHandlerContext {
  era: Era;
  /** The key the server chose for this input request (modern only). */
  key?: string;
  signal?: AbortSignal;
}

export type MaybePromise<T> = T | Promise<T>;
export type ElicitationHandler = (params: Record<string, unknown>, context: InputHandlerContext) => MaybePromise<Record<string, unknown>>;
export type SamplingHandler = (params: Record<string, unknown>, context: InputHandlerContext) => MaybePromise<Record<string, unknown>>;
export type RootsHandler = (params: Record<string, unknown>, context: InputHandlerContext) => MaybePromise<Record<string, unknown>>;

export interface ClientHandlers {
  elicitation?: ElicitationHandler;
  sampling?: SamplingHandler;
  roots?: RootsHandler;
}

export interface HandlerSettings {
  /** Fill omitted accepted elicitation fields from schema defaults (default true). */
  applyElicitationDefaults?: boolean;
}

/** Client capabilities implied by the registered handlers. */
export function capabilitiesFromHandlers(handlers: ClientHandlers): Record<string, unknown> {
  const capabilities: Record<string, unknown> = {};
  if (handlers.elicitation !== undefined) capabilities.elicitation = { form: {} };
  if (handlers.sampling !== undefined) capabilities.sampling = {};
  if (handlers.roots !== undefined) capabilities.roots = {};
  return capabilities;
}

/** Run the handler registered for one input request method. */
export async function answerInputRequest(
  method: string,
  params: Record<string, unknown>,
  handlers: ClientHandlers,
  settings: HandlerSettings,
  context: InputHandlerContext,
): Promise<Record<string, unknown>> {
  switch (method) {
    case "elicitation/create": {
      if (handlers.elicitation === undefined) throw new McpClientError("no-handler", "the server asked for elicitation but no elicitation handler is registered");
      const answer = await handlers.elicitation(params, context);
      if (answer.action === "accept" && settings.applyElicitationDefaults !== false && params.mode !== "url") {
        const content = typeof answer.content === "object" && answer.content !== null ? (answer.content as Record<string, unknown>) : undefined;
        return { ...answer, content: applyElicitationDefaults(params.requestedSchema, content) };
      }
      return answer;
    }
    case "sampling/createMessage":
      if (handlers.sampling === undefined) throw new McpClientError("no-handler", "the server asked for sampling but no sampling handler is registered");
      return handlers.sampling(params, context);
    case "roots/list":
      if (handlers.roots === undefined) throw new McpClientError("no-handler", "the server asked for roots but no roots handler is registered");
      return handlers.roots(params, context);
    default:
      throw new McpClientError("no-handler", `no handler for input request method ${method}`);
  }
}
