// createMcpServer: compiles a definition once and exposes the transport-neutral entry points
// both transports (HTTP, stdio) call. No per-request server construction happens anywhere.
import { META_SERVER_INFO } from "../core/era/envelope.js";
import { notification, type JsonObject, type JsonRpcNotification, type JsonRpcRequest } from "../core/jsonrpc/message.js";
import { readEnvelope } from "../core/era/envelope.js";
import type { AuthInfo } from "../auth/types.js";
import { deliverExtensionNotification } from "./extension-methods-dispatch.js";
import { outboundAllowed } from "./extension-methods.js";
import { createServerCodecs } from "./create-codecs.js";
import { requireSharedKeys } from "../coordination/shared-keys.js";
import { LocalChangeBus } from "../subscriptions/event-bus.js";
import { DEFAULT_MAX_URI_LENGTH } from "../uri/template.js";
import { compileDefinition, hasTaskTools, type CompiledServer } from "./compile.js";
import { TaskEngine } from "../tasks/engine.js";
import { DEFAULT_HANDLER_TIMEOUT_MS } from "./handler-call.js";
import type { ServerControl, ServerDefinition } from "./definition.js";
import { LegacySession, type LegacyAnswer, type LegacyHost } from "./legacy-session.js";
import { createLiveLists, type LiveLists } from "./live-lists.js";
import { serveModernRequest, type ModernExchange, type ModernHost, type Reply } from "./modern.js";
import { DEFAULT_MAX_BODY_BYTES, type RequestInfo, type ServerOptions } from "./options.js";
import { DEFAULT_DRAIN_MS, DEFAULT_MAX_IN_FLIGHT, DEFAULT_MAX_IN_FLIGHT_PER_CALLER, drainingError, isLongLived, RequestGate } from "./drain.js";
import { composeRequestWrapper, type RequestWrapper } from "./request-hooks.js";
import { normalizeExposedHeaders } from "./request-view.js";
import { UrlElicitationTracker } from "./url-elicitation.js";
import type { RootsListChangedEvent } from "./definition.js";
import { META_PROTOCOL_VERSION } from "../core/era/envelope.js";
import { principalOf } from "../auth/principal.js";
import { answerText, serializeError } from "../core/jsonrpc/serialize.js";
import type { MaybePromise } from "../core/maybe-promise.js";

export interface McpServer extends ServerControl, LiveLists {
  readonly definition: ServerDefinition;
  readonly options: ServerOptions;
  readonly maxBodyBytes: number;
  /** Serves one modern-era request (envelope already claimed by the body). */
  serveModern(request: JsonRpcRequest, exchange: ModernExchange): MaybePromise<Reply>;
  /**
   * Delivers a modern-era client→server notification (HTTP POST answered 202, or a stdio line)
   * to its extension handler; false when no handler took it (SERVER.md § Extension methods).
   */
  serveModernNotification(message: JsonRpcNotification, sender?: { auth?: AuthInfo }): boolean;
  /**
   * Sends a declared server→client extension notification to every legacy session of this
   * process that declared its extension and has an unsolicited channel (GET stream / stdio).
   * The modern era has no such channel (listen streams carry only the types a client filters
   * on): send request-related ones with `ctx.notify`. Returns how many sessions got it.
   */
  notifyExtension(method: string, params?: JsonObject): number;
  /** Legacy revisions served, preferred first (empty for a modern-only server). */
  readonly legacyRevisions: readonly string[];
  /** Hands a transport-level failure to ServerOptions.onError (never to a client). */
  reportError(error: unknown): void;
  /**
   * Work that outlives its response (the tasks this instance runs now): settles when it has
   * ended; undefined when there is none. The fetch adapter hands it to a Worker's waitUntil.
   */
  background(): Promise<void> | undefined;
  /** Creates a legacy session bound to this server (one per HTTP session or stdio connection). */
  createLegacySession(id?: string): LegacySession;
  /** Admission and drain state: in-flight counts, caps, whether a drain began (server/drain.ts). */
  readonly gate: RequestGate;
  /**
   * Runs `listener("drain")` when close() begins (transports end their long-lived streams) and
   * `listener("close")` once the drain is over (transports release the rest).
   */
  onClosing(listener: (phase: "drain" | "close") => void): void;
  /**
   * Hears every 2025-11-25 `notifications/roots/list_changed` (besides ServerDefinition.onRootsListChanged);
   * returns the function that stops it.
   */
  onRootsListChanged(listener: (event: RootsListChangedEvent) => void | Promise<void>): () => void;
  /**
   * Ends open listen streams with their close result and stops new work; with `drainMs`, lets
   * in-flight requests finish for up to that long first. Then closes legacy sessions (aborting
   * what still runs). Resolves true when nothing was cut.
   */
  close(options?: { drainMs?: number }): Promise<boolean>;
}

interface ModernMeta {
  [META_PROTOCOL_VERSION]?: unknown;
}

export function createMcpServer(definition: ServerDefinition, options: ServerOptions = {}): McpServer {
  if (options.coordination) requireSharedKeys(options);
  const compiled: CompiledServer = compileDefinition(definition, options.limits?.pageSize);
  const { stateCodec, handles } = createServerCodecs(options, definition.handles ?? {});
  const bus = options.coordination?.bus ?? new LocalChangeBus();
  const sessions = new Set<LegacySession>();
  const gate = new RequestGate(options.limits?.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT, options.limits?.maxInFlightPerCaller ?? DEFAULT_MAX_IN_FLIGHT_PER_CALLER);
  const wrap = composeRequestWrapper(options.hooks, options.interceptors, (error) => options.onError?.(error));
  const closingListeners: Array<(phase: "drain" | "close") => void> = [];
  const tell = (phase: "drain" | "close") => {
    for (const listener of closingListeners) {
      try {
        listener(phase);
      } catch (error) {
        options.onError?.(error);
      }
    }
  };
  let closed: Promise<boolean> | undefined;
  let markClosing: () => void = () => {};
  const closing = new Promise<void>((resolve) => {
    markClosing = resolve;
  });
  const urlElicitations = new UrlElicitationTracker();
  const rootsListeners = new Set<(event: RootsListChangedEvent) => void | Promise<void>>();
  if (definition.onRootsListChanged) rootsListeners.add(definition.onRootsListChanged);
  // A listener's failure is the server's to hear, never the client's (a notification has no answer).
  const rootsListChanged = (event: RootsListChangedEvent): void => {
    for (const listener of rootsListeners) {
      try {
        Promise.resolve(listener(event)).catch((error: unknown) => options.onError?.(error));
      } catch (error) {
        options.onError?.(error);
      }
    }
  };
  const control: ServerControl = {
    completeElicitation: (elicitationId: string) => urlElicitations.complete(elicitationId),
    notifyToolsListChanged: () => bus.publish({ type: "toolsListChanged" }),
    notifyPromptsListChanged: () => bus.publish({ type: "promptsListChanged" }),
    notifyResourcesListChanged: () => bus.publish({ type: "resourcesListChanged" }),
    notifyResourceUpdated: (uri: string) => bus.publish({ type: "resourceUpdated", uri }),
  };
  const host = {
    compiled,
    handles,
    control,
    reportError: (error: unknown) => options.onError?.(error),
    stateCodec,
    capabilities: compiled.capabilities,
    serverInfo: compiled.serverInfo,
    bus,
    maxListens: options.limits?.maxListens ?? 1024,
    listens: { active: 0 },
    closing,
    clientRequestTimeoutMs: options.limits?.clientRequestTimeoutMs ?? 10 * 60_000,
    handlerTimeoutMs: options.limits?.handlerTimeoutMs ?? DEFAULT_HANDLER_TIMEOUT_MS,
    maxUriLength: options.limits?.maxUriLength ?? DEFAULT_MAX_URI_LENGTH,
    callerOf: options.callerOf,
    urlElicitations,
    exposedHeaders: normalizeExposedHeaders(options.exposeHeaders),
    rootsListChanged,
    serverMetaJson: `"_meta":${JSON.stringify({ [META_SERVER_INFO]: compiled.serverInfo })}`,
    tasks: hasTaskTools(definition)
      ? new TaskEngine({
          ...options.tasks,
          // A coordination that carries a shared task store (Coordination.tasks) is the default store.
          ...(options.tasks?.store === undefined && options.coordination?.tasks !== undefined ? { store: options.coordination.tasks } : {}),
          reportError: (error: unknown) => options.onError?.(error),
        })
      : undefined,
  };
  const live = createLiveLists(compiled, (event) => bus.publish(event), host.tasks !== undefined);
  const modernCaller = (exchange: ModernExchange): string | undefined =>
    exchange.auth ? principalOf(exchange.auth) : options.callerOf?.({ headers: exchange.headers, clientInfo: undefined });
  // Not async: without `wrap` the request's own frame leaves the gate (serveModernRequest).
  // It may throw (callerOf did) and may answer synchronously (MaybePromise): transports handle both.
  const serveModern = (request: JsonRpcRequest, exchange: ModernExchange): MaybePromise<Reply> => {
    const counted = !isLongLived(request.method);
    const caller = counted ? modernCaller(exchange) : undefined;
    if (counted) {
      const refused = gate.enter(caller);
      if (refused) return { status: refused.httpStatus ?? 503, body: serializeError(request.id, refused) };
    } else if (gate.draining) {
      return { status: 503, body: serializeError(request.id, drainingError()) };
    }
    if (!wrap) return serveModernRequest(host, request, exchange, counted ? gate : undefined, caller);
    return serveWrapped(wrap, request, exchange, counted, caller);
  };
  const serveWrapped = async (wrap: RequestWrapper, request: JsonRpcRequest, exchange: ModernExchange, counted: boolean, caller: string | undefined): Promise<Reply> => {
    try {
      let reply: Reply = { status: 200 };
      const meta = request.params?.["_meta"] as ModernMeta | undefined;
      const info: RequestInfo = {
        method: request.method,
        id: request.id,
        era: "modern",
        params: request.params,
        sessionId: undefined,
        protocolVersion: typeof meta?.[META_PROTOCOL_VERSION] === "string" ? (meta[META_PROTOCOL_VERSION] as string) : undefined,
        headers: exchange.headers,
      };
      await wrap(info, async () => {
        reply = await serveModernRequest(host, request, exchange);
        return reply.body;
      });
      return reply;
    } finally {
      if (counted) gate.leave(caller);
    }
  };
  const gateLegacy = (session: LegacySession): void => {
    // Without hooks the session's own handleRequest enters and leaves the gate: no wrapper frame.
    if (!wrap) {
      session.admission = gate;
      return;
    }
    const handle = session.handleRequest.bind(session);
    session.handleRequest = async (request, channel) => {
      const counted = !isLongLived(request.method);
      // initialize is exempt from the per-session cap (there is no session before it); its id then names it.
      const caller = counted ? session : undefined;
      if (counted) {
        const refused = gate.enter(caller);
        if (refused) return serializeError(request.id, refused);
      }
      try {
        const info: RequestInfo = {
          method: request.method,
          id: request.id,
          era: "legacy",
          params: request.params,
          sessionId: session.id,
          protocolVersion: session.protocolVersion,
          headers: channel.headers,
        };
        // Interceptors see (and return) the answer's text; a shared one keeps its bytes unless replaced.
        let answer: LegacyAnswer | undefined;
        const text = await wrap(info, async () => {
          answer = await handle(request, channel);
          return answer === undefined ? undefined : answerText(answer);
        });
        return answer !== undefined && text === answerText(answer) ? answer : text;
      } finally {
        if (counted) gate.leave(caller);
      }
    };
  };
  const finalClose = () => {
    tell("close");
    closingListeners.length = 0;
    for (const session of [...sessions]) session.close();
    host.tasks?.close();
    options.coordination?.close().catch((error: unknown) => options.onError?.(error));
  };
  return {
    ...control,
    ...live,
    gate,
    definition,
    options,
    maxBodyBytes: options.limits?.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    legacyRevisions: compiled.legacyRevisions,
    reportError: host.reportError,
    background: () => host.tasks?.background(),
    serveModern,
    serveModernNotification(message, sender = {}) {
      // A notification without a valid envelope has nobody to check against: not delivered.
      let envelope;
      try {
        envelope = readEnvelope(message.params);
      } catch {
        return false;
      }
      return deliverExtensionNotification(compiled.extensions, control, host.reportError, message.method, message.params, {
        era: "modern",
        clientCapabilities: envelope.clientCapabilities,
        clientInfo: envelope.clientInfo,
        ...(sender.auth ? { auth: sender.auth } : {}),
      });
    },
    notifyExtension(method, params = {}) {
      let sent = 0;
      for (const session of sessions) {
        if (!session.initialized || !session.unsolicited || !outboundAllowed(compiled.extensions, method, session.clientCapabilities)) continue;
        session.unsolicited(notification(method, params));
        sent++;
      }
      return sent;
    },
    createLegacySession(id) {
      const session = new LegacySession(host, id);
      const unsubscribe = bus.subscribe((event) => session.deliverChange(event));
      sessions.add(session);
      gateLegacy(session);
      const close = session.close.bind(session);
      session.close = () => {
        unsubscribe();
        sessions.delete(session);
        close();
      };
      return session;
    },
    onRootsListChanged(listener) {
      rootsListeners.add(listener);
      return () => {
        rootsListeners.delete(listener);
      };
    },
    onClosing(listener) {
      closingListeners.push(listener);
    },
    close(closeOptions = {}) {
      if (closed) return closed;
      const drainMs = closeOptions.drainMs ?? DEFAULT_DRAIN_MS;
      const waits = gate.active > 0 && drainMs > 0;
      const drained = gate.drain(drainMs);
      markClosing();
      tell("drain");
      if (!waits) {
        // Nothing to wait for: close at once, as close() always did (callers may not await it).
        const clean = gate.active === 0;
        finalClose();
        closed = Promise.resolve(clean);
        return closed;
      }
      closed = drained.then((clean) => {
        finalClose();
        return clean;
      });
      return closed;
    },
  };
}
