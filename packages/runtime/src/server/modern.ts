// The modern (2026-07-28) request pipeline, transport-neutral. Validation order follows the
// spec's error precedence: envelope (-32602) → version header agreement (-32020) → supported
// version (-32022) → standard headers (-32020) → method exists (404/-32601) → mirrored
// parameter headers (-32020) → dispatch.
import { principalOf } from "../auth/principal.js";
import type { AuthInfo } from "../auth/types.js";
import { readEnvelope, logLevelRank, META_SERVER_INFO, type Envelope, type LogLevel } from "../core/era/envelope.js";
import { checkMethodAndNameHeaders, checkParamHeaders, checkProtocolVersionHeader, type HeaderLookup } from "../core/headers/standard.js";
import { capabilityAllows, methodRow } from "../core/methods.js";
import { INTERNAL_ERROR, UNSUPPORTED_PROTOCOL_VERSION } from "../core/jsonrpc/codes.js";
import { methodNotFound, RpcError } from "../core/jsonrpc/errors.js";
import { isPlainObject, notification, type JsonObject, type JsonRpcNotification, type JsonRpcRequest, type RequestId } from "../core/jsonrpc/message.js";
import { RawJson, serializeAnswer, serializeError, type ResultBody, type SharedSuccess } from "../core/jsonrpc/serialize.js";
import { isThenable, type MaybePromise } from "../core/maybe-promise.js";
import type { InputRequestDeclaration } from "../mrtr/input-requests.js";
import { openModernInputs } from "../mrtr/modern-inputs.js";
import type { RequestStateCodec } from "../mrtr/request-state.js";
import { runListen, type ListenHost } from "../subscriptions/listen.js";
import { serveModernTaskMethod } from "../tasks/dispatch.js";
import { taskListenHook } from "../tasks/listen.js";
import { serveExtensionMethod } from "./extension-methods-dispatch.js";
import { callTool, complete, getPrompt, listPage, readResource, type ListMethod, type OperationHost, type OperationOutcome } from "./operations.js";
import type { Cancellation } from "./cancellation.js";
import type { RequestGate } from "./drain.js";
import type { ServerOptions } from "./options.js";
import type { CallScope, InputChannel } from "./scope.js";
import { visibleHeaders } from "./request-view.js";

export interface ModernHost extends OperationHost, ListenHost {
  stateCodec: RequestStateCodec;
  /** `"_meta":{"io.modelcontextprotocol/serverInfo":{…}}`, serialized once. */
  serverMetaJson: string;
  callerOf: ServerOptions["callerOf"];
  /** ServerOptions.exposeHeaders, lower-cased (request-view.ts). */
  exposedHeaders?: readonly string[];
}

export interface ModernExchange {
  /** Present on HTTP: header cross-checks run only there (stdio has no header layer). */
  headers?: HeaderLookup;
  /** Aborted when the client cancels (stream close on HTTP, notifications/cancelled on stdio). */
  cancellation: Cancellation;
  /** Sends a notification related to this request on its own stream. */
  notify(message: JsonRpcNotification): void;
  /** The request's verified token (HTTP with ServerOptions.auth). */
  auth?: AuthInfo;
}

export interface Reply {
  status: number;
  /** Serialized JSON-RPC response; undefined for accepted notifications and silent ends. */
  body?: string;
  /** The same response in parts, when its result is shared (SharedRawJson): adapters that write bytes use them. */
  shared?: SharedSuccess;
}

/**
 * Keys the engine adds to a complete result (resultType, _meta, ttlMs, cacheScope); a body that
 * sets one itself takes the slow path. Checked field by field, not with a loop over a key list:
 * this runs on every tools/call. An own key holding undefined counts as absent, as it does in
 * the serialized JSON.
 */
function setsStampedKeys(body: JsonObject): boolean {
  return body["resultType"] !== undefined || body["_meta"] !== undefined || body["ttlMs"] !== undefined || body["cacheScope"] !== undefined;
}

/**
 * Adds resultType, the serverInfo `_meta` and cache hints to a handler's result. FAST PATH: the
 * serverInfo fragment is serialized once per server (`serverMetaJson`), so a plain result is
 * stringified once and spliced instead of being copied into a new object first.
 */
function stampComplete(outcome: OperationOutcome, serverInfo: JsonObject, serverMetaJson: string): ResultBody {
  const body = outcome.body;
  if (body["resultType"] === "input_required") {
    // input_required results are never cacheable and carry no cache hints (caching § Cacheable Results).
    return { ...body, _meta: { [META_SERVER_INFO]: serverInfo } };
  }
  if (!setsStampedKeys(body)) {
    const json = JSON.stringify(body);
    const inner = json.length > 2 ? `${json.slice(1, -1)},` : "";
    const cache = outcome.cache ? `,"ttlMs":${JSON.stringify(outcome.cache.ttlMs)},"cacheScope":${JSON.stringify(outcome.cache.scope)}` : "";
    return new RawJson(`{"resultType":"complete",${inner}${serverMetaJson}${cache}}`);
  }
  const meta = isPlainObject(body["_meta"]) ? body["_meta"] : undefined;
  const stamped: JsonObject = { resultType: "complete", ...body, _meta: { ...meta, [META_SERVER_INFO]: serverInfo } };
  if (outcome.cache) {
    stamped["ttlMs"] = outcome.cache.ttlMs;
    stamped["cacheScope"] = outcome.cache.scope;
  }
  return stamped;
}

/** The per-request scope of a modern call; a class so a call allocates one object, not closures. */
class ModernScope implements CallScope {
  readonly era = "modern" as const;
  readonly protocolVersion: string;
  readonly method: string;
  readonly requestId: RequestId;
  readonly params: JsonObject;
  readonly clientCapabilities: JsonObject;
  readonly clientInfo: JsonObject | undefined;
  readonly cancellation: Cancellation;
  readonly progressToken: string | number | undefined;
  private readonly threshold: number | undefined;

  constructor(
    private readonly host: ModernHost,
    request: JsonRpcRequest,
    envelope: Envelope,
    private readonly exchange: ModernExchange,
  ) {
    this.protocolVersion = envelope.protocolVersion;
    this.method = request.method;
    this.requestId = request.id;
    this.params = request.params ?? {};
    this.clientCapabilities = envelope.clientCapabilities;
    this.clientInfo = envelope.clientInfo;
    this.cancellation = exchange.cancellation;
    this.progressToken = envelope.progressToken;
    this.threshold = envelope.logLevel === undefined ? undefined : logLevelRank(envelope.logLevel);
  }

  get caller(): string | undefined {
    const auth = this.exchange.auth;
    return auth ? principalOf(auth) : this.host.callerOf?.({ headers: this.exchange.headers, clientInfo: this.clientInfo });
  }

  get auth(): AuthInfo | undefined {
    return this.exchange.auth;
  }

  get requestHeaders(): Readonly<Record<string, string>> {
    return visibleHeaders(this.exchange.headers, this.host.exposedHeaders ?? []);
  }

  /** Without _meta logLevel the server MUST NOT log to this request (server/utilities/logging). */
  shouldLog(level: LogLevel): boolean {
    return this.threshold !== undefined && logLevelRank(level) >= this.threshold;
  }

  notify(method: string, params: JsonObject): void {
    if (!this.exchange.cancellation.aborted) this.exchange.notify(notification(method, params));
  }

  openInputs(declarations: Readonly<Record<string, InputRequestDeclaration>>): InputChannel {
    // requestState is bound to the caller too: state minted for one user is refused for another.
    return openModernInputs(this.method, this.params, this.clientCapabilities, declarations, this.host.stateCodec, this.caller);
  }

  closeStream(): void {
    // Modern streams are never dropped for polling; closing one would cancel the request.
  }
}

function modernScope(host: ModernHost, request: JsonRpcRequest, envelope: Envelope, exchange: ModernExchange): CallScope {
  return new ModernScope(host, request, envelope, exchange);
}

/**
 * Every method but tools/call. PERFORMANCE (issue 10): not async — server/discover and the lists
 * (pre-serialized) answer synchronously; the rest are one promise each.
 */
function dispatch(host: ModernHost, request: JsonRpcRequest, envelope: Envelope, exchange: ModernExchange): MaybePromise<ResultBody | undefined> {
  const method = request.method;
  switch (method) {
    case "server/discover":
      return host.compiled.discover;
    case "tools/list":
    case "prompts/list":
    case "resources/list":
    case "resources/templates/list":
      // Only resources/list may run template list callbacks; other lists stay allocation-free.
      return listPage(host, method as ListMethod, request.params, "modern", method === "resources/list" ? () => modernScope(host, request, envelope, exchange) : undefined);
    case "subscriptions/listen":
      return runListen(
        host,
        request.id,
        request.params ?? {},
        exchange.cancellation,
        (message) => exchange.notify(message),
        host.tasks ? taskListenHook(host.tasks, modernScope(host, request, envelope, exchange)) : undefined,
      );
    // tools/call never reaches here: serveModernRequest serves it without this frame.
    case "tasks/get":
    case "tasks/update":
    case "tasks/cancel":
      if (!host.tasks) throw methodNotFound(method);
      return serveModernTaskMethod(host.tasks, method, request.params ?? {}, modernScope(host, request, envelope, exchange));
    case "prompts/get":
      return getPrompt(host, modernScope(host, request, envelope, exchange)).then((outcome) => stampComplete(outcome, host.compiled.serverInfo, host.serverMetaJson));
    case "resources/read":
      return readResource(host, modernScope(host, request, envelope, exchange)).then((outcome) => stampComplete(outcome, host.compiled.serverInfo, host.serverMetaJson));
    case "completion/complete":
      return complete(host, modernScope(host, request, envelope, exchange)).then((outcome) => stampComplete(outcome, host.compiled.serverInfo, host.serverMetaJson));
    default: {
      const extension = host.compiled.extensions.methods.get(method);
      if (extension === undefined) throw methodNotFound(method);
      return serveExtensionMethod(host, modernScope(host, request, envelope, exchange), extension, 400).then((body) => stampComplete({ body }, host.compiled.serverInfo, host.serverMetaJson));
    }
  }
}

function validate(host: ModernHost, request: JsonRpcRequest, exchange: ModernExchange): Envelope {
  const envelope = readEnvelope(request.params);
  if (exchange.headers) checkProtocolVersionHeader(exchange.headers, envelope.protocolVersion);
  if (!host.compiled.modernRevisions.includes(envelope.protocolVersion)) {
    throw new RpcError(
      UNSUPPORTED_PROTOCOL_VERSION,
      `Unsupported protocol version: ${envelope.protocolVersion}`,
      { supported: host.compiled.modernRevisions, requested: envelope.protocolVersion },
      400,
    );
  }
  if (exchange.headers) checkMethodAndNameHeaders(exchange.headers, request.method, request.params);
  const method = request.method;
  const row = methodRow("modern", method);
  // An extension's method: its extension check runs at dispatch (extension-methods-dispatch.ts).
  if (row === undefined && host.compiled.extensions.methods.has(method)) return envelope;
  // A method of the other era, an unknown one, or one gated by an unadvertised capability: 404.
  if (row === undefined || !row.served || !capabilityAllows(row.capability, host.compiled.capabilities)) throw methodNotFound(method);
  if (exchange.headers && method === "tools/call") {
    const tool = host.compiled.tools.get(String(request.params?.["name"]));
    if (tool && tool.headerParams.length > 0) checkParamHeaders(exchange.headers, tool.headerParams, request.params?.["arguments"]);
  }
  return envelope;
}

/** CreateTaskResult is `Result & Task` with resultType "task" (extensions/tasks § Polymorphic Results). */
function toolCallResult(host: ModernHost, outcome: OperationOutcome): ResultBody {
  if (outcome.task) return { ...outcome.body, _meta: { [META_SERVER_INFO]: host.compiled.serverInfo } };
  return stampComplete(outcome, host.compiled.serverInfo, host.serverMetaJson);
}

/**
 * Serves one modern request. `admitted` is the request gate the caller entered for `caller`: it
 * is left here, once the reply exists, so the transport's wrapper need not be an async frame of
 * its own. PERFORMANCE (issue 10): tools/call skips `dispatch`, and a tool whose handler answered
 * synchronously is replied to synchronously (no promise between the request and its reply).
 */
export function serveModernRequest(
  host: ModernHost,
  request: JsonRpcRequest,
  exchange: ModernExchange,
  admitted?: RequestGate,
  caller?: string,
): MaybePromise<Reply> {
  let pending: Promise<OperationOutcome> | Promise<ResultBody | undefined>;
  try {
    const envelope = validate(host, request, exchange);
    if (request.method === "tools/call") {
      const outcome = callTool(host, modernScope(host, request, envelope, exchange));
      if (!isThenable(outcome)) {
        const reply = successReply(request.id, toolCallResult(host, outcome));
        admitted?.leave(caller);
        return reply;
      }
      pending = outcome as Promise<OperationOutcome>;
    } else {
      const result = dispatch(host, request, envelope, exchange);
      if (!isThenable(result)) {
        const reply = successReply(request.id, result);
        admitted?.leave(caller);
        return reply;
      }
      pending = result as Promise<ResultBody | undefined>;
    }
  } catch (error) {
    admitted?.leave(caller);
    return failureReply(host, request.id, error);
  }
  const call = new ModernCall(host, request, admitted, caller);
  return request.method === "tools/call"
    ? (pending as Promise<OperationOutcome>).then(
        (outcome) => call.toolSucceeded(outcome),
        (error: unknown) => call.failed(error),
      )
    : (pending as Promise<ResultBody | undefined>).then(
        (result) => call.succeeded(result),
        (error: unknown) => call.failed(error),
      );
}

/** A modern request between dispatch and its reply; leaves the request gate once. */
class ModernCall {
  constructor(
    private readonly host: ModernHost,
    private readonly request: JsonRpcRequest,
    private readonly admitted: RequestGate | undefined,
    private readonly caller: string | undefined,
  ) {}

  succeeded(result: ResultBody | undefined): Reply {
    this.admitted?.leave(this.caller);
    try {
      return successReply(this.request.id, result);
    } catch (error) {
      return failureReply(this.host, this.request.id, error);
    }
  }

  toolSucceeded(outcome: OperationOutcome): Reply {
    let result: ResultBody;
    try {
      result = toolCallResult(this.host, outcome);
    } catch (error) {
      return this.failed(error);
    }
    return this.succeeded(result);
  }

  failed(error: unknown): Reply {
    this.admitted?.leave(this.caller);
    return failureReply(this.host, this.request.id, error);
  }
}

function successReply(id: RequestId, result: ResultBody | undefined): Reply {
  if (result === undefined) return { status: 200 };
  const answer = serializeAnswer(id, result);
  return typeof answer === "string" ? { status: 200, body: answer } : { status: 200, body: answer.text, shared: answer };
}

function failureReply(host: ModernHost, id: RequestId, error: unknown): Reply {
  const rpcError = error instanceof RpcError ? error : internalError(host, error);
  return { status: rpcError.httpStatus ?? 200, body: serializeError(id, rpcError) };
}

function internalError(host: ModernHost, error: unknown): RpcError {
  host.reportError(error);
  return new RpcError(INTERNAL_ERROR, "Internal error");
}


