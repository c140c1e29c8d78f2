// The user's answers to server input requests, registered once and used in both eras:
// modern servers embed them in `input_required` results (MRTR), legacy servers send them
// as real JSON-RPC requests [S26:basic/patterns/mrtr; S25:client/elicitation, sampling, roots].
// The handlers given also decide the capabilities the client declares (capabilitiesFromHandlers).

import { applyElicitationDefaults } from "./elicitation-defaults.js";
import { McpClientError } from "./errors.js";
import type { Era } from "../core/era/revisions.js";
import type { JsonObject } from "../core/jsonrpc/message.js";
import type { CreateMessageResult, ElicitationAnswer, FormElicitationParams, ListRootsResult, SamplingParams, UrlElicitationParams } from "./input-types.js";
import type { MaybePromise } from "../core/maybe-promise.js";

export interface InputHandlerContext {
  era: Era;
  /** The key the server chose for this input request (modern only). */
  key?: string;
  signal?: AbortSignal;
}

export type { MaybePromise } from "../core/maybe-promise.js";
/** Form-mode elicitation (and URL mode too when no `urlElicitation` handler is given). */
export type ElicitationHandler = (params: FormElicitationParams | UrlElicitationParams, context: InputHandlerContext) => MaybePromise<ElicitationAnswer | JsonObject>;
/** URL-mode elicitation: show `url` to the user (never open it unasked); "accept" means the user went. */
export type UrlElicitationHandler = (params: UrlElicitationParams, context: InputHandlerContext) => MaybePromise<ElicitationAnswer | JsonObject>;
export type SamplingHandler = (params: SamplingParams, context: InputHandlerContext) => MaybePromise<CreateMessageResult | JsonObject>;
export type RootsHandler = (params: JsonObject, context: InputHandlerContext) => MaybePromise<ListRootsResult | JsonObject>;

/** A sampling handler with what it supports beyond plain messages. */
export interface SamplingHandlerOptions {
  handler: SamplingHandler;
  /** The handler runs tool loops (`tools`/`toolChoice`): declares `sampling.tools`. */
  tools?: boolean;
  /** The handler honours `includeContext` other than "none": declares `sampling.context`. */
  context?: boolean;
}

export interface ClientHandlers {
  elicitation?: ElicitationHandler;
  /** Declares `elicitation.url`; URL-mode requests go here (else to `elicitation`). */
  urlElicitation?: UrlElicitationHandler;
  sampling?: SamplingHandler | SamplingHandlerOptions;
  /** Declares `roots` (and on 2025-11-25 `roots.listChanged`: see McpClient.notifyRootsListChanged). */
  roots?: RootsHandler;
}

export interface HandlerSettings {
  /** Fill omitted accepted elicitation fields from schema defaults (default true). */
  applyElicitationDefaults?: boolean;
}

const samplingOptions = (sampling: ClientHandlers["sampling"]): SamplingHandlerOptions | undefined =>
  sampling === undefined ? undefined : typeof sampling === "function" ? { handler: sampling } : sampling;

/**
 * Client capabilities implied by the registered handlers, per era: 2025-11-25 `roots` has
 * `listChanged` (the client can send notifications/roots/list_changed); 2026-07-28 removed that
 * notification and its flag, so modern declares `roots: {}` [S26:changelog § Major changes #5;
 * SCH26:ClientCapabilities]. `elicitation.url` and `sampling.tools` exist in both.
 */
export function capabilitiesFromHandlers(handlers: ClientHandlers, era: Era = "modern"): Record<string, unknown> {
  const capabilities: Record<string, unknown> = {};
  if (handlers.elicitation !== undefined || handlers.urlElicitation !== undefined) {
    capabilities.elicitation = { ...(handlers.elicitation === undefined ? {} : { form: {} }), ...(handlers.urlElicitation === undefined ? {} : { url: {} }) };
  }
  const sampling = samplingOptions(handlers.sampling);
  if (sampling !== undefined) capabilities.sampling = { ...(sampling.context === true ? { context: {} } : {}), ...(sampling.tools === true ? { tools: {} } : {}) };
  if (handlers.roots !== undefined) capabilities.roots = era === "legacy" ? { listChanged: true } : {};
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
      if (params.mode === "url") {
        const url = handlers.urlElicitation ?? handlers.elicitation;
        if (url === undefined) throw new McpClientError("no-handler", "the server asked for a URL elicitation but no urlElicitation handler is registered");
        return url(params as UrlElicitationParams, context);
      }
      if (handlers.elicitation === undefined) throw new McpClientError("no-handler", "the server asked for elicitation but no elicitation handler is registered");
      const answer = await handlers.elicitation(params as FormElicitationParams, context);
      if (answer.action === "accept" && settings.applyElicitationDefaults !== false) {
        const content = typeof answer.content === "object" && answer.content !== null ? (answer.content as Record<string, unknown>) : undefined;
        return { ...answer, content: applyElicitationDefaults(params.requestedSchema, content) };
      }
      return answer;
    }
    case "sampling/createMessage": {
      const sampling = samplingOptions(handlers.sampling);
      if (sampling === undefined) throw new McpClientError("no-handler", "the server asked for sampling but no sampling handler is registered");
      return sampling.handler(params as SamplingParams, context);
    }
    case "roots/list":
      if (handlers.roots === undefined) throw new McpClientError("no-handler", "the server asked for roots but no roots handler is registered");
      return handlers.roots(params, context);
    default:
      throw new McpClientError("no-handler", `no handler for input request method ${method}`);
  }
}
