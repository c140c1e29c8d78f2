// The generic, untyped dual-era MCP client: one facade over the era sessions.
//
// One object speaks to any MCP server over stdio or Streamable HTTP, in either era. The facade
// keeps what both eras share (transport, handlers, ids, progress callbacks, the result cache,
// page walking, routing of inbound traffic); the session it opened (session/modern.ts,
// session/legacy.ts, chosen by session/open.ts) keeps the era's wire rules. Callers use one API
// and never need to know which era the server speaks.
//
// Nothing here imports zod or any schema library: results are plain JSON objects, and typed
// parsing of `structuredContent` is a function the caller supplies (the generator passes its
// zod parser; hand-written callers may pass anything).

import type { Era } from "../core/era/revisions.js";
import { isNotification, isRequest, type JsonObject, type JsonRpcMessage, type JsonRpcNotification } from "../core/jsonrpc/message.js";
import type { LogLevel } from "../core/era/envelope.js";
import type { PromptResult, ReadResourceResult } from "../core/content.js";
import type { CallToolResult } from "../core/results.js";
import { ResultCache } from "./cache.js";
import { McpClientError } from "./errors.js";
import { capabilitiesFromHandlers, type ClientHandlers } from "./handlers.js";
import { defaultEraCache, type EraVerdictRecord } from "./probe.js";
import { openSession } from "./session/open.js";
import { checkLogLevel, logMessageOf } from "./logging.js";
import type { ClientSession, McpClientOptions, Progress, RequestOptions, SendSettings, SessionContext } from "./session/types.js";
import { ElicitationCompletions } from "./url-elicitation.js";
import type { Subscription, SubscriptionFilter } from "./subscription.js";
import type { ClientTransport } from "./transport/types.js";
import { completedHandle, TaskHandle, type InlineHandle, type TaskDriver } from "./tasks/handle.js";
import { META_TASKS_EXTENSION } from "../core/era/envelope.js";
import { RESULT_TYPE_TASK } from "../core/results.js";

export type { LogMessage, McpClientOptions, Progress, ProtocolChoice, RequestOptions } from "./session/types.js";

export interface CallToolOptions<T> extends RequestOptions {
  /** Validates/parses `structuredContent`; its return value becomes `structured`. */
  parseStructured?: (value: unknown) => T;
}

export class McpClient {
  private readonly options: McpClientOptions;
  private readonly transport: ClientTransport;
  private readonly eraCache: Map<string, EraVerdictRecord>;
  private readonly context: SessionContext;
  private readonly lifetime = new AbortController();
  private session: ClientSession | undefined;
  private connecting: Promise<this> | undefined;
  private connected = false;
  private logLevel: LogLevel | undefined;

  constructor(options: McpClientOptions) {
    this.options = options;
    this.transport = options.transport;
    this.eraCache = options.eraCache ?? defaultEraCache;
    const handlers: ClientHandlers = options.handlers ?? {};
    const cache = options.cache === true ? new ResultCache() : options.cache === false || options.cache === undefined ? undefined : options.cache;
    let nextId = 1;
    let nextProgressToken = 1;
    this.logLevel = options.logLevel === undefined ? undefined : checkLogLevel(options.logLevel);
    this.context = {
      options,
      transport: options.transport,
      handlers,
      cache,
      lifetime: this.lifetime.signal,
      progressCallbacks: new Map(),
      clientCapabilities: (era) => this.capabilitiesFor(era),
      logLevel: () => this.logLevel,
      elicitations: new ElicitationCompletions(),
      nextId: () => nextId++,
      nextProgressToken: () => nextProgressToken++,
      warn: (message) => this.warn(message),
      listAllTools: (requestOptions) => this.listAllTools(requestOptions),
    };
  }

  /** The era the client settled on (undefined before connecting). */
  get era(): Era | undefined {
    return this.session?.era;
  }

  get protocolVersion(): string | undefined {
    return this.session?.protocolVersion;
  }

  get serverCapabilities(): JsonObject {
    return this.session?.server.capabilities ?? {};
  }

  get serverInfo(): JsonObject | undefined {
    return this.session?.server.info;
  }

  get instructions(): string | undefined {
    return this.session?.server.instructions;
  }

  /** Capabilities declared on every modern request and in legacy `initialize` (the era's, once connected). */
  get clientCapabilities(): JsonObject {
    return this.capabilitiesFor(this.session?.era ?? "modern");
  }

  private capabilitiesFor(era: Era): JsonObject {
    // The client polls tasks itself (client/tasks/), so it declares the tasks extension
    // [S26:extensions/tasks § Capability Negotiation]; `capabilities.extensions` overrides it.
    const declared: JsonObject = { ...capabilitiesFromHandlers(this.context.handlers, era), extensions: { [META_TASKS_EXTENSION]: {} } };
    return { ...declared, ...(this.options.capabilities ?? {}) };
  }

  private warn(message: string): void {
    if (this.options.onWarning !== undefined) this.options.onWarning(message);
    // Browsers and workers have no process.emitWarning.
    else if (typeof process !== "undefined" && typeof process.emitWarning === "function") process.emitWarning(message, { code: "MCP_CLIENT" });
    else console.warn(`MCP_CLIENT: ${message}`);
  }

  // ---------------------------------------------------------------- connection

  async connect(): Promise<this> {
    if (this.connected) return this;
    this.connecting ??= this.open().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async open(): Promise<this> {
    await this.transport.start((message) => this.onInbound(message));
    this.session = await openSession(this.context, this.eraCache, (session) => {
      this.session = session;
    });
    this.connected = true;
    return this;
  }

  private async ready(): Promise<ClientSession> {
    if (this.lifetime.signal.aborted) throw new McpClientError("transport-closed", "the client is closed");
    if (!this.connected || this.session === undefined) await this.connect();
    return this.session as ClientSession;
  }

  async close(): Promise<void> {
    await this.session?.close();
    // Requests still in flight are abandoned: abort them so no socket or stream outlives the client.
    this.lifetime.abort();
    await this.transport.close();
    this.connected = false;
  }

  // ---------------------------------------------------------------- sending

  /**
   * Generic request through the era's pipeline: envelope, headers, version retry and — for the
   * methods the registry marks as possibly needing input, on the modern era — MRTR rounds.
   */
  async request(method: string, params?: JsonObject, options: RequestOptions = {}): Promise<JsonObject> {
    const session = await this.ready();
    return session.request(method, params, started(options));
  }

  // ---------------------------------------------------------------- logging, roots

  /**
   * Asks the server for log messages at `level` and above (they reach `onLog`). Legacy:
   * `logging/setLevel` now (and again after a re-initialize); modern: the level rides on the
   * `_meta` of every later request, as 2026-07-28 has no setLevel method.
   */
  async setLogLevel(level: LogLevel): Promise<void> {
    this.logLevel = checkLogLevel(level);
    const session = await this.ready();
    await session.setLogLevel(this.logLevel);
  }

  /**
   * Tells the server the roots changed. Legacy: `notifications/roots/list_changed` (declared by
   * `roots.listChanged`); modern: nothing to send — the notification is gone from 2026-07-28
   * and servers ask for roots when they need them. Resolves true when a notification went out.
   */
  async notifyRootsListChanged(): Promise<boolean> {
    const session = await this.ready();
    return session.notifyRootsListChanged();
  }

  /** Legacy `ping`; on the modern era (no ping method) a `server/discover` round trip. */
  async ping(options: RequestOptions = {}): Promise<void> {
    const session = await this.ready();
    await session.ping(options);
  }

  /** Modern: `server/discover` (pinned clients may tolerate -32601); legacy: undefined. */
  async discover(settings: { tolerateMissing?: boolean } = {}): Promise<JsonObject | undefined> {
    const session = await this.ready();
    return session.discover(settings);
  }

  // ---------------------------------------------------------------- inbound

  private onInbound(message: JsonRpcMessage): void {
    if (isRequest(message)) {
      if (this.session !== undefined) void this.session.answerServerRequest(message);
      else this.warn(`ignoring server→client request ${message.method} sent before the session opened`);
      return;
    }
    if (!isNotification(message)) return;
    this.context.cache?.invalidateFor(message.method, message.params);
    if (message.method === "notifications/progress" && this.deliverProgress(message)) return;
    if (message.method === "notifications/message" && this.options.onLog !== undefined) {
      const log = logMessageOf(message.params);
      if (log !== undefined) return this.options.onLog(log);
    }
    if (message.method === "notifications/elicitation/complete" && typeof message.params?.["elicitationId"] === "string") {
      const id = message.params["elicitationId"];
      this.context.elicitations.complete(id);
      if (this.options.onElicitationComplete !== undefined) return this.options.onElicitationComplete(id);
    }
    if (this.session?.routeNotification(message) === true) return;
    this.options.onNotification?.(message);
  }

  private deliverProgress(message: JsonRpcNotification): boolean {
    const p = message.params ?? {};
    const token = p["progressToken"];
    const callback = typeof token === "string" || typeof token === "number" ? this.context.progressCallbacks.get(token) : undefined;
    if (callback === undefined) return false;
    const progress: Progress = { progress: Number(p["progress"]) };
    if (typeof p["total"] === "number") progress.total = p["total"];
    if (typeof p["message"] === "string") progress.message = p["message"];
    callback(progress);
    return true;
  }

  // ---------------------------------------------------------------- tools

  /** One page of `tools/list`. On modern HTTP, tools with invalid `x-mcp-header` annotations are dropped. */
  async listTools(cursor?: string, options: RequestOptions = {}): Promise<{ tools: JsonObject[]; nextCursor: string | undefined; result: JsonObject }> {
    const session = await this.ready();
    const result = await session.request("tools/list", cursor === undefined ? undefined : { cursor }, started(options));
    const listed = Array.isArray(result["tools"]) ? (result["tools"] as JsonObject[]) : [];
    return { tools: session.admitTools(listed), nextCursor: typeof result["nextCursor"] === "string" ? result["nextCursor"] : undefined, result };
  }

  /** Every page of `tools/list` (cursors are opaque; `""` is a real cursor, not the end). */
  async listAllTools(options: RequestOptions = {}): Promise<JsonObject[]> {
    return this.collectPages((cursor) => this.listTools(cursor, options).then((page) => ({ items: page.tools, nextCursor: page.nextCursor })));
  }

  /**
   * Starts a tool call that may run as a task and returns its handle (status, wait, cancel,
   * result). A call the server answered inline gives a handle that is already complete.
   */
  async startTool<T = unknown>(name: string, args: JsonObject = {}, options: CallToolOptions<T> = {}): Promise<TaskHandle<CallToolResult<T>> | InlineHandle<CallToolResult<T>>> {
    const session = await this.ready();
    await session.beforeToolCall();
    const result = await session.request("tools/call", { name, arguments: args }, { ...started(options), keepTask: true });
    const finish = (value: JsonObject) => this.structured(name, value as CallToolResult<T>, options);
    if (result["resultType"] !== RESULT_TYPE_TASK) return completedHandle(finish(result));
    return new TaskHandle(this.driverOf(session), result, finish);
  }

  /** Reattaches to a task by id (e.g. after a restart), with one tasks/get. */
  async attachTask<T = unknown>(taskId: string, options: CallToolOptions<T> = {}): Promise<TaskHandle<CallToolResult<T>>> {
    const driver = this.driverOf(await this.ready());
    const snapshot = await driver.send("tasks/get", { taskId });
    return new TaskHandle(driver, snapshot, (value) => this.structured("task", value as CallToolResult<T>, options));
  }

  private driverOf(session: ClientSession): TaskDriver {
    const driver = session.taskDriver();
    if (driver === undefined) throw new McpClientError("unsupported-version", `tasks are not available on ${session.protocolVersion} with this client`);
    return driver;
  }

  private structured<T>(name: string, result: CallToolResult<T>, options: CallToolOptions<T>): CallToolResult<T> {
    if (options.parseStructured !== undefined && result.structuredContent !== undefined) {
      try {
        result.structured = options.parseStructured(result.structuredContent);
      } catch (error) {
        throw new McpClientError("invalid-structured-content", `structuredContent of tool "${name}" failed validation: ${(error as Error).message}`, { cause: error });
      }
    }
    return result;
  }

  async callTool<T = unknown>(name: string, args: JsonObject = {}, options: CallToolOptions<T> = {}): Promise<CallToolResult<T>> {
    const session = await this.ready();
    await session.beforeToolCall();
    const result = (await session.request("tools/call", { name, arguments: args }, started(options))) as CallToolResult<T>;
    return this.structured(name, result, options);
  }

  // ---------------------------------------------------------------- prompts, resources, completion

  async listPrompts(cursor?: string, options: RequestOptions = {}): Promise<{ prompts: JsonObject[]; nextCursor: string | undefined; result: JsonObject }> {
    const result = await this.request("prompts/list", cursor === undefined ? undefined : { cursor }, options);
    return { prompts: (result.prompts as JsonObject[] | undefined) ?? [], nextCursor: typeof result.nextCursor === "string" ? result.nextCursor : undefined, result };
  }

  async listAllPrompts(options: RequestOptions = {}): Promise<JsonObject[]> {
    return this.collectPages((cursor) => this.listPrompts(cursor, options).then((page) => ({ items: page.prompts, nextCursor: page.nextCursor })));
  }

  /** `prompts/get`: messages whose content is the spec's ContentBlock union (passed on as received). */
  async getPrompt(name: string, args: Record<string, string> = {}, options: RequestOptions = {}): Promise<PromptResult> {
    return (await this.request("prompts/get", { name, arguments: args }, options)) as PromptResult;
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

  /** `resources/read`: text or blob contents (passed on as received). */
  async readResource(uri: string, options: RequestOptions = {}): Promise<ReadResourceResult> {
    return (await this.request("resources/read", { uri }, options)) as ReadResourceResult;
  }

  async complete(
    ref: { type: "ref/prompt"; name: string } | { type: "ref/resource"; uri: string },
    argument: { name: string; value: string },
    context?: { arguments?: Record<string, string> },
    options: RequestOptions = {},
  ): Promise<JsonObject> {
    return this.request("completion/complete", { ref, argument, ...(context === undefined ? {} : { context }) }, options);
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
   * Subscribe to change notifications. Modern: a `subscriptions/listen` stream; legacy: the
   * server's unsolicited notifications plus `resources/subscribe` per URI. Iterate the result
   * with `for await`; `acknowledged` resolves with what the server will honour.
   */
  async subscribe(filter: SubscriptionFilter, options: { signal?: AbortSignal } = {}): Promise<Subscription> {
    const session = await this.ready();
    return session.subscribe(filter, options.signal);
  }
}

/** One start per call, so the total cap (maxTotalTimeoutMs) spans MRTR rounds and retries. */
function started(options: RequestOptions): SendSettings {
  return { ...options, startedAt: Date.now() };
}

export async function connectClient(options: McpClientOptions): Promise<McpClient> {
  return new McpClient(options).connect();
}
