// URL-mode elicitation beyond `ctx.ask`: the URLElicitationRequired error a handler throws, and
// `notifications/elicitation/complete` once the out-of-band interaction is over.
//
// DECISION (2025-11-25 client/elicitation § URL Elicitation Required Error, § Completion
// Notifications; 2026-07-28 basic/index § Error Codes, client/elicitation § URL Mode Flow):
// - 2025-11-25 sessions get the error as is (-32042 with `data.elicitations`, each with an
//   `elicitationId`), and `completeElicitation(id)` sends the notification to the session that
//   was given that id only, on the request's stream while it is open, else on the session's GET
//   stream (or the stdio connection). Unknown or already completed ids send nothing.
// - 2026-07-28 has neither the code nor the notification: the same throw becomes an
//   `input_required` result asking for the URL elicitations (no `elicitationId` on the wire),
//   so the client opens the URL and retries; the handler learns on the retry (its own storage,
//   or `ctx.state`) whether the flow finished. A client without `elicitation.url` gets -32021.
import { URL_ELICITATION_REQUIRED } from "../core/jsonrpc/codes.js";
import { RpcError } from "../core/jsonrpc/errors.js";
import { notification, type JsonObject, type JsonRpcNotification } from "../core/jsonrpc/message.js";
import { InputRequiredSignal } from "../mrtr/input-required.js";
import { splitAnswered, type EmbeddedInputRequest } from "../mrtr/input-requests.js";
import type { ModernInputChannel } from "../mrtr/modern-inputs.js";

/** One out-of-band interaction a request waits for. */
export interface UrlElicitation {
  /** Where the user goes (MUST be a valid URL; no credentials or personal data in it). */
  url: string;
  /** Why, shown to the user. */
  message: string;
  /** Id for `completeElicitation`; minted (a UUID) when absent. */
  elicitationId?: string;
}

/** The wire form of one elicitation in `data.elicitations` (ElicitRequestURLParams). */
export interface UrlElicitationParams extends JsonObject {
  mode: "url";
  elicitationId: string;
  url: string;
  message: string;
}

const DEFAULT_MESSAGE = "This request requires more information.";

/**
 * Thrown by a handler: the request cannot go on until these URL elicitations are done.
 * `elicitations` holds their ids (minted when not given) for `server.completeElicitation(id)`.
 */
export class UrlElicitationRequiredError extends RpcError {
  readonly elicitations: readonly UrlElicitationParams[];

  constructor(elicitations: readonly UrlElicitation[], message: string = DEFAULT_MESSAGE) {
    if (elicitations.length === 0) throw new TypeError("UrlElicitationRequiredError needs at least one elicitation");
    const listed = elicitations.map(toParams);
    super(URL_ELICITATION_REQUIRED, message, { elicitations: listed });
    this.name = "UrlElicitationRequiredError";
    this.elicitations = listed;
  }
}

function toParams(elicitation: UrlElicitation): UrlElicitationParams {
  // A programming error, found where the handler builds the error rather than at the client.
  if (!URL.canParse(elicitation.url)) throw new TypeError(`URL elicitation needs a valid URL, got '${elicitation.url}'`);
  const id = elicitation.elicitationId ?? crypto.randomUUID();
  if (id === "") throw new TypeError("URL elicitation needs a non-empty elicitationId");
  return { mode: "url", elicitationId: id, url: elicitation.url, message: elicitation.message };
}

/**
 * The 2026-07-28 answer to the throw: an `input_required` result asking for each elicitation
 * (keyed by its id, which stays on the server), or -32021 when the client declared no URL mode.
 */
export async function modernUrlElicitationResult(error: UrlElicitationRequiredError, channel: ModernInputChannel, clientCapabilities: JsonObject): Promise<JsonObject> {
  const requests: Record<string, EmbeddedInputRequest> = {};
  for (const e of error.elicitations) requests[e.elicitationId] = { method: "elicitation/create", params: { mode: "url", message: e.message, url: e.url } };
  // Throws -32021 (HTTP 400) naming elicitation.url when the request did not declare it.
  splitAnswered(requests, () => undefined, clientCapabilities, 400);
  return await channel.inputRequiredResult(new InputRequiredSignal(requests));
}

/** Where a completion notification for one elicitation goes; false when it could not go out. */
export type CompletionSink = (message: JsonRpcNotification) => boolean;

/**
 * Which legacy session was given which elicitation id (2025-11-25: the notification goes to the
 * client that got the elicitation, and only to it). Bounded: past `maxTracked` the oldest id is
 * forgotten (a later completeElicitation for it sends nothing, which clients must tolerate).
 */
export class UrlElicitationTracker {
  private readonly sinks = new Map<string, { owner: object; sink: CompletionSink }>();
  private readonly byOwner = new WeakMap<object, Set<string>>();

  constructor(private readonly maxTracked = 10_000) {}

  get size(): number {
    return this.sinks.size;
  }

  track(owner: object, elicitationId: string, sink: CompletionSink): void {
    this.untrack(elicitationId);
    this.sinks.set(elicitationId, { owner, sink });
    let ids = this.byOwner.get(owner);
    if (!ids) this.byOwner.set(owner, (ids = new Set()));
    ids.add(elicitationId);
    if (this.sinks.size > this.maxTracked) {
      const oldest = this.sinks.keys().next().value as string;
      this.untrack(oldest);
    }
  }

  /** Sends notifications/elicitation/complete to the session given `elicitationId`; false if none was. */
  complete(elicitationId: string): boolean {
    const entry = this.sinks.get(elicitationId);
    if (!entry) return false;
    this.untrack(elicitationId);
    return entry.sink(notification("notifications/elicitation/complete", { elicitationId }));
  }

  /** Forgets every id of an owner (its session ended). */
  release(owner: object): void {
    const ids = this.byOwner.get(owner);
    if (!ids) return;
    for (const id of ids) this.sinks.delete(id);
    this.byOwner.delete(owner);
  }

  private untrack(elicitationId: string): void {
    const entry = this.sinks.get(elicitationId);
    if (!entry) return;
    this.sinks.delete(elicitationId);
    this.byOwner.get(entry.owner)?.delete(elicitationId);
  }
}
