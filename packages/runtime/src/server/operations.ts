// Method implementations shared by both eras. They return the era-neutral result body; the
// era dispatchers add era-specific fields (resultType, _meta serverInfo, cache hints).
import { INTERNAL_ERROR, RESOURCE_NOT_FOUND_LEGACY, URL_ELICITATION_REQUIRED } from "../core/jsonrpc/codes.js";
import { invalidParams, RpcError } from "../core/jsonrpc/errors.js";
import { isPlainObject, type JsonObject } from "../core/jsonrpc/message.js";
import { isThenable, type MaybePromise } from "../core/maybe-promise.js";
import type { RawJson } from "../core/jsonrpc/serialize.js";
import { HandleError, type HandleCodec } from "../handles/handles.js";
import { InputRequiredSignal } from "../mrtr/input-required.js";
import type { InputRequestDeclaration } from "../mrtr/input-requests.js";
import type { ModernInputChannel } from "../mrtr/modern-inputs.js";
import { decodeCursor } from "../pagination/cursor.js";
import type { CompiledServer, CompiledTool } from "./compile.js";
import { createHandlerContext } from "./context.js";
import type { CacheHint, Completer, ServerHandlerContext, ReadResult, ServerControl } from "./definition.js";
import { HandlerCall } from "./handler-call.js";
import { exposedMessage, HandlerTimeoutError } from "./safe-error.js";
import type { CallScope, InputChannel } from "./scope.js";
import type { TaskEngine } from "../tasks/engine.js";
import { maybeStartTask } from "../tasks/dispatch.js";
import { listResourcesWithInstances, listsTemplateInstances } from "./template-listing.js";
import { modernUrlElicitationResult, UrlElicitationRequiredError } from "./url-elicitation.js";

export interface OperationHost {
  compiled: CompiledServer;
  handles: HandleCodec;
  control: ServerControl;
  reportError(error: unknown): void;
  /** Deadline of one handler invocation (ServerLimits.handlerTimeoutMs); 0 = none. */
  handlerTimeoutMs: number;
  /** Longest `uri` resources/read accepts (ServerLimits.maxUriLength). */
  maxUriLength: number;
  /** Runs task-capable tool calls as tasks (tasks/engine.ts). */
  tasks?: TaskEngine;
}

export interface OperationOutcome {
  body: JsonObject;
  /** Cache hint for cacheable complete results (resources/read). */
  cache?: CacheHint;
  /** The body is a task answer (CreateTaskResult / MRTR before one): sent without the complete-result stamp. */
  task?: boolean;
}

const NO_INPUTS: Readonly<Record<string, InputRequestDeclaration>> = Object.freeze({});

/**
 * Runs a handler that may ask for input, under the handler deadline and the request's
 * cancellation (./handler-call.ts). On the modern era a missing answer unwinds the handler with
 * InputRequiredSignal, which becomes the `input_required` result here. Any other failure reaches
 * the client as a generic RpcError (see clientFacing); an `outcome` (tools) turns the handler's
 * result, failure and timeout into the answer instead.
 */
export function runWithInputs(
  host: OperationHost,
  scope: CallScope,
  declarations: Readonly<Record<string, InputRequestDeclaration>> | undefined,
  run: (ctx: ServerHandlerContext) => unknown,
  timeoutMs = host.handlerTimeoutMs,
  outcome?: HandlerOutcome,
): MaybePromise<JsonObject> {
  const call = new HandlerCall(scope.method, timeoutMs);
  const { ctx, inputs: channel } = createHandlerContext(scope, declarations ?? NO_INPUTS, host.handles, host.control, call, host.compiled.extensions);
  if (channel.ready !== undefined) return channel.ready.then(() => runHandler(host, scope, call, ctx, channel, run, outcome));
  return runHandler(host, scope, call, ctx, channel, run, outcome);
}

/** The handler's answer: at once when it returned a plain value or threw (HandlerCall.runNow), else a promise. */
function runHandler(
  host: OperationHost,
  scope: CallScope,
  call: HandlerCall,
  ctx: ServerHandlerContext,
  channel: InputChannel,
  run: (ctx: ServerHandlerContext) => unknown,
  outcome: HandlerOutcome | undefined,
): MaybePromise<JsonObject> {
  let result: unknown;
  try {
    result = call.runNow(scope.cancellation, run, ctx);
  } catch (error) {
    return handlerFailed(host, scope, ctx, channel, outcome, error);
  }
  if (!isThenable(result)) return handlerReturned(result, outcome);
  return (result as Promise<unknown>).then(
    (value) => handlerReturned(value, outcome),
    (error: unknown) => handlerFailed(host, scope, ctx, channel, outcome, error),
  );
}

function handlerReturned(result: unknown, outcome: HandlerOutcome | undefined): JsonObject {
  if (outcome === undefined) return result as JsonObject;
  try {
    return outcome.accept(result);
  } catch (error) {
    return outcome.recover(error, false);
  }
}

/** What a failed handler's request is answered with; throws the protocol error when there is one. */
function handlerFailed(
  host: OperationHost,
  scope: CallScope,
  ctx: ServerHandlerContext,
  channel: InputChannel,
  outcome: HandlerOutcome | undefined,
  error: unknown,
): MaybePromise<JsonObject> {
  if (error instanceof InputRequiredSignal && "inputRequiredResult" in channel) {
    return (channel as ModernInputChannel).inputRequiredResult(error);
  }
  // 2026-07-28 has no -32042: the same need is an input_required URL elicitation (url-elicitation.ts).
  if (error instanceof UrlElicitationRequiredError && "inputRequiredResult" in channel) {
    return modernUrlElicitationResult(error, channel as ModernInputChannel, scope.clientCapabilities);
  }
  // Any other -32042 (a hand-made RpcError, a task) must not reach a modern client: -32603, reported.
  if (scope.era === "modern" && error instanceof RpcError && error.code === URL_ELICITATION_REQUIRED) {
    host.reportError(error);
    throw new RpcError(INTERNAL_ERROR, "Internal error");
  }
  if (error instanceof HandlerTimeoutError && outcome !== undefined) {
    host.reportError(error);
    return outcome.timedOut();
  }
  if (outcome !== undefined && !(error instanceof RpcError) && !(error instanceof InputRequiredSignal)) return outcome.recover(error, ctx.signal.aborted);
  throw clientFacing(host, error);
}

/**
 * How a handler's own outcome becomes the result, applied after the call settles rather than in
 * an async wrapper around the handler: PERFORMANCE (issue 10), every async frame on the
 * tools/call path costs ~600 bytes of allocation per call.
 */
export interface HandlerOutcome {
  /** The handler returned `result`: the answer (may throw: then `recover` answers). */
  accept(result: unknown): JsonObject;
  /** The handler threw something other than an RpcError or the engine's input signal. */
  recover(error: unknown, aborted: boolean): JsonObject;
  /** The answer when the handler's deadline passed (without an outcome the client gets a -32603). */
  timedOut(): JsonObject;
}

/** A checked tools/call and its outcome rules (2026-07-28 server/tools § Error Handling: failures are results). */
class ToolCall implements HandlerOutcome {
  /** The handler invocation runWithInputs runs. */
  readonly run = (ctx: ServerHandlerContext): unknown => this.def.handler(this.args, ctx);

  constructor(
    private readonly host: OperationHost,
    private readonly name: string,
    readonly def: CompiledTool["definition"],
    private readonly args: unknown,
    readonly rawArgs: JsonObject,
  ) {}

  timedOut(): JsonObject {
    return textError(`Tool '${this.name}' did not finish in time`);
  }

  accept(result: unknown): JsonObject {
    if (!isPlainObject(result) || !Array.isArray(result["content"])) throw new Error(`tool '${this.name}' returned no content array`);
    if (this.def.parseOutput && result["isError"] !== true) {
      const checked = this.def.parseOutput(result["structuredContent"]);
      if (!checked.success) {
        this.host.reportError(new Error(`tool '${this.name}' returned structuredContent that violates its outputSchema: ${describeIssue(checked.error)}`));
        return textError(`Tool '${this.name}' produced output that does not match its output schema`);
      }
    }
    return result;
  }

  recover(error: unknown, aborted: boolean): JsonObject {
    if (error instanceof HandleError) return textError(error.message);
    // A handler giving up because its call was cancelled (tasks/cancel, client gone) did not fail.
    if (!aborted) this.host.reportError(error);
    // Tool failures are results, not protocol errors; their text is generic unless the handler
    // marked the error safe (clientFacing).
    return textError(exposedMessage(error) ?? "Tool execution failed");
  }
}

/**
 * DECISION (issue 21 #8; SERVER.md § Handler errors): what a handler throws goes to onError in
 * full; the client gets "Internal error" unless the error is marked safe (SafeError or
 * `expose: true`). RpcErrors are protocol errors the handler or engine chose; they pass as is.
 */
function clientFacing(host: OperationHost, error: unknown): RpcError {
  if (error instanceof RpcError) return error;
  host.reportError(error);
  if (error instanceof HandlerTimeoutError) return new RpcError(INTERNAL_ERROR, "Request timed out");
  return new RpcError(INTERNAL_ERROR, exposedMessage(error) ?? "Internal error");
}

function textError(message: string): JsonObject {
  return { content: [{ type: "text", text: message }], isError: true };
}

/**
 * tools/call. PERFORMANCE (issue 10): not async — a plain call (no handle arguments, no task) is
 * answered synchronously when its handler returns a plain value, else it is one runWithInputs
 * promise; each async frame on this path costs ~600 bytes per call. A bad request throws
 * (synchronously); callers answer it as a protocol error.
 */
export function callTool(host: OperationHost, scope: CallScope): MaybePromise<OperationOutcome> {
  const call = prepareToolCall(host, scope);
  if (!(call instanceof ToolCall)) return call;
  const def = call.def;
  if (def.handleArguments !== undefined || (host.tasks !== undefined && def.task !== undefined)) return callToolWithExtras(host, scope, call);
  const body = runTool(host, scope, call, def.timeoutMs ?? host.handlerTimeoutMs);
  return isThenable(body) ? (body as Promise<JsonObject>).then(asOutcome) : { body };
}

function runTool(host: OperationHost, scope: CallScope, call: ToolCall, timeoutMs: number): MaybePromise<JsonObject> {
  return runWithInputs(host, scope, call.def.inputs, call.run, timeoutMs, call);
}

const asOutcome = (body: JsonObject): OperationOutcome => ({ body });

/** Checks the request and the arguments: the call to run, or the isError answer for bad arguments. */
function prepareToolCall(host: OperationHost, scope: CallScope): ToolCall | OperationOutcome {
  const name = scope.params["name"];
  if (typeof name !== "string") throw invalidParams("Invalid params: tools/call needs a string name");
  const tool = host.compiled.tools.get(name);
  if (tool === undefined) throw invalidParams(`Invalid params: unknown tool '${name}'`, { name });
  const def = tool.definition;
  const rawArgs = scope.params["arguments"] ?? {};
  if (!isPlainObject(rawArgs)) throw invalidParams("Invalid params: arguments must be an object");
  // DECISION (protocol brief § 9 #3): arguments that fail the tool's schema are reported as a
  // tool result with isError, so a model can read the message and correct itself
  // (2026-07-28 server/tools § Error Handling); structural request errors stay -32602.
  let args: unknown = rawArgs;
  if (def.parseInput) {
    const parsed = def.parseInput(rawArgs);
    if (!parsed.success) return { body: textError(`Invalid arguments for tool '${name}': ${describeIssue(parsed.error)}`) };
    args = parsed.data;
  }
  return new ToolCall(host, name, def, args, rawArgs);
}

/** The tools/call path with handle arguments to open first, or a task-capable tool. */
async function callToolWithExtras(host: OperationHost, scope: CallScope, call: ToolCall): Promise<OperationOutcome> {
  const def = call.def;
  if (def.handleArguments) {
    for (const [argument, kind] of Object.entries(def.handleArguments)) {
      const value = call.rawArgs[argument];
      if (value === undefined) continue;
      try {
        await host.handles.open(kind, value, scope.caller);
      } catch (error) {
        if (error instanceof HandleError) return { body: textError(`Invalid ${kind} handle in '${argument}': ${error.message}`) };
        throw error;
      }
    }
  }
  if (host.tasks && def.task) {
    // A task is bounded by its TTL and tasks/cancel, not by the per-invocation deadline.
    const answer = await maybeStartTask(host.tasks, scope, {
      options: def.task,
      inputs: def.inputs,
      execute: async (s) => runTool(host, s, call, 0),
    });
    if (answer !== undefined) return { body: answer, task: answer["resultType"] !== "input_required" };
  }
  const body = await runTool(host, scope, call, def.timeoutMs ?? host.handlerTimeoutMs);
  return { body };
}

function describeIssue(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === "string") return error;
  try {
    return JSON.stringify(error);
  } catch {
    return "invalid input";
  }
}

export async function getPrompt(host: OperationHost, scope: CallScope): Promise<OperationOutcome> {
  const name = scope.params["name"];
  if (typeof name !== "string") throw invalidParams("Invalid params: prompts/get needs a string name");
  const prompt = host.compiled.prompts.get(name);
  if (prompt === undefined) throw invalidParams(`Invalid params: unknown prompt '${name}'`, { name });
  const rawArgs = scope.params["arguments"] ?? {};
  if (!isPlainObject(rawArgs)) throw invalidParams("Invalid params: prompt arguments must be an object");
  const args: Record<string, string> = {};
  for (const [key, value] of Object.entries(rawArgs)) {
    if (typeof value !== "string") throw invalidParams(`Invalid params: prompt argument '${key}' must be a string`);
    args[key] = value;
  }
  for (const arg of prompt.arguments ?? []) {
    if (arg.required && args[arg.name] === undefined) {
      throw invalidParams(`Invalid params: missing required argument '${arg.name}'`, { argument: arg.name });
    }
  }
  const body = await runWithInputs(host, scope, prompt.inputs, async (ctx) => {
    const result = await prompt.get(args, ctx);
    if (!isPlainObject(result) || !Array.isArray(result["messages"])) throw new Error(`prompt '${name}' returned no messages`);
    return result;
  });
  return { body };
}

export async function readResource(host: OperationHost, scope: CallScope): Promise<OperationOutcome> {
  const uri = scope.params["uri"];
  if (typeof uri !== "string") throw invalidParams("Invalid params: resources/read needs a string uri");
  // Defence in depth beside the linear template matcher: no resource URI needs megabytes.
  if (uri.length > host.maxUriLength) throw invalidParams(`Invalid params: uri longer than ${host.maxUriLength} characters`);
  const fixed = host.compiled.resources.get(uri);
  const normalize = (result: ReadResult): JsonObject => {
    const contents = Array.isArray(result) ? result : result.contents;
    if (!Array.isArray(contents)) throw new Error(`resource '${uri}' returned no contents`);
    return { contents: contents.map((c) => (c.uri === undefined ? { ...c, uri } : c)) };
  };
  if (fixed) {
    const body = await runWithInputs(host, scope, fixed.inputs, async (ctx) => normalize(await fixed.read(ctx)));
    return { body, cache: fixed.cache ?? host.compiled.cacheDefaults };
  }
  for (const template of host.compiled.templates) {
    const variables = template.matcher.match(uri);
    if (variables === undefined) continue;
    const def = template.definition;
    const body = await runWithInputs(host, scope, def.inputs, async (ctx) => normalize(await def.read(uri, variables, ctx)));
    return { body, cache: def.cache ?? host.compiled.cacheDefaults };
  }
  throw resourceNotFound(scope.era, uri);
}

/**
 * Not-found differs per era: modern MUST use -32602 with data.uri (2026-07-28 server/resources
 * § Error Handling); legacy SHOULD use -32002 (2025-11-25 server/resources § Error Handling).
 */
export function resourceNotFound(era: CallScope["era"], uri: string): RpcError {
  if (era === "modern") return invalidParams(`Resource not found: ${uri}`, { uri });
  return new RpcError(RESOURCE_NOT_FOUND_LEGACY, `Resource not found: ${uri}`, { uri });
}

export async function complete(host: OperationHost, scope: CallScope): Promise<OperationOutcome> {
  const ref = scope.params["ref"];
  const argument = scope.params["argument"];
  if (!isPlainObject(ref) || !isPlainObject(argument) || typeof argument["name"] !== "string" || typeof argument["value"] !== "string") {
    throw invalidParams("Invalid params: completion/complete needs ref and argument {name, value}");
  }
  const contextArgs = isPlainObject(scope.params["context"]) ? scope.params["context"]["arguments"] : undefined;
  const context: Record<string, string> = {};
  if (isPlainObject(contextArgs)) for (const [k, v] of Object.entries(contextArgs)) if (typeof v === "string") context[k] = v;
  let completer: Completer | undefined;
  if (ref["type"] === "ref/prompt") {
    const prompt = typeof ref["name"] === "string" ? host.compiled.prompts.get(ref["name"]) : undefined;
    if (!prompt) throw invalidParams("Invalid params: unknown prompt in completion ref");
    completer = ownEntry(prompt.complete, argument["name"]);
  } else if (ref["type"] === "ref/resource") {
    const uri = ref["uri"];
    const template = typeof uri === "string" ? host.compiled.templatesByPattern.get(uri) : undefined;
    if (!template && !(typeof uri === "string" && host.compiled.resources.has(uri))) {
      throw invalidParams("Invalid params: unknown resource in completion ref");
    }
    completer = ownEntry(template?.definition.complete, argument["name"]);
  } else {
    throw invalidParams("Invalid params: unknown completion ref type");
  }
  if (!completer) return { body: { completion: { values: [] } } };
  const value = argument["value"];
  const found = completer;
  const call = new HandlerCall(scope.method, host.handlerTimeoutMs);
  let produced: Awaited<ReturnType<Completer>>;
  try {
    produced = await call.run(scope.cancellation, async () => found(value, context));
  } catch (error) {
    throw clientFacing(host, error);
  }
  const values = Array.isArray(produced) ? produced : produced.values;
  const completion: JsonObject = { values: values.slice(0, 100) };
  if (!Array.isArray(produced) && produced.total !== undefined) completion["total"] = produced.total;
  const more = Array.isArray(produced) ? values.length > 100 : (produced.hasMore ?? values.length > 100);
  if (more) completion["hasMore"] = true;
  return { body: { completion } };
}

export type ListMethod = "tools/list" | "prompts/list" | "resources/list" | "resources/templates/list";

/**
 * Returns the pre-serialized page for the cursor; invalid cursors are -32602. resources/list of a
 * server whose templates list their instances is computed per request (template-listing.ts).
 */
export function listPage(host: OperationHost, method: ListMethod, params: JsonObject | undefined, era: CallScope["era"], scopeOf?: () => CallScope): RawJson | Promise<RawJson> {
  if (method === "resources/list" && scopeOf !== undefined && listsTemplateInstances(host.compiled)) return listResourcesWithInstances(host, scopeOf());
  const list = host.compiled.lists[method];
  const cursor = params?.["cursor"];
  if (cursor === undefined) return list[era][0] as RawJson;
  const offset = decodeCursor(method, cursor, list.total);
  if (offset % list.perPage !== 0) throw invalidParams("Invalid params: invalid cursor");
  return list[era][offset / list.perPage] as RawJson;
}

/** Looks up a user-supplied key without ever reaching Object.prototype members. */
function ownEntry<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}
