// The generic, untyped dual-era MCP client.
//
// One object speaks to any MCP server over stdio or Streamable HTTP, in either era:
//   - modern (2026-07-28): stateless; every request carries the `_meta` envelope and, on
//     HTTP, the mirrored headers; `input_required` is answered through the registered
//     handlers and retried (MRTR); change notifications come from `subscriptions/listen`;
//   - legacy (≤ 2025-11-25): `initialize`/`initialized`, sessions, real server→client
//     requests answered by the SAME handlers, `resources/subscribe`.
// Callers use one API and never need to know which era the server speaks.
//
// Nothing here imports zod or any schema library: results are plain JSON objects, and
// typed parsing of `structuredContent` is a function the caller supplies (the generator
// passes its zod parser; hand-written callers may pass anything).

import { CACHEABLE_METHODS, ResultCache } from "./cache.js";
import { withEnvelope, META_SUBSCRIPTION_ID, type Implementation } from "./envelope.js";
import { HEADER_MISMATCH, McpClientError, McpRpcError, METHOD_NOT_FOUND, UNSUPPORTED_PROTOCOL_VERSION } from "./errors.js";
import { answerInputRequest, capabilitiesFromHandlers, type ClientHandlers } from "./handlers.js";
import { isFailure, isNotification, isRequest, type JsonRpcId, type JsonRpcMessage, type JsonRpcNotification, type JsonRpcRequest } from "./jsonrpc.js";
import { INPUT_CAPABLE_METHODS, resultKind, runInputRounds, type InputRequestEntry } from "./mrtr.js";
import { classifyProbe, defaultEraCache, type EraVerdictRecord, type ProbeOutcome } from "./probe.js";
import { paramHeaders, standardHeaders } from "./request-headers.js";
import { filterWants, legacyHonouredFilter, Subscription, unrequestedInAck, type SubscriptionFilter } from "./subscription.js";
import { requestSignal } from "./request-signal.js";
import { planToolHeaders, type HeaderParam } from "./tool-headers.js";
import type { ClientTransport } from "./transport/types.js";
import { eraOfRevision, isSupportedRevision, LEGACY_REVISIONS, MODERN_REVISIONS, pickMutualRevision, SUPPORTED_REVISIONS, type Era } from "./versions.js";

export type ProtocolChoice = "auto" | string;

export interface McpClientOptions {
  transport: ClientTransport;
  clientInfo: Implementation;
  /** "auto" probes the server (default); a revision string pins the era and version. */
  protocol?: ProtocolChoice;
  handlers?: ClientHandlers;
  /** Extra capabilities merged over the ones implied by `handlers`. */
  capabilities?: Record<string, unknown>;
  /** MRTR round limit per call (default 10). */
  maxInputRounds?: number;
  /** Per-request timeout (ms, default 60 000). */
  requestTimeoutMs?: number;
  /** How long a stdio probe waits for `server/discover` before assuming legacy (ms, default 3000). */
  probeTimeoutMs?: number;
  /** `true` for a private per-client cache, or a cache instance (mark it `shared` when several clients use it). */
  cache?: boolean | ResultCache;
  /** Where probe verdicts are remembered (default: one process-wide map). */
  eraCache?: Map<string, EraVerdictRecord>;
  /** Modern: ask the server for log notifications at this level on every request. */
  logLevel?: string;
  /** Fill omitted accepted elicitation fields from schema defaults (default true). */
  applyElicitationDefaults?: boolean;
  /** Legacy HTTP: open the standalone GET stream after initialize (default true). */
  legacyServerStream?: boolean;
  /** Pinned modern: call `server/discover` on connect (default true). */
  discoverOnConnect?: boolean;
  onWarning?: (message: string) => void;
  /** Every server notification not consumed by a subscription or progress callback. */
  onNotification?: (notification: JsonRpcNotification) => void;
}

export interface Progress {
  progress: number;
  total?: number;
  message?: string;
}

export interface RequestOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  onProgress?: (progress: Progress) => void;
  /** Skip the result cache for this call. */
  noCache?: boolean;
}

export interface CallToolOptions<T> extends RequestOptions {
  /** Validates/parses `structuredContent`; its return value becomes `structured`. */
  parseStructured?: (value: unknown) => T;
}

export type JsonObject = Record<string, unknown>;

export interface CallToolResult<T = unknown> extends JsonObject {
  content: unknown[];
  isError?: boolean;
  structuredContent?: unknown;
  /** Present when `parseStructured` was given and the result had `structuredContent`. */
  structured?: T;
}

export interface Page<K extends string> {
  items: JsonObject[];
  nextCursor: string | undefined;
  result: JsonObject & Record<K, unknown>;
}

interface SendSettings extends RequestOptions {
  /** Called with each JSON-RPC id used (a call may take several: MRTR, version retry). */
  onId?: (id: JsonRpcId) => void;
  isRetry?: boolean;
}

/**
 * Methods a modern client may simply send again when their response stream breaks
 * [S26:changelog § Major changes #9: no resumption; re-issue with a new id]. tools/call is
 * not among them: repeating a side effect is the caller's decision, not the transport's.
 */
const REISSUE_SAFE_METHODS: ReadonlySet<string> = new Set([
  "server/discover",
  "tools/list",
  "prompts/list",
  "prompts/get",
  "resources/list",
  "resources/templates/list",
  "resources/read",
  "completion/complete",
]);

const DEFAULT_LEGACY_REVISION = LEGACY_REVISIONS[0];
const DEFAULT_MODERN_REVISION = MODERN_REVISIONS[0];

export class McpClient {
  private readonly options: McpClientOptions;
  private readonly transport: ClientTransport;
  private readonly handlers: ClientHandlers;
  private readonly eraCache: Map<string, EraVerdictRecord>;
  private readonly cache: ResultCache | undefined;
  private nextId = 1;
  private nextProgressToken = 1;
  private readonly progressCallbacks = new Map<string | number, (progress: Progress) => void>();
  private readonly modernSubscriptions = new Map<JsonRpcId, { subscription: Subscription; filter: SubscriptionFilter }>();
  private readonly legacySubscriptions = new Set<{ subscription: Subscription; filter: SubscriptionFilter }>();
  private readonly toolHeaderPlans = new Map<string, HeaderParam[]>();
  private toolsListed = false;
  private legacyServerStreamOpened = false;
  private connected = false;
  private readonly lifetime = new AbortController();

  era: Era | undefined;
  protocolVersion: string | undefined;
  serverCapabilities: JsonObject = {};
  serverInfo: JsonObject | undefined;
  instructions: string | undefined;

  constructor(options: McpClientOptions) {
    this.options = options;
    this.transport = options.transport;
    this.handlers = options.handlers ?? {};
    this.eraCache = options.eraCache ?? defaultEraCache;
    this.cache = options.cache === true ? new ResultCache() : options.cache === false || options.cache === undefined ? undefined : options.cache;
  }

  /** Capabilities declared on every modern request and in legacy `initialize`. */
  get clientCapabilities(): JsonObject {
    return { ...capabilitiesFromHandlers(this.handlers), ...(this.options.capabilities ?? {}) };
  }

  private warn(message: string): void {
    if (this.options.onWarning !== undefined) this.options.onWarning(message);
    else process.emitWarning(message, { code: "MCP_CLIENT" });
  }

  // ---------------------------------------------------------------- connection

  async connect(): Promise<this> {
    if (this.connected) return this;
    await this.transport.start((message) => this.onInbound(message));
    const choice = this.options.protocol ?? "auto";
    if (choice === "auto") {
      const cached = this.eraCache.get(this.transport.serverKey);
      if (cached !== undefined) {
        try {
          await this.adopt(cached.era, cached.protocolVersion);
        } catch (error) {
          // [S26:basic/versioning]: re-probe when the cached verdict fails.
          this.eraCache.delete(this.transport.serverKey);
          if (error instanceof McpClientError && error.reason === "transport-closed") throw error;
          await this.probe();
        }
      } else {
        await this.probe();
      }
    } else {
      if (!isSupportedRevision(choice)) throw new McpClientError("unsupported-version", `this client does not speak protocol revision ${choice}`);
      await this.adopt(eraOfRevision(choice), choice);
    }
    this.connected = true;
    return this;
  }

  private async adopt(era: Era, protocolVersion: string | undefined): Promise<void> {
    if (era === "modern") {
      this.useModern(protocolVersion ?? DEFAULT_MODERN_REVISION);
      if (this.options.discoverOnConnect !== false) await this.discover({ tolerateMissing: true });
    } else {
      await this.initializeLegacy(protocolVersion ?? DEFAULT_LEGACY_REVISION);
    }
  }

  private useModern(protocolVersion: string): void {
    this.era = "modern";
    this.protocolVersion = protocolVersion;
    this.transport.setEra("modern", protocolVersion);
  }

  private async probe(): Promise<void> {
    const offered = DEFAULT_MODERN_REVISION;
    this.useModern(offered);
    let outcome: ProbeOutcome;
    // stdio: silence within the probe timeout means a legacy server. HTTP: a deployed server
    // always answers, so silence is an outage and surfaces as a timeout error.
    const timeoutMs = this.transport.kind === "stdio" ? (this.options.probeTimeoutMs ?? 3000) : (this.options.requestTimeoutMs ?? 60_000);
    const timeout = Number.isFinite(timeoutMs) && timeoutMs > 0 ? AbortSignal.timeout(timeoutMs) : undefined;
    try {
      const id = this.nextId++;
      const response = await this.transport.request(
        { jsonrpc: "2.0", id, method: "server/discover", params: withEnvelope(undefined, this.envelope()) },
        { ...(timeout === undefined ? {} : { signal: timeout }), headers: this.httpHeaders("server/discover", undefined) },
      );
      outcome = isFailure(response) ? { kind: "rpc-error", code: response.error.code, data: response.error.data } : { kind: "result", result: response.result };
    } catch (error) {
      if (!(error instanceof McpClientError)) throw error;
      if (error.reason === "aborted" && this.transport.kind === "stdio") {
        outcome = { kind: "no-answer" }; // stdio silence within the probe timeout
      } else if (error.reason === "aborted") {
        throw new McpClientError("timeout", `the server did not answer server/discover within ${timeoutMs} ms`);
      } else if (error.reason === "http-status" && (error.status ?? 0) < 500) {
        outcome = { kind: "no-answer" }; // a 4xx without a JSON-RPC body
      } else if (error.reason === "transport-closed" && this.transport.kind === "stdio" && this.transport.restart !== undefined) {
        // The server exited on the probe: a legacy server that rejects pre-initialize traffic.
        await this.transport.restart();
        outcome = { kind: "no-answer" };
      } else {
        throw error; // 401/403, 5xx, network failure: never era evidence
      }
    }
    const verdict = classifyProbe(outcome, this.transport.kind, offered, SUPPORTED_REVISIONS);
    if (verdict.era === "none") throw new McpClientError("unsupported-version", verdict.message);
    if (verdict.era === "modern") {
      this.useModern(verdict.protocolVersion);
      if (verdict.discovered !== undefined && !verdict.retryDiscover) this.absorbDiscover(verdict.discovered);
      else await this.discover({ tolerateMissing: true });
    } else {
      await this.initializeLegacy(verdict.protocolVersion ?? DEFAULT_LEGACY_REVISION);
    }
    this.eraCache.set(this.transport.serverKey, { era: this.era as Era, protocolVersion: this.protocolVersion });
  }

  private absorbDiscover(result: JsonObject): void {
    if (typeof result.capabilities === "object" && result.capabilities !== null) this.serverCapabilities = result.capabilities as JsonObject;
    if (typeof result.instructions === "string") this.instructions = result.instructions;
    const meta = result._meta as JsonObject | undefined;
    const info = meta?.["io.modelcontextprotocol/serverInfo"] ?? result.serverInfo;
    if (typeof info === "object" && info !== null) this.serverInfo = info as JsonObject;
  }

  /** Modern: `server/discover`. Pinned clients may talk to servers that skip it; then tolerate -32601. */
  async discover(settings: { tolerateMissing?: boolean } = {}): Promise<JsonObject | undefined> {
    try {
      const result = await this.send("server/discover", undefined, {});
      this.absorbDiscover(result);
      const supported = result.supportedVersions;
      if (Array.isArray(supported) && this.protocolVersion !== undefined && !supported.includes(this.protocolVersion)) {
        const mutual = pickMutualRevision(supported, "modern");
        if (mutual !== undefined) this.useModern(mutual);
      }
      return result;
    } catch (error) {
      if (settings.tolerateMissing === true && error instanceof McpRpcError && error.code === METHOD_NOT_FOUND) return undefined;
      throw error;
    }
  }

  private async initializeLegacy(offered: string): Promise<void> {
    this.era = "legacy";
    this.protocolVersion = offered;
    this.transport.setEra("legacy", offered);
    const id = this.nextId++;
    const timeoutMs = this.options.requestTimeoutMs ?? 60_000;
    // [S25:basic/utilities/cancellation]: initialize is never cancelled, so only a timeout applies.
    const timeout = Number.isFinite(timeoutMs) && timeoutMs > 0 ? AbortSignal.timeout(timeoutMs) : undefined;
    const response = await this.transport.request(
      {
        jsonrpc: "2.0",
        id,
        method: "initialize",
        params: { protocolVersion: offered, capabilities: this.clientCapabilities, clientInfo: this.options.clientInfo },
      },
      timeout === undefined ? {} : { signal: timeout },
    );
    if (isFailure(response)) throw new McpRpcError(response.error.code, response.error.message, response.error.data);
    const result = response.result;
    const agreed = typeof result.protocolVersion === "string" ? result.protocolVersion : offered;
    if (!isSupportedRevision(agreed) || eraOfRevision(agreed) !== "legacy") {
      throw new McpClientError("unsupported-version", `the server answered initialize with protocol ${agreed}, which this client does not speak`);
    }
    this.protocolVersion = agreed;
    this.serverCapabilities = (result.capabilities as JsonObject | undefined) ?? {};
    this.serverInfo = result.serverInfo as JsonObject | undefined;
    this.instructions = typeof result.instructions === "string" ? result.instructions : undefined;
    this.transport.handshakeComplete(agreed);
    await this.transport.notify({ jsonrpc: "2.0", method: "notifications/initialized" });
    if (this.options.legacyServerStream !== false) await this.openLegacyServerStream();
  }

  /**
   * Legacy HTTP: servers send requests and notifications that are not tied to a client
   * request (e.g. an SDK server's `elicitation/create` issued without a related request id)
   * on the standalone GET stream, and drop them when none is open. Open it right after the
   * handshake, as the official client does; a 405 just means the server has none.
   */
  private async openLegacyServerStream(): Promise<void> {
    if (this.transport.kind !== "http" || this.legacyServerStreamOpened || this.transport.openServerStream === undefined) return;
    const opened = this.transport.openServerStream();
    const settled = await Promise.race([opened, new Promise<"slow">((resolve) => setTimeout(() => resolve("slow"), 2000).unref())]);
    // A server that delays the GET response headers is still given the benefit of the doubt:
    // it has received the request, so the stream exists on its side.
    if (settled === "slow") this.warn("the server has not answered the GET stream request within 2 s; continuing");
    this.legacyServerStreamOpened = settled === true || settled === "slow";
  }

  async close(): Promise<void> {
    for (const { subscription } of [...this.modernSubscriptions.values()]) await subscription.close();
    for (const { subscription } of this.legacySubscriptions) subscription.end();
    // Requests still in flight are abandoned: abort them so no socket or stream outlives the client.
    this.lifetime.abort();
    await this.transport.close();
    this.connected = false;
  }

  // ---------------------------------------------------------------- sending

  private envelope(): { protocolVersion: string; clientCapabilities: JsonObject; clientInfo: Implementation; logLevel?: string } {
    return {
      protocolVersion: this.protocolVersion ?? DEFAULT_MODERN_REVISION,
      clientCapabilities: this.clientCapabilities,
      clientInfo: this.options.clientInfo,
      ...(this.options.logLevel === undefined ? {} : { logLevel: this.options.logLevel }),
    };
  }

  /** Modern HTTP headers for one request body; undefined when none apply. */
  private httpHeaders(method: string, params: JsonObject | undefined): Record<string, string> | undefined {
    if (this.transport.kind !== "http" || this.era !== "modern") return undefined;
    const headers = standardHeaders(this.protocolVersion ?? DEFAULT_MODERN_REVISION, method, params);
    if (method === "tools/call" && typeof params?.name === "string") {
      const plan = this.toolHeaderPlans.get(params.name);
      if (plan !== undefined) Object.assign(headers, paramHeaders(plan, params.arguments));
    }
    return headers;
  }

  /**
   * Send one request and return its result. Modern `-32022` is retried once at a mutual
   * version and modern HTTP `-32020` on tools/call once after re-listing tools
   * [§ Client Behavior]; every retry is a new request with a new id.
   */
  private async send(method: string, params: JsonObject | undefined, settings: SendSettings): Promise<JsonObject> {
    let versionRetried = false;
    let headersRetried = false;
    let sessionRetried = false;
    let reissued = false;
    for (;;) {
      try {
        return await this.sendOnce(method, params, settings);
      } catch (error) {
        if (error instanceof McpRpcError && this.era === "modern") {
          if (error.code === UNSUPPORTED_PROTOCOL_VERSION && !versionRetried) {
            const supported = (error.data as { supported?: unknown } | undefined)?.supported;
            const mutual = Array.isArray(supported) ? pickMutualRevision(supported, "modern") : undefined;
            if (mutual !== undefined) {
              versionRetried = true;
              this.useModern(mutual);
              continue;
            }
          }
          if (error.code === HEADER_MISMATCH && method === "tools/call" && this.transport.kind === "http" && !headersRetried) {
            headersRetried = true;
            await this.listAllTools({ noCache: true });
            continue;
          }
        }
        if (error instanceof McpClientError && error.reason === "transport-closed" && this.era === "modern" && !reissued && REISSUE_SAFE_METHODS.has(method) && !this.lifetime.signal.aborted) {
          reissued = true;
          continue;
        }
        if (error instanceof McpClientError && error.reason === "session-expired" && !sessionRetried && this.era === "legacy") {
          // [S25:basic/transports § Session Management]: 404 → start a new session, then retry once.
          sessionRetried = true;
          this.legacyServerStreamOpened = false;
          await this.initializeLegacy(this.protocolVersion ?? DEFAULT_LEGACY_REVISION);
          continue;
        }
        throw error;
      }
    }
  }

  private async sendOnce(method: string, params: JsonObject | undefined, settings: SendSettings): Promise<JsonObject> {
    const id = this.nextId++;
    settings.onId?.(id);
    let body: JsonObject | undefined = params;
    let progressToken: number | undefined;
    if (settings.onProgress !== undefined) {
      progressToken = this.nextProgressToken++;
      this.progressCallbacks.set(progressToken, settings.onProgress);
      const meta = { ...((params?._meta as JsonObject | undefined) ?? {}), progressToken };
      body = { ...(params ?? {}), _meta: meta };
    }
    if (this.era === "modern") body = withEnvelope(body, this.envelope());
    const timeoutMs = settings.timeoutMs ?? this.options.requestTimeoutMs ?? 60_000;
    const combined = requestSignal([settings.signal, this.lifetime.signal], timeoutMs);
    const signal = combined.signal;
    const request: JsonRpcRequest = { jsonrpc: "2.0", id, method, ...(body === undefined ? {} : { params: body }) };
    const headers = this.httpHeaders(method, params);
    try {
      const response = await this.transport.request(request, { signal, ...(headers === undefined ? {} : { headers }) });
      if (isFailure(response)) throw new McpRpcError(response.error.code, response.error.message, response.error.data);
      return response.result;
    } catch (error) {
      if (error instanceof McpClientError && error.reason === "aborted") {
        if (this.lifetime.signal.aborted) throw new McpClientError("transport-closed", `${method} was abandoned because the client closed`);
        await this.sendCancellation(id, combined.timedOut ? "timeout" : "aborted by the caller");
        if (combined.timedOut) throw new McpClientError("timeout", `${method} timed out after ${timeoutMs} ms`);
      }
      throw error;
    } finally {
      combined.dispose();
      if (progressToken !== undefined) this.progressCallbacks.delete(progressToken);
    }
  }

  /**
   * Cancellation [S26:basic/patterns/cancellation; S25:basic/utilities/cancellation]:
   * modern HTTP cancels by closing the stream (already done by aborting the fetch);
   * stdio (both eras) and legacy HTTP must also send `notifications/cancelled`.
   */
  private async sendCancellation(id: JsonRpcId, reason: string): Promise<void> {
    if (this.transport.kind === "http" && this.era === "modern") return;
    try {
      const params: JsonObject = { requestId: id, reason };
      await this.transport.notify({
        jsonrpc: "2.0",
        method: "notifications/cancelled",
        params: this.era === "modern" ? withEnvelope(params, this.envelope()) : params,
      });
    } catch {
      // The connection may be gone; nothing else to tell the server.
    }
  }

  /**
   * Generic request: envelope, headers, version retry, and — for tools/call,
   * prompts/get and resources/read on the modern era — automatic MRTR rounds.
   */
  async request(method: string, params?: JsonObject, options: RequestOptions = {}): Promise<JsonObject> {
    if (!this.connected && this.era === undefined) await this.connect();
    const cacheable = this.cache !== undefined && this.era === "modern" && CACHEABLE_METHODS.has(method) && options.noCache !== true;
    if (cacheable) {
      const hit = this.cache?.get(method, params);
      if (hit !== undefined) return hit;
    }
    if (this.era !== "modern") return this.send(method, params, options);
    if (!INPUT_CAPABLE_METHODS.has(method)) {
      const result = await this.send(method, params, options);
      if (resultKind(result) !== "complete") throw new McpClientError("bad-response", `${method} may not answer input_required`);
      if (cacheable) this.cache?.put(method, params, result);
      return result;
    }
    let rounds = 0;
    const result = await runInputRounds(
      (attemptParams, round) => {
        rounds = round;
        return this.send(method, attemptParams, { ...options, isRetry: round > 0 });
      },
      params ?? {},
      (requests) => this.fulfil(requests, options.signal),
      { maxRounds: this.options.maxInputRounds ?? 10, ...(options.signal === undefined ? {} : { signal: options.signal }) },
    );
    // Never cache the result of an MRTR retry [S26:server/utilities/caching § Cache Key].
    if (cacheable && rounds === 0) this.cache?.put(method, params, result);
    return result;
  }

  private async fulfil(requests: Record<string, InputRequestEntry>, signal: AbortSignal | undefined): Promise<JsonObject> {
    const entries = await Promise.all(
      Object.entries(requests).map(async ([key, entry]) => {
        const answer = await answerInputRequest(entry.method, entry.params ?? {}, this.handlers, this.handlerSettings(), {
          era: "modern",
          key,
          ...(signal === undefined ? {} : { signal }),
        });
        return [key, answer] as const;
      }),
    );
    return Object.fromEntries(entries);
  }

  private handlerSettings(): { applyElicitationDefaults?: boolean } {
    return this.options.applyElicitationDefaults === undefined ? {} : { applyElicitationDefaults: this.options.applyElicitationDefaults };
  }

  // ---------------------------------------------------------------- inbound

  private onInbound(message: JsonRpcMessage): void {
    if (isRequest(message)) {
      void this.answerServerRequest(message);
      return;
    }
    if (!isNotification(message)) return;
    this.cache?.invalidateFor(message.method, message.params);
    if (message.method === "notifications/progress") {
      const token = message.params?.progressToken;
      const callback = typeof token === "string" || typeof token === "number" ? this.progressCallbacks.get(token) : undefined;
      if (callback !== undefined) {
        const p = message.params ?? {};
        callback({
          progress: Number(p.progress),
          ...(typeof p.total === "number" ? { total: p.total } : {}),
          ...(typeof p.message === "string" ? { message: p.message } : {}),
        });
        return;
      }
    }
    const subscriptionId = (message.params?._meta as JsonObject | undefined)?.[META_SUBSCRIPTION_ID];
    if (subscriptionId !== undefined) {
      const entry = this.findModernSubscription(subscriptionId);
      if (entry !== undefined) {
        if (message.method === "notifications/subscriptions/acknowledged") {
          const acknowledged = (message.params?.notifications as SubscriptionFilter | undefined) ?? {};
          const extra = unrequestedInAck(entry.filter, acknowledged);
          if (extra.length > 0) this.warn(`the server acknowledged notifications that were not requested: ${extra.join(", ")}`);
          entry.subscription.acknowledge(acknowledged);
        } else if (filterWants(entry.filter, message)) {
          entry.subscription.push(message);
        }
        return;
      }
    }
    if (message.method === "notifications/cancelled") {
      // A server ending a listen stream on stdio (protocol-brief §9 #1: accept both forms).
      const entry = this.findModernSubscription(message.params?.requestId);
      if (entry !== undefined) {
        entry.subscription.end();
        return;
      }
    }
    let consumed = false;
    if (this.era === "legacy") {
      for (const entry of this.legacySubscriptions) {
        if (filterWants(entry.filter, message)) {
          entry.subscription.push(message);
          consumed = true;
        }
      }
    }
    if (!consumed) this.options.onNotification?.(message);
  }

  private findModernSubscription(id: unknown): { subscription: Subscription; filter: SubscriptionFilter } | undefined {
    if (typeof id !== "string" && typeof id !== "number") return undefined;
    return this.modernSubscriptions.get(id);
  }

  /**
   * Legacy server→client requests answered by the same handlers as MRTR
   * [SCH25:ServerRequest]. A modern server must never send one; if it does, it is
   * ignored with a warning, because modern clients send no JSON-RPC responses.
   */
  private async answerServerRequest(request: JsonRpcRequest): Promise<void> {
    if (this.era === "modern") {
      this.warn(`ignoring server→client request ${request.method}: modern servers must not send requests`);
      return;
    }
    let reply: { result: JsonObject } | { error: { code: number; message: string } };
    try {
      if (request.method === "ping") reply = { result: {} };
      else {
        const result = await answerInputRequest(request.method, request.params ?? {}, this.handlers, this.handlerSettings(), { era: "legacy" });
        reply = { result };
      }
    } catch (error) {
      reply =
        error instanceof McpClientError && error.reason === "no-handler"
          ? { error: { code: METHOD_NOT_FOUND, message: error.message } }
          : { error: { code: -32603, message: (error as Error).message } };
    }
    try {
      await this.transport.respond({ jsonrpc: "2.0", id: request.id, ...reply } as never);
    } catch (error) {
      this.warn(`could not answer ${request.method}: ${(error as Error).message}`);
    }
  }

  // ---------------------------------------------------------------- tools

  /** One page of `tools/list`. On modern HTTP, tools with invalid `x-mcp-header` annotations are dropped. */
  async listTools(cursor?: string, options: RequestOptions = {}): Promise<{ tools: JsonObject[]; nextCursor: string | undefined; result: JsonObject }> {
    const result = await this.request("tools/list", cursor === undefined ? undefined : { cursor }, options);
    const listed = Array.isArray(result.tools) ? (result.tools as JsonObject[]) : [];
    const tools: JsonObject[] = [];
    for (const tool of listed) {
      const name = String(tool.name);
      if (this.transport.kind === "http" && this.era === "modern") {
        const plan = planToolHeaders(tool.inputSchema);
        if (!plan.ok) {
          this.warn(`dropping tool "${name}" from tools/list: ${plan.reason}`);
          this.toolHeaderPlans.delete(name);
          continue;
        }
        this.toolHeaderPlans.set(name, plan.params);
      }
      tools.push(tool);
    }
    this.toolsListed = true;
    return { tools, nextCursor: typeof result.nextCursor === "string" ? result.nextCursor : undefined, result };
  }

  /** Every page of `tools/list` (cursors are opaque; `""` is a real cursor, not the end). */
  async listAllTools(options: RequestOptions = {}): Promise<JsonObject[]> {
    return this.collectPages((cursor) => this.listTools(cursor, options).then((page) => ({ items: page.tools, nextCursor: page.nextCursor })));
  }

  async callTool<T = unknown>(name: string, args: JsonObject = {}, options: CallToolOptions<T> = {}): Promise<CallToolResult<T>> {
    // Modern HTTP needs each tool's x-mcp-header plan before its first call.
    if (this.transport.kind === "http" && this.era === undefined) await this.connect();
    if (this.transport.kind === "http" && this.era === "modern" && !this.toolsListed) await this.listAllTools();
    const result = (await this.request("tools/call", { name, arguments: args }, options)) as CallToolResult<T>;
    if (options.parseStructured !== undefined && result.structuredContent !== undefined) {
      try {
        result.structured = options.parseStructured(result.structuredContent);
      } catch (error) {
        throw new McpClientError("invalid-structured-content", `structuredContent of tool "${name}" failed validation: ${(error as Error).message}`, { cause: error });
      }
    }
    return result;
  }

  // ---------------------------------------------------------------- prompts, resources, completion

  async listPrompts(cursor?: string, options: RequestOptions = {}): Promise<{ prompts: JsonObject[]; nextCursor: string | undefined; result: JsonObject }> {
    const result = await this.request("prompts/list", cursor === undefined ? undefined : { cursor }, options);
    return { prompts: (result.prompts as JsonObject[] | undefined) ?? [], nextCursor: typeof result.nextCursor === "string" ? result.nextCursor : undefined, result };
  }

  async listAllPrompts(options: RequestOptions = {}): Promise<JsonObject[]> {
    return this.collectPages((cursor) => this.listPrompts(cursor, options).then((page) => ({ items: page.prompts, nextCursor: page.nextCursor })));
  }

  async getPrompt(name: string, args: Record<string, string> = {}, options: RequestOptions = {}): Promise<JsonObject> {
    return this.request("prompts/get", { name, arguments: args }, options);
  }

  async listResources(cursor?: string, options: RequestOptions = {}): Promise<{ resources: JsonObject[]; nextCursor: string | undefined; result: JsonObject }> {
    const result = await this.request("resources/list", cursor === undefined ? undefined : { cursor }, options);
    return { resources: (result.resources as JsonObject[] | undefined) ?? [], nextCursor: typeof result.nextCursor === "string" ? result.nextCursor : undefined, result };
  }

  async listAllResources(options: RequestOptions = {}): Promise<JsonObject[]> {
    return this.collectPages((cursor) => this.listResources(cursor, options).then((page) => ({ items: page.resources, nextCursor: page.nextCursor })));
  }

  async listResourceTemplates(cursor?: string, options: RequestOptions = {}): Promise<{ resourceTemplates: JsonObject[]; nextCursor: string | undefined; result: JsonObject }> {
    const result = await this.request("resources/templates/list", cursor === undefined ? undefined : { cursor }, options);
    return {
      resourceTemplates: (result.resourceTemplates as JsonObject[] | undefined) ?? [],
      nextCursor: typeof result.nextCursor === "string" ? result.nextCursor : undefined,
      result,
    };
  }

  async listAllResourceTemplates(options: RequestOptions = {}): Promise<JsonObject[]> {
    return this.collectPages((cursor) => this.listResourceTemplates(cursor, options).then((page) => ({ items: page.resourceTemplates, nextCursor: page.nextCursor })));
  }

  async readResource(uri: string, options: RequestOptions = {}): Promise<JsonObject> {
    return this.request("resources/read", { uri }, options);
  }

  async complete(
    ref: { type: "ref/prompt"; name: string } | { type: "ref/resource"; uri: string },
    argument: { name: string; value: string },
    context?: { arguments?: Record<string, string> },
    options: RequestOptions = {},
  ): Promise<JsonObject> {
    return this.request("completion/complete", { ref, argument, ...(context === undefined ? {} : { context }) }, options);
  }

  /** Legacy `ping`; on the modern era (no ping method) a `server/discover` round trip. */
  async ping(options: RequestOptions = {}): Promise<void> {
    if (this.era === "modern") await this.send("server/discover", undefined, options);
    else await this.request("ping", undefined, options);
  }

  private async collectPages(fetchPage: (cursor: string | undefined) => Promise<{ items: JsonObject[]; nextCursor: string | undefined }>): Promise<JsonObject[]> {
    const items: JsonObject[] = [];
    const seen = new Set<string>();
    let cursor: string | undefined;
    for (;;) {
      const page = await fetchPage(cursor);
      items.push(...page.items);
      if (page.nextCursor === undefined) return items;
      if (seen.has(page.nextCursor)) throw new McpClientError("bad-response", "the server repeated a pagination cursor");
      seen.add(page.nextCursor);
      cursor = page.nextCursor;
    }
  }

  // ---------------------------------------------------------------- subscriptions

  /**
   * Subscribe to change notifications. Modern: a `subscriptions/listen` stream; legacy:
   * the server's unsolicited notifications plus `resources/subscribe` per URI. Iterate the
   * result with `for await`; `acknowledged` resolves with what the server will honour.
   */
  async subscribe(filter: SubscriptionFilter, options: { signal?: AbortSignal } = {}): Promise<Subscription> {
    if (!this.connected) await this.connect();
    return this.era === "modern" ? this.subscribeModern(filter, options.signal) : this.subscribeLegacy(filter);
  }

  private subscribeModern(filter: SubscriptionFilter, signal: AbortSignal | undefined): Subscription {
    const controller = new AbortController();
    if (signal !== undefined) signal.addEventListener("abort", () => controller.abort(), { once: true });
    const ids: JsonRpcId[] = [];
    const subscription = new Subscription(async () => {
      controller.abort();
      for (const id of ids) this.modernSubscriptions.delete(id);
    });
    const entry = { subscription, filter };
    void this.send("subscriptions/listen", { notifications: filter }, {
      signal: controller.signal,
      timeoutMs: Number.POSITIVE_INFINITY,
      onId: (id) => {
        ids.push(id);
        this.modernSubscriptions.set(id, entry);
      },
    }).then(
      () => subscription.end(),
      (error: unknown) => subscription.end(error instanceof McpClientError && error.reason === "aborted" ? undefined : (error as Error)),
    ).finally(() => {
      for (const id of ids) this.modernSubscriptions.delete(id);
    });
    return subscription;
  }

  private async subscribeLegacy(filter: SubscriptionFilter): Promise<Subscription> {
    const honoured = legacyHonouredFilter(filter, this.serverCapabilities);
    const uris = honoured.resourceSubscriptions ?? [];
    const subscription = new Subscription(async () => {
      this.legacySubscriptions.delete(entry);
      for (const uri of uris) await this.request("resources/unsubscribe", { uri }).catch(() => undefined);
    });
    const entry = { subscription, filter: honoured };
    this.legacySubscriptions.add(entry);
    if (this.transport.kind === "http" && !this.legacyServerStreamOpened) {
      await this.openLegacyServerStream();
      if (!this.legacyServerStreamOpened) this.warn("the server offers no GET stream; only notifications sent on request streams will arrive");
    }
    for (const uri of uris) await this.request("resources/subscribe", { uri });
    subscription.acknowledge(honoured);
    return subscription;
  }
}

export async function connectClient(options: McpClientOptions): Promise<McpClient> {
  return new McpClient(options).connect();
}
