// The modern (2026-07-28) client session: stateless; every request carries the `_meta` envelope
// and, on HTTP, the mirrored headers; `input_required` is answered through the registered
// handlers and retried (MRTR); change notifications come from `subscriptions/listen`.
import { serverInfoOf, subscriptionIdOf, withEnvelope, type EnvelopeInput } from "../../core/era/envelope.js";
import { pickMutualRevision } from "../../core/era/revisions.js";
import type { HeaderDeclaration } from "../../core/headers/declarations.js";
import { HEADER_MISMATCH, METHOD_NOT_FOUND, UNSUPPORTED_PROTOCOL_VERSION } from "../../core/jsonrpc/codes.js";
import { RpcError } from "../../core/jsonrpc/errors.js";
import { isPlainObject, type JsonObject, type JsonRpcNotification, type JsonRpcRequest, type RequestId } from "../../core/jsonrpc/message.js";
import { methodRow } from "../../core/methods.js";
import { isCacheableMethod } from "../cache.js";
import { McpClientError } from "../errors.js";
import { answerInputRequest } from "../handlers.js";
import { resultKind, runInputRounds, type InputRequestEntry } from "../mrtr.js";
import { paramHeaders, standardHeaders } from "../request-headers.js";
import { filterWants, Subscription, unrequestedInAck, type SubscriptionFilter } from "../subscription.js";
import { planToolHeaders } from "../tool-headers.js";
import { exchangeOnce, type EraWire } from "./exchange.js";
import { handlerSettings } from "./shared.js";
import type { ClientSession, RequestOptions, SendSettings, ServerFacts, SessionContext } from "./types.js";
import { TaskHandle, type TaskDriver } from "../tasks/handle.js";

interface ListenEntry {
  subscription: Subscription;
  filter: SubscriptionFilter;
}

export class ModernSession implements ClientSession, EraWire {
  readonly era = "modern" as const;
  protocolVersion: string;
  readonly server: ServerFacts = { capabilities: {}, info: undefined, instructions: undefined };
  private readonly context: SessionContext;
  private readonly toolHeaderPlans = new Map<string, readonly HeaderDeclaration[]>();
  private toolsListed = false;
  private readonly listens = new Map<RequestId, ListenEntry>();
  private readonly http: boolean;

  constructor(context: SessionContext, protocolVersion: string) {
    this.context = context;
    this.http = context.transport.kind === "http";
    this.protocolVersion = protocolVersion;
    context.transport.setEra("modern", protocolVersion);
  }

  useVersion(protocolVersion: string): void {
    this.protocolVersion = protocolVersion;
    this.context.transport.setEra("modern", protocolVersion);
  }

  envelope(): EnvelopeInput {
    // 2026-07-28 has no logging/setLevel: the level travels on every request's `_meta` and
    // without it the server sends no notifications/message [S26:server/utilities/logging].
    const logLevel = this.context.logLevel();
    return {
      protocolVersion: this.protocolVersion,
      clientCapabilities: this.context.clientCapabilities("modern"),
      clientInfo: this.context.options.clientInfo,
      ...(logLevel === undefined ? {} : { logLevel }),
    };
  }

  // ---------------------------------------------------------------- EraWire

  body(params: JsonObject | undefined): JsonObject {
    return withEnvelope(params, this.envelope());
  }

  headers(method: string, params: JsonObject | undefined): Record<string, string> | undefined {
    if (!this.http) return undefined;
    const headers = standardHeaders(this.protocolVersion, method, params);
    if (method === "tools/call" && typeof params?.["name"] === "string") {
      const plan = this.toolHeaderPlans.get(params["name"]);
      if (plan !== undefined) Object.assign(headers, paramHeaders(plan, params["arguments"]));
    }
    return headers;
  }

  /**
   * [S26:basic/patterns/cancellation]: modern HTTP cancels by closing the stream (already done by
   * aborting the fetch); stdio must also send `notifications/cancelled`, with the envelope.
   */
  async cancel(id: RequestId, reason: string): Promise<void> {
    if (this.http) return;
    try {
      await this.context.transport.notify({ jsonrpc: "2.0", method: "notifications/cancelled", params: this.body({ requestId: id, reason }) });
    } catch {
      // The connection may be gone; nothing else to tell the server.
    }
  }

  // ---------------------------------------------------------------- discovery

  absorbDiscover(result: JsonObject): void {
    if (isPlainObject(result["capabilities"])) this.server.capabilities = result["capabilities"];
    if (typeof result["instructions"] === "string") this.server.instructions = result["instructions"];
    const info = serverInfoOf(result);
    if (info !== undefined) this.server.info = info;
  }

  /** `server/discover`. Pinned clients may talk to servers that skip it; then tolerate -32601. */
  async discover(settings: { tolerateMissing?: boolean } = {}): Promise<JsonObject | undefined> {
    try {
      const result = await this.send("server/discover", undefined, {});
      this.absorbDiscover(result);
      const supported = result["supportedVersions"];
      if (Array.isArray(supported) && !supported.includes(this.protocolVersion)) {
        const mutual = pickMutualRevision(supported, "modern");
        if (mutual !== undefined) this.useVersion(mutual);
      }
      return result;
    } catch (error) {
      if (settings.tolerateMissing === true && error instanceof RpcError && error.code === METHOD_NOT_FOUND) return undefined;
      throw error;
    }
  }

  // ---------------------------------------------------------------- sending

  /**
   * Sends one request and returns its result. `-32022` is retried once at a mutual version and
   * HTTP `-32020` on tools/call once after re-listing tools [§ Client Behavior]; a broken stream
   * is re-issued once for methods the registry marks safe. Every retry has a new id.
   */
  async send(method: string, params: JsonObject | undefined, settings: SendSettings): Promise<JsonObject> {
    let versionRetried = false;
    let headersRetried = false;
    let reissued = false;
    for (;;) {
      try {
        return await exchangeOnce(this.context, this, method, params, settings);
      } catch (error) {
        if (error instanceof RpcError && error.code === UNSUPPORTED_PROTOCOL_VERSION && !versionRetried) {
          const supported = (error.data as { supported?: unknown } | undefined)?.supported;
          const mutual = Array.isArray(supported) ? pickMutualRevision(supported, "modern") : undefined;
          if (mutual !== undefined) {
            versionRetried = true;
            this.useVersion(mutual);
            continue;
          }
        }
        if (error instanceof RpcError && error.code === HEADER_MISMATCH && method === "tools/call" && this.http && !headersRetried) {
          headersRetried = true;
          await this.context.listAllTools({ noCache: true });
          continue;
        }
        const broken = error instanceof McpClientError && error.reason === "transport-closed";
        if (broken && !reissued && methodRow("modern", method)?.reissueSafe === true && !this.context.lifetime.aborted) {
          reissued = true;
          continue;
        }
        throw error;
      }
    }
  }

  async request(method: string, params: JsonObject | undefined, options: RequestOptions): Promise<JsonObject> {
    const cache = this.context.cache;
    const cacheable = cache !== undefined && isCacheableMethod(method) && options.noCache !== true;
    if (cacheable) {
      const hit = cache.get(method, params);
      if (hit !== undefined) return hit;
    }
    if (methodRow("modern", method)?.mayRequireInput !== true) {
      const result = await this.send(method, params, options);
      if (resultKind(result) !== "complete") throw new McpClientError("bad-response", `${method} may not answer input_required`);
      if (cacheable) cache.put(method, params, result);
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
      { maxRounds: this.context.options.maxInputRounds ?? 10, ...(options.signal === undefined ? {} : { signal: options.signal }) },
    );
    if (resultKind(result) === "task") {
      // Only tools/call may become a task (extensions/tasks § Supported Methods).
      if (method !== "tools/call") throw new McpClientError("bad-response", `${method} may not answer with a task`);
      return options.keepTask === true ? result : new TaskHandle(this.taskDriver(), result).wait(options.signal === undefined ? {} : { signal: options.signal });
    }
    // Never cache the result of an MRTR retry [S26:server/utilities/caching § Cache Key].
    if (cacheable && rounds === 0) cache.put(method, params, result);
    return result;
  }

  taskDriver(): TaskDriver {
    return {
      send: (method, params, signal) => this.send(method, params, signal === undefined ? {} : { signal }),
      fulfil: (requests, signal) => this.fulfil(requests, signal),
      defaultPollMs: 1000,
    };
  }

  private async fulfil(requests: Record<string, InputRequestEntry>, signal: AbortSignal | undefined): Promise<JsonObject> {
    const entries = await Promise.all(
      Object.entries(requests).map(async ([key, entry]) => {
        const context = { era: "modern" as const, key, ...(signal === undefined ? {} : { signal }) };
        const answer = await answerInputRequest(entry.method, entry.params ?? {}, this.context.handlers, handlerSettings(this.context), context);
        return [key, answer] as const;
      }),
    );
    return Object.fromEntries(entries);
  }

  /** Nothing to send: the next request's `_meta` carries the level (envelope()). */
  async setLogLevel(): Promise<void> {}

  /**
   * 2026-07-28 removed notifications/roots/list_changed [S26:changelog § Major changes #5]: a
   * server asks for roots in `input_required` whenever it needs them, so it always gets the
   * current list and there is nothing to tell it.
   */
  async notifyRootsListChanged(): Promise<boolean> {
    return false;
  }

  async ping(options: RequestOptions): Promise<void> {
    // The modern era has no ping method; a server/discover round trip stands in.
    await this.send("server/discover", undefined, options);
  }

  // ---------------------------------------------------------------- tools

  admitTools(tools: readonly JsonObject[]): JsonObject[] {
    this.toolsListed = true;
    if (!this.http) return [...tools];
    const admitted: JsonObject[] = [];
    for (const tool of tools) {
      const name = String(tool["name"]);
      const plan = planToolHeaders(tool["inputSchema"]);
      if (!plan.ok) {
        this.context.warn(`dropping tool "${name}" from tools/list: ${plan.reason}`);
        this.toolHeaderPlans.delete(name);
        continue;
      }
      this.toolHeaderPlans.set(name, plan.params);
      admitted.push(tool);
    }
    return admitted;
  }

  async beforeToolCall(): Promise<void> {
    // Modern HTTP needs each tool's x-mcp-header plan before its first call.
    if (this.http && !this.toolsListed) await this.context.listAllTools({});
  }

  // ---------------------------------------------------------------- subscriptions

  async subscribe(filter: SubscriptionFilter, signal: AbortSignal | undefined): Promise<Subscription> {
    const controller = new AbortController();
    if (signal !== undefined) signal.addEventListener("abort", () => controller.abort(), { once: true });
    const ids: RequestId[] = [];
    const subscription = new Subscription(async () => {
      controller.abort();
      for (const id of ids) this.listens.delete(id);
    });
    const entry = { subscription, filter };
    void this.send("subscriptions/listen", { notifications: filter }, {
      signal: controller.signal,
      // A listen lasts until closed: neither the request timeout nor a client-wide total cap applies.
      timeoutMs: Number.POSITIVE_INFINITY,
      maxTotalTimeoutMs: Number.POSITIVE_INFINITY,
      onId: (id) => {
        ids.push(id);
        this.listens.set(id, entry);
      },
    })
      .then(
        () => subscription.end(),
        (error: unknown) => subscription.end(error instanceof McpClientError && error.reason === "aborted" ? undefined : (error as Error)),
      )
      .finally(() => {
        for (const id of ids) this.listens.delete(id);
      });
    return subscription;
  }

  routeNotification(message: JsonRpcNotification): boolean {
    const subscriptionId = subscriptionIdOf(message.params);
    const listen = this.listenOf(subscriptionId);
    if (listen !== undefined) {
      if (message.method === "notifications/subscriptions/acknowledged") {
        const acknowledged = (message.params?.["notifications"] as SubscriptionFilter | undefined) ?? {};
        const extra = unrequestedInAck(listen.filter, acknowledged);
        if (extra.length > 0) this.context.warn(`the server acknowledged notifications that were not requested: ${extra.join(", ")}`);
        listen.subscription.acknowledge(acknowledged);
      } else if (filterWants(listen.filter, message)) {
        listen.subscription.push(message);
      }
      return true;
    }
    if (message.method === "notifications/cancelled") {
      // A server ending a listen stream on stdio (protocol-brief §9 #1: accept both forms).
      const ended = this.listenOf(message.params?.["requestId"]);
      if (ended !== undefined) {
        ended.subscription.end();
        return true;
      }
    }
    return false;
  }

  private listenOf(id: unknown): ListenEntry | undefined {
    if (typeof id !== "string" && typeof id !== "number") return undefined;
    return this.listens.get(id);
  }

  /** Modern servers must never send requests, and modern clients send no responses [SCH26]. */
  async answerServerRequest(request: JsonRpcRequest): Promise<void> {
    this.context.warn(`ignoring server→client request ${request.method}: modern servers must not send requests`);
  }

  async close(): Promise<void> {
    for (const { subscription } of [...this.listens.values()]) await subscription.close();
  }
}
