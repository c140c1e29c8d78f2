// The ServerHandlerContext a user handler sees, built from the era-specific CallScope.
// PERFORMANCE: one class instance per call with methods on the prototype, instead of an object
// of fresh closures, keeps allocation (and GC) per tools/call small.
import type { AuthInfo } from "../auth/types.js";
import type { LogLevel } from "../core/era/envelope.js";
import type { Era } from "../core/era/revisions.js";
import { bindHandleCodec, type HandleCodec } from "../handles/handles.js";
import type { JsonObject, RequestId } from "../core/jsonrpc/message.js";
import { buildInputRequest, type EmbeddedInputRequest, type InputAnswer, type InputRequestDeclaration } from "../mrtr/input-requests.js";
import type { ServerHandlerContext, ServerControl } from "./definition.js";
import { outboundAllowed, type CompiledExtensions } from "./extension-methods.js";
import type { HandlerCall } from "./handler-call.js";
import { createRequestView, type RequestView } from "./request-view.js";
import type { CallScope, InputChannel } from "./scope.js";

class RequestContext implements ServerHandlerContext {
  readonly server: ServerControl;
  private readonly codec: HandleCodec;
  private boundHandles: HandleCodec | undefined;
  readonly inputs: InputChannel;
  private readonly scope: CallScope;
  private readonly declarations: Readonly<Record<string, InputRequestDeclaration>>;
  private lastProgress = -Infinity;
  private view: RequestView | undefined;
  /** This invocation: its cancellation also ends at the deadline, unlike the request's. */
  private readonly call: HandlerCall;

  constructor(
    scope: CallScope,
    declarations: Readonly<Record<string, InputRequestDeclaration>>,
    handles: HandleCodec,
    server: ServerControl,
    call: HandlerCall,
    private readonly extensions: CompiledExtensions | undefined,
  ) {
    this.scope = scope;
    this.call = call;
    this.declarations = declarations;
    this.codec = handles;
    this.server = server;
    this.inputs = scope.openInputs(declarations);
  }

  get era(): Era {
    return this.scope.era;
  }
  get protocolVersion(): string {
    return this.scope.protocolVersion;
  }
  get method(): string {
    return this.scope.method;
  }
  get requestId(): RequestId {
    return this.scope.requestId;
  }
  get clientCapabilities(): JsonObject {
    return this.scope.clientCapabilities;
  }
  get clientInfo(): JsonObject | undefined {
    return this.scope.clientInfo;
  }
  get signal(): AbortSignal {
    return this.call.cancellation.signal;
  }
  get auth(): AuthInfo | undefined {
    return this.scope.auth;
  }
  get handles(): HandleCodec {
    return (this.boundHandles ??= bindHandleCodec(this.codec, this.scope.caller));
  }
  get state(): unknown {
    return this.inputs.state;
  }
  get task(): ServerHandlerContext["task"] {
    return this.scope.task;
  }
  /** Built on first use: most handlers never look. */
  get request(): RequestView {
    return (this.view ??= createRequestView(this.scope.params, this.scope.requestHeaders));
  }

  progress(progress: number, total?: number, message?: string): void {
    // Progress must strictly increase and stop once the request is over
    // (2026-07-28 basic/patterns/progress); stale or late values are dropped.
    const scope = this.scope;
    if (scope.progressToken === undefined || this.call.cancellation.aborted || !(progress > this.lastProgress)) return;
    this.lastProgress = progress;
    const params: JsonObject = { progressToken: scope.progressToken, progress };
    if (total !== undefined) params["total"] = total;
    if (message !== undefined) params["message"] = message;
    scope.notify("notifications/progress", params);
  }

  log(level: LogLevel, data: unknown, logger?: string): void {
    if (this.call.cancellation.aborted || !this.scope.shouldLog(level)) return;
    const params: JsonObject = { level, data };
    if (logger !== undefined) params["logger"] = logger;
    this.scope.notify("notifications/message", params);
  }

  async ask(key: string, overrides?: JsonObject): Promise<InputAnswer> {
    const answers = await this.askAll({ [key]: overrides });
    return answers[key] as InputAnswer;
  }

  async askAll(requests: Readonly<Record<string, JsonObject | undefined>>): Promise<Record<string, InputAnswer>> {
    const built: Record<string, EmbeddedInputRequest> = {};
    for (const [key, overrides] of Object.entries(requests)) built[key] = this.forEra(buildInputRequest(this.declared(key), overrides));
    // Waiting for the client (legacy server→client requests) is not handler time.
    this.call.pause();
    try {
      return await this.inputs.askAll(built);
    } finally {
      this.call.resume();
    }
  }

  notify(method: string, params: JsonObject = {}): boolean {
    if (this.extensions === undefined || !outboundAllowed(this.extensions, method, this.scope.clientCapabilities)) return false;
    if (this.call.cancellation.aborted) return false;
    this.scope.notify(method, params);
    return true;
  }

  /** 2026-07-28 URL elicitations carry no elicitationId (client/elicitation § URL Mode); a legacy one keeps the handler's. */
  private forEra(request: EmbeddedInputRequest): EmbeddedInputRequest {
    if (this.scope.era !== "modern" || request.params?.["elicitationId"] === undefined) return request;
    const { elicitationId: _id, ...params } = request.params;
    return { ...request, params };
  }

  canAsk(key: string): boolean {
    return this.inputs.canAsk(buildInputRequest(this.declared(key), undefined));
  }

  setState(data: unknown): void {
    this.inputs.setState(data);
  }

  closeStream(): void {
    this.scope.closeStream();
  }

  private declared(key: string): InputRequestDeclaration {
    const decl = Object.hasOwn(this.declarations, key) ? this.declarations[key] : undefined;
    if (decl === undefined) throw new Error(`input request '${key}' is not declared for ${this.scope.method}`);
    return decl;
  }
}

/** Builds the context; also returns the input channel so the caller can finish an MRTR round. */
export function createHandlerContext(
  scope: CallScope,
  declarations: Readonly<Record<string, InputRequestDeclaration>>,
  handles: HandleCodec,
  server: ServerControl,
  call: HandlerCall,
  extensions?: CompiledExtensions,
): { ctx: ServerHandlerContext; inputs: InputChannel } {
  const ctx = new RequestContext(scope, declarations, handles, server, call, extensions);
  return { ctx, inputs: ctx.inputs };
}
