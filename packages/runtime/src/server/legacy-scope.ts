// The per-request scope and input channel of a legacy-session call (2025-11-25 and earlier).
// PERFORMANCE: classes, not object literals of closures and getters: a literal with a getter is
// built on V8's slow path, and the two together cost ~2 KB of allocation per legacy tools/call
// (bench/server, sampled allocation per request); these are two small objects.
import { principalOf } from "../auth/principal.js";
import type { AuthInfo } from "../auth/types.js";
import { logLevelRank, type LogLevel } from "../core/era/envelope.js";
import { isPlainObject, notification, type JsonObject, type JsonRpcMessage, type JsonRpcRequest, type RequestId } from "../core/jsonrpc/message.js";
import { missingCapabilities, validateInputAnswer, type EmbeddedInputRequest, type InputAnswer } from "../mrtr/input-requests.js";
import type { Cancellation } from "./cancellation.js";
import type { ServerOptions } from "./options.js";
import { visibleHeaders } from "./request-view.js";
import { SafeError } from "./safe-error.js";
import type { CallScope, InputChannel } from "./scope.js";

/** Where messages about one request go (its SSE stream on HTTP, stdout on stdio). */
export interface LegacyChannel {
  /** Returns false when the message could not go out (the request's exchange is already over). */
  send(message: JsonRpcMessage): boolean | void;
  closeStream(): void;
  /** The request's verified token (HTTP with ServerOptions.auth): ctx.auth, and the caller. */
  auth?: AuthInfo;
  /** Request headers (HTTP only), for ServerOptions.callerOf. */
  headers?: (lowerCaseName: string) => string | undefined;
}

/** What a call's scope reads from its session (LegacySession implements it). */
export interface LegacyScopeSession {
  readonly protocolVersion: string | undefined;
  readonly clientCapabilities: JsonObject;
  readonly clientInfo: JsonObject | undefined;
  readonly logLevel: LogLevel | undefined;
  readonly clientRequestsUnavailable: string | undefined;
  readonly callerOf: ServerOptions["callerOf"];
  readonly exposedHeaders: readonly string[] | undefined;
  /** Sends one server→client request on the call's channel and awaits the client's answer. */
  sendInput(request: EmbeddedInputRequest, channel: LegacyChannel, cancellation: Cancellation): Promise<JsonObject>;
}

/** `{sampling: {tools: {}}}` → "sampling.tools": the capability a -32021 fragment names, for a message. */
function capabilityNames(fragment: JsonObject): string {
  return Object.entries(fragment)
    .map(([name, inner]) => (isPlainObject(inner) && Object.keys(inner).length > 0 ? Object.keys(inner).map((sub) => `${name}.${sub}`).join(", ") : name))
    .join(", ");
}

export class LegacyScope implements CallScope {
  readonly era = "legacy" as const;
  readonly protocolVersion: string;
  readonly method: string;
  readonly requestId: RequestId;
  readonly params: JsonObject;
  readonly clientCapabilities: JsonObject;
  readonly clientInfo: JsonObject | undefined;
  readonly caller: string | undefined;
  readonly auth: AuthInfo | undefined;
  readonly progressToken: string | number | undefined;

  constructor(
    private readonly session: LegacyScopeSession,
    request: JsonRpcRequest,
    private readonly channel: LegacyChannel,
    readonly cancellation: Cancellation,
  ) {
    const params = request.params ?? {};
    const meta = params["_meta"];
    const token = isPlainObject(meta) ? meta["progressToken"] : undefined;
    this.protocolVersion = session.protocolVersion ?? "2025-03-26";
    this.method = request.method;
    this.requestId = request.id;
    this.params = params;
    this.clientCapabilities = session.clientCapabilities;
    this.clientInfo = session.clientInfo;
    this.auth = channel.auth;
    this.caller = channel.auth ? principalOf(channel.auth) : session.callerOf?.({ headers: channel.headers, clientInfo: session.clientInfo });
    this.progressToken = typeof token === "string" || typeof token === "number" ? token : undefined;
  }

  get requestHeaders(): Readonly<Record<string, string>> {
    return visibleHeaders(this.channel.headers, this.session.exposedHeaders ?? []);
  }

  shouldLog(level: LogLevel): boolean {
    const threshold = this.session.logLevel;
    return threshold === undefined || logLevelRank(level) >= logLevelRank(threshold);
  }

  notify(method: string, params: JsonObject): void {
    this.channel.send(notification(method, params));
  }

  openInputs(): InputChannel {
    return new LegacyInputs(this.session, this.channel, this.cancellation);
  }

  closeStream(): void {
    this.channel.closeStream();
  }
}

/** Input requests of a legacy call: real server→client requests on the call's channel. */
class LegacyInputs implements InputChannel {
  state: unknown = undefined;

  constructor(
    private readonly session: LegacyScopeSession,
    private readonly channel: LegacyChannel,
    private readonly cancellation: Cancellation,
  ) {}

  setState(data: unknown): void {
    this.state = data;
  }

  canAsk(request: EmbeddedInputRequest): boolean {
    return this.session.clientRequestsUnavailable === undefined && missingCapabilities(request, this.session.clientCapabilities) === undefined;
  }

  async askAll(requests: Readonly<Record<string, EmbeddedInputRequest>>): Promise<Record<string, InputAnswer>> {
    const session = this.session;
    if (session.clientRequestsUnavailable !== undefined) throw new SafeError(session.clientRequestsUnavailable);
    const entries = Object.entries(requests);
    for (const [key, request] of entries) {
      const lacking = missingCapabilities(request, session.clientCapabilities);
      // Engine text naming a capability, no handler data: safe for the client to read.
      if (lacking) throw new SafeError(`the client did not declare the ${capabilityNames(lacking)} capability needed for '${key}'`);
    }
    const answers = await Promise.all(
      entries.map(async ([key, request]) => [key, validateInputAnswer(key, request.method, await session.sendInput(request, this.channel, this.cancellation))] as const),
    );
    return Object.fromEntries(answers) as Record<string, InputAnswer>;
  }
}
