// The legacy (≤ 2025-11-25) client session: `initialize`/`initialized`, a session the server
// may expire, real server→client requests answered by the same handlers as MRTR, and
// `resources/subscribe` [S25:basic/lifecycle; S25:basic/transports § Session Management].
import { eraOfRevision, isSupportedRevision, LEGACY_REVISIONS } from "../../core/era/revisions.js";
import { INTERNAL_ERROR, METHOD_NOT_FOUND } from "../../core/jsonrpc/codes.js";
import { RpcError } from "../../core/jsonrpc/errors.js";
import { isFailure, isPlainObject, type JsonObject, type JsonRpcNotification, type JsonRpcRequest, type RequestId } from "../../core/jsonrpc/message.js";
import type { LogLevel } from "../../core/era/envelope.js";
import { McpClientError } from "../errors.js";
import { settleUrlElicitations, McpUrlElicitationRequiredError } from "../url-elicitation.js";
import { answerInputRequest } from "../handlers.js";
import { filterWants, legacyHonouredFilter, Subscription, type SubscriptionFilter } from "../subscription.js";
import { defaultTimeout, exchangeOnce, timeoutSignal, type EraWire } from "./exchange.js";
import { handlerSettings } from "./shared.js";
import type { ClientSession, RequestOptions, SendSettings, ServerFacts, SessionContext } from "./types.js";
import { RESULT_TYPE_TASK } from "../../core/results.js";
import { TaskHandle, type TaskDriver } from "../tasks/handle.js";
import { TaskStatusRouter } from "../tasks/status-router.js";

export const DEFAULT_LEGACY_REVISION: string = LEGACY_REVISIONS[0];

interface LegacyEntry {
  subscription: Subscription;
  filter: SubscriptionFilter;
}

export class LegacySession implements ClientSession, EraWire {
  readonly era = "legacy" as const;
  protocolVersion: string;
  readonly server: ServerFacts = { capabilities: {}, info: undefined, instructions: undefined };
  private readonly context: SessionContext;
  private readonly subscriptions = new Set<LegacyEntry>();
  private serverStreamOpened = false;
  private readonly taskStatus = new TaskStatusRouter();

  constructor(context: SessionContext, offered: string) {
    this.context = context;
    this.protocolVersion = offered;
  }

  // ---------------------------------------------------------------- EraWire

  body(params: JsonObject | undefined): JsonObject | undefined {
    return params;
  }

  headers(): undefined {
    return undefined;
  }

  /** [S25:basic/utilities/cancellation]: a legacy client always sends `notifications/cancelled`. */
  async cancel(id: RequestId, reason: string): Promise<void> {
    try {
      await this.context.transport.notify({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: id, reason } });
    } catch {
      // The connection may be gone; nothing else to tell the server.
    }
  }

  // ---------------------------------------------------------------- handshake

  async initialize(offered: string = this.protocolVersion): Promise<void> {
    const transport = this.context.transport;
    this.protocolVersion = offered;
    transport.setEra("legacy", offered);
    // initialize is never cancelled, so only a timeout applies.
    const timeout = timeoutSignal(defaultTimeout(this.context));
    const response = await transport.request(
      {
        jsonrpc: "2.0",
        id: this.context.nextId(),
        method: "initialize",
        params: { protocolVersion: offered, capabilities: this.context.clientCapabilities("legacy"), clientInfo: this.context.options.clientInfo },
      },
      timeout === undefined ? {} : { signal: timeout },
    );
    if (isFailure(response)) throw RpcError.fromErrorObject(response.error);
    const result = response.result;
    const agreed = typeof result["protocolVersion"] === "string" ? result["protocolVersion"] : offered;
    if (!isSupportedRevision(agreed) || eraOfRevision(agreed) !== "legacy") {
      throw new McpClientError("unsupported-version", `the server answered initialize with protocol ${agreed}, which this client does not speak`);
    }
    this.protocolVersion = agreed;
    this.server.capabilities = isPlainObject(result["capabilities"]) ? result["capabilities"] : {};
    this.server.info = isPlainObject(result["serverInfo"]) ? result["serverInfo"] : undefined;
    this.server.instructions = typeof result["instructions"] === "string" ? result["instructions"] : undefined;
    transport.handshakeComplete(agreed);
    await transport.notify({ jsonrpc: "2.0", method: "notifications/initialized" });
    // A level chosen before this (re)initialize (McpClientOptions.logLevel or setLogLevel) is
    // the session's state on the server, so a new session gets it again.
    const logLevel = this.context.logLevel();
    if (logLevel !== undefined && isPlainObject(this.server.capabilities["logging"])) await this.setLogLevel(logLevel);
    if (this.context.options.legacyServerStream !== false) await this.openServerStream();
  }

  /**
   * Legacy HTTP: servers send requests and notifications that are not tied to a client request
   * (e.g. an SDK server's `elicitation/create` issued without a related request id) on the
   * standalone GET stream, and drop them when none is open. Open it right after the handshake,
   * as the official client does; a 405 just means the server has none.
   */
  private async openServerStream(): Promise<void> {
    const transport = this.context.transport;
    if (transport.kind !== "http" || this.serverStreamOpened || transport.openServerStream === undefined) return;
    const opened = transport.openServerStream();
    const settled = await Promise.race([opened, new Promise<"slow">((resolve) => setTimeout(() => resolve("slow"), 2000).unref?.())]); // unref: Node only (browsers return a number)
    // A server that delays the GET response headers is still given the benefit of the doubt:
    // it has received the request, so the stream exists on its side.
    if (settled === "slow") this.context.warn("the server has not answered the GET stream request within 2 s; continuing");
    this.serverStreamOpened = settled === true || settled === "slow";
  }

  // ---------------------------------------------------------------- sending

  private async send(method: string, params: JsonObject | undefined, settings: SendSettings): Promise<JsonObject> {
    try {
      return await this.sendInSession(method, params, settings);
    } catch (error) {
      const handler = this.context.handlers.urlElicitation;
      if (!(error instanceof McpUrlElicitationRequiredError) || handler === undefined) throw error;
      // -32042: let the user do the listed URL elicitations, then retry once (url-elicitation.ts).
      const context = { era: "legacy" as const, ...(settings.signal === undefined ? {} : { signal: settings.signal }) };
      const settled = await settleUrlElicitations(error, (params) => handler(params, context), this.context.elicitations, defaultTimeout(this.context, settings.timeoutMs), settings.signal);
      if (!settled) throw error;
      return this.sendInSession(method, params, settings);
    }
  }

  private async sendInSession(method: string, params: JsonObject | undefined, settings: SendSettings): Promise<JsonObject> {
    try {
      return await exchangeOnce(this.context, this, method, params, settings);
    } catch (error) {
      if (!(error instanceof McpClientError && error.reason === "session-expired")) throw error;
      // [S25:basic/transports § Session Management]: 404 → start a new session, then retry once.
      this.serverStreamOpened = false;
      await this.initialize(this.protocolVersion);
      return exchangeOnce(this.context, this, method, params, settings);
    }
  }

  /** `logging/setLevel` [S25:server/utilities/logging]: the session's level from now on. */
  async setLogLevel(level: LogLevel): Promise<void> {
    await this.send("logging/setLevel", { level }, {});
  }

  /** [S25:client/roots § Root List Changes]: sent when roots are declared with `listChanged`. */
  async notifyRootsListChanged(): Promise<boolean> {
    if (this.context.handlers.roots === undefined) return false;
    await this.context.transport.notify({ jsonrpc: "2.0", method: "notifications/roots/list_changed" });
    return true;
  }

  request(method: string, params: JsonObject | undefined, options: RequestOptions): Promise<JsonObject> {
    if (method === "tools/call" && this.serverRunsToolTasks()) return this.callToolWithTasks(params ?? {}, options);
    return this.send(method, params, options);
  }

  /** The server's 2025-11-25 `tasks.requests.tools.call` capability (basic/utilities/tasks § Capabilities). */
  private serverRunsToolTasks(): boolean {
    const tasks = this.server.capabilities["tasks"];
    const requests = isPlainObject(tasks) ? tasks["requests"] : undefined;
    const tools = isPlainObject(requests) ? requests["tools"] : undefined;
    return isPlainObject(tools) && isPlainObject(tools["call"]);
  }

  /**
   * 2025-11-25 tasks are requested by the caller: `startTool` (keepTask) asks for one and falls
   * back inline when the tool forbids it (-32601); a plain call runs inline and turns into a task
   * only when the tool requires one (-32601 "Task augmentation required"), polled to its result.
   */
  private async callToolWithTasks(params: JsonObject, options: RequestOptions): Promise<JsonObject> {
    const asTask = async (): Promise<JsonObject> => {
      const created = await this.send("tools/call", { ...params, task: {} }, options);
      const task = isPlainObject(created["task"]) ? created["task"] : undefined;
      if (task === undefined) return created; // answered inline after all
      return { resultType: RESULT_TYPE_TASK, ...task };
    };
    const notFound = (error: unknown) => error instanceof RpcError && error.code === METHOD_NOT_FOUND;
    if (options.keepTask === true) {
      try {
        return await asTask();
      } catch (error) {
        if (!notFound(error)) throw error;
        return this.send("tools/call", params, options);
      }
    }
    try {
      return await this.send("tools/call", params, options);
    } catch (error) {
      if (!notFound(error)) throw error;
      const created = await asTask();
      if (created["resultType"] !== RESULT_TYPE_TASK) return created;
      return new TaskHandle(this.taskDriver(), created).wait(options.signal === undefined ? {} : { signal: options.signal });
    }
  }

  async ping(options: RequestOptions): Promise<void> {
    await this.send("ping", undefined, options);
  }

  async discover(): Promise<undefined> {
    return undefined;
  }

  admitTools(tools: readonly JsonObject[]): JsonObject[] {
    return [...tools];
  }

  async beforeToolCall(): Promise<void> {
    // Legacy tools/call carries no mirrored headers.
  }

  // ---------------------------------------------------------------- inbound

  routeNotification(message: JsonRpcNotification): boolean {
    let consumed = this.taskStatus.deliver(message);
    for (const entry of this.subscriptions) {
      if (filterWants(entry.filter, message)) {
        entry.subscription.push(message);
        consumed = true;
      }
    }
    return consumed;
  }

  /** Server→client requests answered by the same handlers as MRTR [SCH25:ServerRequest]. */
  /** 2025-11-25 tasks need the requestor to ask for them (`task` param); this client does not (yet). */
  taskDriver(): TaskDriver {
    return {
      send: (method, params, signal) => this.send(method, params, signal === undefined ? {} : { signal }),
      // Input reaches a 2025-11-25 client as real server→client requests, answered by the session.
      fulfil: async () => ({}),
      defaultPollMs: 1000,
      // The result is not inlined on tasks/get: tasks/result blocks until the task ends, and the
      // task's requests arrive on its stream (basic/utilities/tasks § Input Required Status).
      watchStatus: (taskId, listener) => this.taskStatus.watch(taskId, listener),
      fetchResult: (taskId, signal) => this.send("tasks/result", { taskId }, { timeoutMs: Number.POSITIVE_INFINITY, maxTotalTimeoutMs: Number.POSITIVE_INFINITY, ...(signal === undefined ? {} : { signal }) }),
    };
  }

  async answerServerRequest(request: JsonRpcRequest): Promise<void> {
    let reply: { result: JsonObject } | { error: { code: number; message: string } };
    try {
      if (request.method === "ping") reply = { result: {} };
      else reply = { result: await answerInputRequest(request.method, request.params ?? {}, this.context.handlers, handlerSettings(this.context), { era: "legacy" }) };
    } catch (error) {
      const code = error instanceof McpClientError && error.reason === "no-handler" ? METHOD_NOT_FOUND : INTERNAL_ERROR;
      reply = { error: { code, message: (error as Error).message } };
    }
    try {
      await this.context.transport.respond({ jsonrpc: "2.0", id: request.id, ...reply } as never);
    } catch (error) {
      this.context.warn(`could not answer ${request.method}: ${(error as Error).message}`);
    }
  }

  /** The server's unsolicited notifications plus `resources/subscribe` per URI. */
  async subscribe(filter: SubscriptionFilter): Promise<Subscription> {
    const honoured = legacyHonouredFilter(filter, this.server.capabilities);
    const uris = honoured.resourceSubscriptions ?? [];
    const subscription = new Subscription(async () => {
      this.subscriptions.delete(entry);
      for (const uri of uris) await this.request("resources/unsubscribe", { uri }, {}).catch(() => undefined);
    });
    const entry = { subscription, filter: honoured };
    this.subscriptions.add(entry);
    if (this.context.transport.kind === "http" && !this.serverStreamOpened) {
      await this.openServerStream();
      if (!this.serverStreamOpened) this.context.warn("the server offers no GET stream; only notifications sent on request streams will arrive");
    }
    for (const uri of uris) await this.request("resources/subscribe", { uri }, {});
    subscription.acknowledge(honoured);
    return subscription;
  }

  async close(): Promise<void> {
    for (const { subscription } of this.subscriptions) subscription.end();
  }
}
