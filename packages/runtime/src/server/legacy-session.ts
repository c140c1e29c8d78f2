// One legacy-era (2025-11-25 and earlier) session: the initialize handshake, negotiated
// capabilities, the session log level and resource subscriptions, and the server→client request
// channel that turns a handler's `ctx.ask` into real elicitation/sampling/roots requests
// (2025-11-25 basic/lifecycle, basic/transports § Sending Messages to the Server).
import { LOG_LEVELS, type LogLevel } from "../core/era/envelope.js";
import { capabilityAllows, methodRow } from "../core/methods.js";
import { INTERNAL_ERROR, INVALID_REQUEST } from "../core/jsonrpc/codes.js";
import { invalidParams, methodNotFound, RpcError } from "../core/jsonrpc/errors.js";
import {
  isPlainObject,
  notification,
  type JsonObject,
  type JsonRpcMessage,
  type JsonRpcNotification,
  type JsonRpcRequest,
  type JsonRpcResponse,
  type RequestId,
} from "../core/jsonrpc/message.js";
import { serializeAnswer, serializeError, type ResultBody, type SerializedSuccess } from "../core/jsonrpc/serialize.js";
import { isThenable, type MaybePromise } from "../core/maybe-promise.js";
import { missingCapabilities, validateInputAnswer, type EmbeddedInputRequest } from "../mrtr/input-requests.js";
import type { SessionRecord } from "../coordination/types.js";
import type { ChangeEvent } from "../subscriptions/event-bus.js";
import { Cancellation } from "./cancellation.js";
import { isLongLived, type RequestGate } from "./drain.js";
import { duplicateRequestId } from "./handler-call.js";
import type { ServerOptions } from "./options.js";
import { callTool, complete, getPrompt, listPage, readResource, type ListMethod, type OperationHost, type OperationOutcome } from "./operations.js";
import type { CallScope } from "./scope.js";
import { LegacyScope, type LegacyChannel, type LegacyScopeSession } from "./legacy-scope.js";
import type { RootsListChangedEvent } from "./definition.js";
import { UrlElicitationRequiredError, type UrlElicitationTracker } from "./url-elicitation.js";
import { serveLegacyTaskMethod } from "../tasks/dispatch.js";
import { deliverExtensionNotification, serveExtensionMethod } from "./extension-methods-dispatch.js";
import { watchLegacyStatus } from "../tasks/legacy-status.js";
import type { TaskEngine } from "../tasks/engine.js";

export type { LegacyChannel } from "./legacy-scope.js";

export interface LegacyHost extends OperationHost {
  clientRequestTimeoutMs: number;
  callerOf: ServerOptions["callerOf"];
  /** Which session was given which URL elicitation id (url-elicitation.ts). */
  urlElicitations?: UrlElicitationTracker;
  /** ServerOptions.exposeHeaders, lower-cased (request-view.ts). */
  exposedHeaders?: readonly string[];
  /** Hears notifications/roots/list_changed (ServerDefinition.onRootsListChanged, server.onRootsListChanged). */
  rootsListChanged?: (event: RootsListChangedEvent) => void;
}

interface PendingClientRequest {
  resolve(result: JsonObject): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

export class LegacySession implements LegacyScopeSession {
  readonly id: string;
  protocolVersion: string | undefined;
  clientCapabilities: JsonObject = {};
  clientInfo: JsonObject | undefined;
  logLevel: LogLevel | undefined;
  readonly subscriptions = new Set<string>();
  /** Open tasks/result exchanges: where a task's server→client requests go once its tools/call is answered. */
  private readonly taskResultChannels = new Set<LegacyChannel>();
  /** Task requests sent while no tasks/result was open; delivered on the next one. */
  private readonly undelivered: JsonRpcMessage[] = [];
  /** Channel for unsolicited notifications (GET stream / stdout); undefined drops them. */
  unsolicited: ((message: JsonRpcNotification) => void) | undefined;
  lastActivity = Date.now();
  /** The caller named at `initialize` (ServerOptions.callerOf), kept with the session. */
  principal: string | undefined;
  /** The id of the session's GET stream, so another instance can take it over on resume. */
  standaloneStream: string | undefined;
  /** Told about every change to what a SessionRecord holds (shared session stores write it through). */
  onChange: ((patch: Partial<SessionRecord>) => void) | undefined;
  /**
   * Prefix of server→client request ids. Instances sharing a session use their own prefix so
   * that a reply routed from another instance names exactly one awaiting request.
   */
  outboundPrefix = "srv-";
  /** Set when this session cannot reach its client with requests (stateless legacy HTTP): why. */
  clientRequestsUnavailable: string | undefined;
  private readonly host: LegacyHost;
  private readonly pending = new Map<RequestId, PendingClientRequest>();
  private readonly inflight = new Map<RequestId, Cancellation>();
  /** The server's request gate when no hooks wrap requests (server.ts gateLegacy), else undefined. */
  admission: RequestGate | undefined;
  /** Requests of this session the gate counts now (CountedCaller: maxInFlightPerCaller is per session). */
  inFlight = 0;
  private nextOutboundId = 1;
  private closed = false;
  /** notifications/tasks/status watches of the tasks this session created (tasks/legacy-status.ts). */
  private readonly taskWatches = new Set<() => void>();

  constructor(host: LegacyHost, id: string = crypto.randomUUID()) {
    this.host = host;
    this.id = id;
  }

  get initialized(): boolean {
    return this.protocolVersion !== undefined;
  }

  /** What another instance needs to serve this session (undefined before the handshake). */
  record(): SessionRecord | undefined {
    if (this.protocolVersion === undefined) return undefined;
    const record: SessionRecord = { protocolVersion: this.protocolVersion, clientCapabilities: this.clientCapabilities, subscriptions: [...this.subscriptions] };
    if (this.clientInfo !== undefined) record.clientInfo = this.clientInfo;
    if (this.logLevel !== undefined) record.logLevel = this.logLevel;
    if (this.principal !== undefined) record.principal = this.principal;
    if (this.standaloneStream !== undefined) record.standaloneStream = this.standaloneStream;
    return record;
  }

  /** Applies a stored record or a patch announced by another instance. */
  restore(patch: Partial<SessionRecord>): void {
    if (patch.protocolVersion !== undefined) this.protocolVersion = patch.protocolVersion;
    if (patch.clientCapabilities !== undefined) this.clientCapabilities = patch.clientCapabilities;
    if ("clientInfo" in patch) this.clientInfo = patch.clientInfo;
    if ("logLevel" in patch) this.logLevel = (LOG_LEVELS as readonly unknown[]).includes(patch.logLevel) ? (patch.logLevel as LogLevel) : undefined;
    if (patch.subscriptions !== undefined) {
      this.subscriptions.clear();
      for (const uri of patch.subscriptions) this.subscriptions.add(uri);
    }
    if ("principal" in patch) this.principal = patch.principal;
    if ("standaloneStream" in patch) this.standaloneStream = patch.standaloneStream;
  }

  /** Forwards a change to this session if the client would want it (unsolicited notifications). */
  deliverChange(event: ChangeEvent): void {
    const caps = this.host.compiled.capabilities;
    if (!this.unsolicited || !this.initialized) return;
    if (event.type === "resourceUpdated") {
      if (this.subscriptions.has(event.uri)) this.unsolicited(notification("notifications/resources/updated", { uri: event.uri }));
      return;
    }
    const family = event.type === "toolsListChanged" ? "tools" : event.type === "promptsListChanged" ? "prompts" : "resources";
    const cap = caps[family];
    if (isPlainObject(cap) && cap["listChanged"] === true) this.unsolicited(notification(`notifications/${family}/list_changed`));
  }

  /**
   * Serves one request and returns the serialized response, or undefined when the client
   * cancelled it: the receiver of notifications/cancelled sends no response
   * (2025-11-25 basic/utilities/cancellation § Behavior Requirements).
   */
  handleRequest(request: JsonRpcRequest, channel: LegacyChannel): MaybePromise<LegacyAnswer | undefined> {
    // The request gate (drain.ts): initialize is exempt from the per-session cap (there is no
    // session before it); its id then names it. Long-lived requests are not counted.
    const gate = this.admission;
    const counted = gate !== undefined && !isLongLived(request.method);
    if (counted) {
      const refused = gate.enter(this);
      if (refused) return serializeError(request.id, refused);
    }
    this.lastActivity = Date.now();
    if (this.inflight.has(request.id)) {
      if (counted) gate.leave(this);
      return serializeError(request.id, duplicateRequestId());
    }
    const cancellation = new Cancellation();
    const call = new LegacyCall(this, request.id, cancellation, counted ? gate : undefined);
    let result: MaybePromise<ResultBody>;
    try {
      result = this.dispatch(request, channel, cancellation);
    } catch (error) {
      return call.failed(error);
    }
    if (!isThenable(result)) return call.succeeded(result);
    // Only a request still running can be cancelled, duplicated or cut by close(): one answered
    // synchronously never enters the in-flight table.
    this.inflight.set(request.id, cancellation);
    return (result as Promise<ResultBody>).then(
      (body) => call.succeeded(body),
      (error: unknown) => call.failed(error),
    );
  }

  /** The error answer of a request whose handler failed (LegacyCall). */
  answerFailure(id: RequestId, cancellation: Cancellation, error: unknown): string | undefined {
    if (cancellation.aborted) return undefined;
    // Completion of these elicitations goes to this session's GET stream (or stdio) later.
    if (error instanceof UrlElicitationRequiredError) for (const e of error.elicitations) this.trackElicitation(e.elicitationId, undefined);
    const rpcError = error instanceof RpcError ? error : this.internal(error);
    return serializeError(id, rpcError);
  }

  /** The request is over: it leaves the in-flight table and the request gate. */
  ended(id: RequestId, gate: RequestGate | undefined): void {
    this.inflight.delete(id);
    gate?.leave(this);
  }

  /** Returns false for a cancellation of a request this process is not serving (another instance may be). */
  handleNotification(message: JsonRpcNotification): boolean {
    this.lastActivity = Date.now();
    if (message.method === "notifications/cancelled") {
      const id = message.params?.["requestId"];
      // `initialize` is never cancellable (2025-11-25 basic/utilities/cancellation).
      if ((typeof id === "string" || typeof id === "number") && this.initialized) {
        const inflight = this.inflight.get(id);
        inflight?.abort();
        return inflight !== undefined;
      }
    }
    if (this.initialized) {
      deliverExtensionNotification(this.host.compiled.extensions, this.host.control, this.host.reportError, message.method, message.params, {
        era: "legacy",
        clientCapabilities: this.clientCapabilities,
        clientInfo: this.clientInfo,
        sessionId: this.id,
      });
    }
    // 2025-11-25 client/roots § Root List Changes; the hook may ask for the new roots at once.
    if (message.method === "notifications/roots/list_changed" && this.initialized) this.host.rootsListChanged?.(this.rootsEvent());
    // notifications/initialized, progress: nothing to do.
    return true;
  }

  /** Returns false when no request of this process awaited the answer (another instance may). */
  handleResponse(message: JsonRpcResponse): boolean {
    this.lastActivity = Date.now();
    if (message.id === null) return true;
    const pending = this.pending.get(message.id);
    if (!pending) return false;
    this.pending.delete(message.id);
    clearTimeout(pending.timer);
    if ("error" in message) pending.reject(new Error(`client answered ${message.error.code}: ${message.error.message}`));
    else pending.resolve(message.result);
    return true;
  }

  /** Ends the session: in-flight handlers are aborted and pending client requests rejected. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const controller of this.inflight.values()) controller.abort();
    for (const pending of this.pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(new Error("session closed"));
    }
    this.pending.clear();
    this.host.urlElicitations?.release(this);
    for (const stop of this.taskWatches) stop();
    this.taskWatches.clear();
    this.unsolicited = undefined;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Sends a real server→client request and awaits its result. */
  requestClient(method: string, params: JsonObject | undefined, channel: LegacyChannel, cancellation: Cancellation): Promise<JsonObject> {
    const id = `${this.outboundPrefix}${this.nextOutboundId++}`;
    return new Promise<JsonObject>((resolve, reject) => {
      if (cancellation.aborted || this.closed) return reject(new Error("request cancelled"));
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`client did not answer ${method} in time`));
      }, this.host.clientRequestTimeoutMs);
      timer.unref?.();
      this.pending.set(id, { resolve, reject, timer });
      cancellation.onAbort(() => {
        if (this.pending.delete(id)) {
          clearTimeout(timer);
          channel.send(notification("notifications/cancelled", { requestId: id, reason: "request cancelled" }));
          reject(new Error("request cancelled"));
        }
      });
      const message: JsonRpcRequest = params === undefined ? { jsonrpc: "2.0", id, method } : { jsonrpc: "2.0", id, method, params };
      // Nobody can answer a request that was never delivered: fail now instead of at the timeout.
      if (channel.send(message) === false && this.pending.delete(id)) {
        clearTimeout(timer);
        reject(new Error(`${method} could not be sent: the request's exchange is over`));
      }
    });
  }

  private internal(error: unknown): RpcError {
    this.host.reportError(error);
    return new RpcError(INTERNAL_ERROR, "Internal error");
  }

  private initialize(params: JsonObject): JsonObject {
    const served = this.host.compiled.legacyRevisions;
    const requested = params["protocolVersion"];
    if (typeof requested !== "string" || !isPlainObject(params["capabilities"])) {
      throw invalidParams("Invalid params: initialize needs protocolVersion and capabilities");
    }
    if (served.length === 0) {
      // A modern-only server names what it supports (2026-07-28 basic/versioning § Backward Compatibility).
      throw invalidParams("Unsupported protocol version: this server only serves the modern era", {
        supported: this.host.compiled.modernRevisions,
        requested,
      });
    }
    // Echo a supported version, else offer our preferred one (2025-11-25 lifecycle § Version Negotiation).
    this.protocolVersion = served.includes(requested) ? requested : (served[0] as string);
    this.clientCapabilities = params["capabilities"];
    this.clientInfo = isPlainObject(params["clientInfo"]) ? params["clientInfo"] : undefined;
    // The same capabilities the modern era advertises, `extensions` included (issue 10 #8: it was dropped here).
    // `tasks` arrived in 2025-11-25 (basic/utilities/tasks § Capabilities); older revisions never see it.
    const capabilities = this.protocolVersion >= "2025-11-25" ? this.host.compiled.legacyCapabilities : this.host.compiled.capabilities;
    const result: JsonObject = { protocolVersion: this.protocolVersion, capabilities, serverInfo: this.host.compiled.serverInfo };
    if (this.host.compiled.definition.instructions !== undefined) result["instructions"] = this.host.compiled.definition.instructions;
    return result;
  }

  // Not async (PERFORMANCE, issue 10: an async frame costs ~600 bytes per call): a plain
  // tools/call returns its operation's promise; the paths that await have methods of their own.
  private dispatch(request: JsonRpcRequest, channel: LegacyChannel, cancellation: Cancellation): ResultBody | Promise<ResultBody> {
    const params = request.params ?? {};
    const method = request.method;
    if (method === "initialize") {
      if (this.initialized) throw new RpcError(INVALID_REQUEST, "Invalid Request: session already initialized");
      return this.initialize(params);
    }
    if (method === "ping") return {};
    const row = methodRow("legacy", method);
    const extension = row === undefined ? this.host.compiled.extensions.methods.get(method) : undefined;
    if (extension !== undefined) return serveExtensionMethod(this.host, this.scope(request, channel, cancellation), extension);
    if (row === undefined || !row.served || !capabilityAllows(row.capability, this.host.compiled.legacyCapabilities)) throw methodNotFound(method);
    if (method.startsWith("tasks/")) {
      if (!this.host.tasks || (this.protocolVersion ?? "") < "2025-11-25") throw methodNotFound(method);
      const caller = this.scope(request, channel, cancellation).caller;
      if (method !== "tasks/result") return serveLegacyTaskMethod(this.host.tasks, method, params, caller, cancellation);
      return this.taskResult(this.host.tasks, params, caller, channel, cancellation);
    }
    switch (method) {
      case "logging/setLevel": {
        const level = params["level"];
        if (!(LOG_LEVELS as readonly unknown[]).includes(level)) throw invalidParams("Invalid params: unknown log level");
        this.logLevel = level as LogLevel;
        this.onChange?.({ logLevel: this.logLevel });
        return {};
      }
      case "resources/subscribe":
      case "resources/unsubscribe": {
        const uri = params["uri"];
        if (typeof uri !== "string") throw invalidParams("Invalid params: uri must be a string");
        if (method === "resources/subscribe") this.subscriptions.add(uri);
        else this.subscriptions.delete(uri);
        this.onChange?.({ subscriptions: [...this.subscriptions] });
        return {};
      }
      default:
        break;
    }
    if (method.endsWith("/list")) {
      const scopeOf = method === "resources/list" ? () => this.scope(request, channel, cancellation) : undefined;
      return listPage(this.host, method as ListMethod, request.params, "legacy", scopeOf);
    }
    if (method === "tools/call" && params["task"] !== undefined) return this.toolCallAsTask(request, channel, cancellation);
    if (method === "tools/call") {
      const outcome = callTool(this.host, this.scope(request, channel, cancellation));
      return isThenable(outcome) ? (outcome as Promise<OperationOutcome>).then(bodyOf) : outcome.body;
    }
    const run = method === "prompts/get" ? getPrompt : method === "resources/read" ? readResource : complete;
    return run(this.host, this.scope(request, channel, cancellation)).then(bodyOf);
  }

  /** 2025-11-25 basic/utilities/tasks § Input Required Status: the requestor calls tasks/result and the task's requests arrive on that stream. */
  private async taskResult(tasks: TaskEngine, params: JsonObject, caller: string | undefined, channel: LegacyChannel, cancellation: Cancellation): Promise<ResultBody> {
    this.taskResultChannels.add(channel);
    for (const message of this.undelivered.splice(0)) channel.send(message);
    try {
      return await serveLegacyTaskMethod(tasks, "tasks/result", params, caller, cancellation);
    } finally {
      this.taskResultChannels.delete(channel);
    }
  }

  private async toolCallAsTask(request: JsonRpcRequest, channel: LegacyChannel, cancellation: Cancellation): Promise<ResultBody> {
    const scopeChannel = this.taskChannel(channel);
    const { body } = await callTool(this.host, this.scope(request, scopeChannel, cancellation));
    const task = body["task"];
    if (this.host.tasks && isPlainObject(task) && typeof task["taskId"] === "string") {
      // Status changes go where the task's messages go, else the GET stream (tasks § Task Status Notification: MAY).
      let ended = false;
      let stop: (() => void) | undefined;
      const end = () => {
        ended = true;
        if (stop) this.taskWatches.delete(stop);
      };
      stop = watchLegacyStatus(this.host.tasks, task["taskId"], (message) => {
        if (scopeChannel.send(message) === false) this.unsolicited?.(message);
      }, end);
      if (!ended) this.taskWatches.add(stop);
    }
    return body;
  }

  /** A task outlives its tools/call exchange: later messages go to an open tasks/result, or wait for one. */
  private taskChannel(channel: LegacyChannel): LegacyChannel {
    const fallback = (message: JsonRpcMessage): boolean => {
      for (const open of this.taskResultChannels) if (open.send(message) !== false) return true;
      if (!("id" in message)) return false;
      // Else the standalone GET stream, which carries server→client requests too (2025-11-25 transports).
      if (this.unsolicited) {
        this.unsolicited(message as unknown as JsonRpcNotification);
        return true;
      }
      this.undelivered.push(message);
      return true;
    };
    return {
      send: (message) => channel.send(message) !== false || fallback(message),
      closeStream: () => channel.closeStream(),
      ...(channel.auth === undefined ? {} : { auth: channel.auth }),
      ...(channel.headers === undefined ? {} : { headers: channel.headers }),
    };
  }

  private scope(request: JsonRpcRequest, channel: LegacyChannel, cancellation: Cancellation): CallScope {
    return new LegacyScope(this, request, channel, cancellation);
  }

  get callerOf(): LegacyHost["callerOf"] {
    return this.host.callerOf;
  }

  get exposedHeaders(): readonly string[] | undefined {
    return this.host.exposedHeaders;
  }

  /** What onRootsListChanged hears; listRoots() asks on the session's own stream (GET stream / stdio). */
  private rootsEvent(): RootsListChangedEvent {
    const session = this;
    return {
      sessionId: this.id,
      clientInfo: this.clientInfo,
      clientCapabilities: this.clientCapabilities,
      async listRoots() {
        if (missingCapabilities({ method: "roots/list" }, session.clientCapabilities)) throw new Error("the client did not declare the roots capability");
        const channel: LegacyChannel = {
          send: (message) => {
            if (!session.unsolicited) return false;
            session.unsolicited(message as JsonRpcNotification);
            return true;
          },
          closeStream: () => {},
        };
        const answer = validateInputAnswer("roots", "roots/list", await session.requestClient("roots/list", undefined, channel, new Cancellation()));
        return answer as { roots: { uri: string; name?: string }[] };
      },
    };
  }

  /**
   * Remembers that this session was given `elicitationId`: its completion goes on the request's
   * stream while that is open, else on the GET stream / stdio (2025-11-25 client/elicitation §
   * Completion Notifications: only to the client that got the elicitation).
   */
  private trackElicitation(elicitationId: string, channel: LegacyChannel | undefined): void {
    this.host.urlElicitations?.track(this, elicitationId, (message) => {
      if (this.closed) return false;
      if (channel !== undefined && channel.send(message) !== false) return true;
      if (!this.unsolicited) return false;
      this.unsolicited(message);
      return true;
    });
  }

  /** The legacy bridge: each declared input becomes a real server→client request. */
  /** Sends one input request of a handler to the client (LegacyScopeSession). */
  sendInput(request: EmbeddedInputRequest, channel: LegacyChannel, cancellation: Cancellation): Promise<JsonObject> {
    let params = request.params;
    // A handler that names the id (to complete it later) keeps it; otherwise one is minted below.
    const given = request.method === "elicitation/create" && params?.["mode"] === "url" ? params["elicitationId"] : undefined;
    if (request.method === "elicitation/create" && params) {
      if (params["mode"] === "url") params = { ...params, elicitationId: crypto.randomUUID() };
      else if ((this.protocolVersion ?? "") < "2025-11-25") {
        // `mode` arrived in 2025-11-25; older clients get the form request without it.
        const { mode: _mode, ...rest } = params;
        params = rest;
      }
    }
    if (typeof given === "string" && given !== "" && params) params = { ...params, elicitationId: given };
    const elicitationId = request.method === "elicitation/create" ? params?.["elicitationId"] : undefined;
    if (typeof elicitationId === "string") this.trackElicitation(elicitationId, channel);
    return this.requestClient(request.method, params, channel, cancellation);
  }
}
const bodyOf = (outcome: OperationOutcome): ResultBody => outcome.body;

/**
 * A legacy request's response: its JSON text, or for a shared result (a list page) a
 * SharedSuccess, whose bytes the node:http adapter writes without encoding ~20 KB per request.
 */
export type LegacyAnswer = SerializedSuccess;

/**
 * One legacy request between dispatch and its answer. PERFORMANCE (issue 10): a class instead of
 * an async frame, so a request whose handler answered synchronously is answered in the same tick.
 */
class LegacyCall {
  constructor(
    private readonly session: LegacySession,
    private readonly id: RequestId,
    private readonly cancellation: Cancellation,
    private readonly gate: RequestGate | undefined,
  ) {}

  succeeded(result: ResultBody): LegacyAnswer | undefined {
    this.session.ended(this.id, this.gate);
    // A cancelled request gets no response (basic/utilities/cancellation § Behavior Requirements).
    if (this.cancellation.aborted) return undefined;
    return serializeAnswer(this.id, result);
  }

  failed(error: unknown): string | undefined {
    this.session.ended(this.id, this.gate);
    return this.session.answerFailure(this.id, this.cancellation, error);
  }
}
