// The definition object: the plain, typed description of a server that generated code emits
// and hands to createMcpServer. JSON Schemas stay JSON (sent verbatim); runtime validation of
// arguments is delegated to a `parseInput` function the generator supplies (no JSON Schema is
// converted at runtime).
import type { AuthInfo } from "../auth/types.js";
import type { LogLevel } from "../core/era/envelope.js";
import type { CallToolResult } from "../core/results.js";
import type { ToolHeader } from "../core/headers/declarations.js";
import type { Era } from "../core/era/revisions.js";
import type { HandleCodec, HandleKindDefinition } from "../handles/handles.js";
import type { JsonObject, RequestId } from "../core/jsonrpc/message.js";
import type { InputAnswer, InputRequestDeclaration } from "../mrtr/input-requests.js";
import type { RequestView } from "./request-view.js";
import type { TaskControl } from "../tasks/types.js";
import type { ToolTaskOptions } from "../tasks/types.js";

export interface Icon {
  src: string;
  mimeType?: string;
  sizes?: string[];
  theme?: "light" | "dark";
}

export interface ServerInfo {
  name: string;
  version: string;
  title?: string;
  description?: string;
  icons?: Icon[];
  websiteUrl?: string;
}

export interface CacheHint {
  ttlMs: number;
  scope: "public" | "private";
}

export type ParseResult<T> = { success: true; data: T } | { success: false; error: unknown };

/** What every handler receives besides its own arguments. */
export interface ServerHandlerContext {
  readonly era: Era;
  readonly protocolVersion: string;
  readonly method: string;
  readonly requestId: RequestId;
  readonly clientCapabilities: JsonObject;
  readonly clientInfo: JsonObject | undefined;
  /** Aborted when the client cancels (stream close on modern HTTP, notifications/cancelled otherwise). */
  readonly signal: AbortSignal;
  /** Sends notifications/progress when the request carried a progressToken; ignored otherwise. */
  progress(progress: number, total?: number, message?: string): void;
  /** Sends notifications/message if the client asked for this level (modern: _meta logLevel). */
  log(level: LogLevel, data: unknown, logger?: string): void;
  /**
   * Asks the client for a declared input. Modern era: returns the answer if this attempt carries
   * it, otherwise ends the attempt with `input_required` (the handler re-runs on the retry).
   * Legacy era: sends a real server→client request and awaits the answer.
   */
  ask(key: string, overrides?: JsonObject): Promise<InputAnswer>;
  /** Asks several inputs in one round (modern: one input_required with all missing keys). */
  askAll(requests: Readonly<Record<string, JsonObject | undefined>>): Promise<Record<string, InputAnswer>>;
  /** Whether the client declared the capability this input needs. */
  canAsk(key: string): boolean;
  /** Handler data carried from the previous round in the signed requestState (modern). */
  readonly state: unknown;
  /** Sets data to carry into the next round's requestState. */
  setState(data: unknown): void;
  readonly handles: HandleCodec;
  /** Who is calling: the verified bearer token (HTTP with ServerOptions.auth); undefined otherwise. */
  readonly auth: AuthInfo | undefined;
  readonly server: ServerControl;
  /** Legacy HTTP only: ends the current SSE response so the client resumes with Last-Event-ID. */
  closeStream(): void;
  /** The task this call runs as (status messages); undefined when it runs inline. */
  readonly task: TaskControl | undefined;
  /** The request itself: its `_meta` (trace context, progress token) and allowed HTTP headers (request-view.ts). */
  readonly request: RequestView;
  /**
   * Sends a declared server→client extension notification related to this request (its stream
   * on HTTP, stdout on stdio). Returns false when the client did not declare the extension (not
   * sent); throws for a method the definition does not declare (server/extension-methods.ts).
   */
  notify(method: string, params?: JsonObject): boolean;
}

/** Operations any code may trigger to notify listeners. */
export interface ServerControl {
  notifyToolsListChanged(): void;
  notifyPromptsListChanged(): void;
  notifyResourcesListChanged(): void;
  notifyResourceUpdated(uri: string): void;
  /**
   * 2025-11-25 URL elicitation: tells the session that was given `elicitationId` (by `ctx.ask` or a
   * thrown UrlElicitationRequiredError) that the out-of-band interaction finished
   * (`notifications/elicitation/complete`). False when no session of this process holds the id.
   */
  completeElicitation(elicitationId: string): boolean;
}

/** What `onRootsListChanged` hears: a 2025-11-25 client said its roots changed. */
export interface RootsListChangedEvent {
  readonly sessionId: string;
  readonly clientInfo: JsonObject | undefined;
  readonly clientCapabilities: JsonObject;
  /** Asks that client for its roots now (roots/list on its GET stream or stdio connection). */
  listRoots(): Promise<{ roots: { uri: string; name?: string }[] }>;
}

/** The tools/call result shape is a protocol fact shared with the client (core/results.ts). */
export type { CallToolResult };

export interface ToolDefinition<Args = unknown> {
  name: string;
  title?: string;
  description?: string;
  inputSchema: JsonObject;
  outputSchema?: JsonObject;
  annotations?: JsonObject;
  icons?: Icon[];
  _meta?: JsonObject;
  execution?: JsonObject;
  /** Typed validation of `arguments`, emitted by the generator (e.g. a zod safeParse). */
  parseInput?: (args: unknown) => ParseResult<Args>;
  /**
   * Typed validation of `structuredContent` against `outputSchema` (generated). A server MUST
   * conform to its declared output schema (2026-07-28 server/tools § Output Schema), so a
   * non-conforming result is replaced by an isError result and reported through onError.
   */
  parseOutput?: (structuredContent: unknown) => ParseResult<unknown>;
  /** Declared input requests by key. */
  inputs?: Readonly<Record<string, InputRequestDeclaration>>;
  /** Argument name → handle kind: verified before the handler runs. */
  handleArguments?: Readonly<Record<string, string>>;
  /**
   * The `x-mcp-header` declarations of `inputSchema`, as the generator's loader read them with
   * the runtime's scanner (core/headers/declarations.ts). Absent (hand-written definitions): the
   * server scans `inputSchema` itself at construction.
   */
  headers?: readonly ToolHeader[];
  /** Whether and how the tool runs as a task (tasks/types.ts); absent: never. */
  task?: ToolTaskOptions;
  /**
   * Deadline of one call in ms, overriding ServerLimits.handlerTimeoutMs (manifest `timeoutMs`):
   * past it `ctx.signal` aborts and the call answers an isError result. 0: none.
   */
  timeoutMs?: number;
  handler: (args: Args, ctx: ServerHandlerContext) => CallToolResult | Promise<CallToolResult>;
}

export interface ResourceContents extends JsonObject {
  uri: string;
  mimeType?: string;
  text?: string;
  blob?: string;
}

export type ReadResult = ResourceContents[] | { contents: ResourceContents[] };

export interface ResourceDefinition {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
  annotations?: JsonObject;
  icons?: Icon[];
  _meta?: JsonObject;
  /** Clients may subscribe to updates of this resource. */
  subscribable?: boolean;
  cache?: CacheHint;
  inputs?: Readonly<Record<string, InputRequestDeclaration>>;
  read: (ctx: ServerHandlerContext) => ReadResult | Promise<ReadResult>;
}

/**
 * One instance of a resource template, as its `list` callback names it for resources/list: by
 * the template's variables (the URI is the template expanded with them) or by `uri` (which must
 * match the template). `name` defaults to the template's name.
 */
export interface TemplateInstance<Variables extends Readonly<Record<string, string | undefined>> = Readonly<Record<string, string | undefined>>> {
  variables?: Variables;
  uri?: string;
  name?: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
  annotations?: JsonObject;
  icons?: Icon[];
  _meta?: JsonObject;
}

export type Completer = (
  value: string,
  context: Readonly<Record<string, string>>,
) => string[] | { values: string[]; total?: number; hasMore?: boolean } | Promise<string[] | { values: string[]; total?: number; hasMore?: boolean }>;

export interface ResourceTemplateDefinition {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  annotations?: JsonObject;
  icons?: Icon[];
  _meta?: JsonObject;
  cache?: CacheHint;
  complete?: Readonly<Record<string, Completer>>;
  inputs?: Readonly<Record<string, InputRequestDeclaration>>;
  read: (uri: string, variables: Readonly<Record<string, string>>, ctx: ServerHandlerContext) => ReadResult | Promise<ReadResult>;
  /** Enumerates the template's instances into resources/list (template-listing.ts); absent: none are listed. */
  list?: (ctx: ServerHandlerContext) => readonly TemplateInstance[] | Promise<readonly TemplateInstance[]>;
}

export interface PromptArgument {
  name: string;
  title?: string;
  description?: string;
  required?: boolean;
}

export interface GetPromptResult extends JsonObject {
  description?: string;
  messages: JsonObject[];
}

export interface PromptDefinition {
  name: string;
  title?: string;
  description?: string;
  arguments?: PromptArgument[];
  icons?: Icon[];
  _meta?: JsonObject;
  complete?: Readonly<Record<string, Completer>>;
  inputs?: Readonly<Record<string, InputRequestDeclaration>>;
  get: (args: Readonly<Record<string, string>>, ctx: ServerHandlerContext) => GetPromptResult | Promise<GetPromptResult>;
}

/** A custom client→server request an extension adds (server/extension-methods.ts; SERVER.md § Extension methods). */
export interface ExtensionMethodDefinition<Params = JsonObject, Result extends JsonObject = JsonObject> {
  /** The JSON-RPC method name; spec method names are refused. */
  method: string;
  /** The extension identifier that owns the method (`{vendor-prefix}/{name}`), advertised by the server. */
  extension: string;
  /**
   * Whether a client must declare the extension in its capabilities to call the method
   * (default true: -32021 otherwise). False for extensions that define no client declaration.
   */
  requiresClientExtension?: boolean;
  description?: string;
  /** Typed validation of `params` (without `_meta`), emitted by the generator; failure answers -32602. */
  parseParams?: (params: unknown) => ParseResult<Params>;
  /** Typed validation of the handler's result; a non-conforming one is reported and answered -32603. */
  parseResult?: (result: unknown) => ParseResult<unknown>;
  /** Deadline of one call in ms, overriding ServerLimits.handlerTimeoutMs. 0: none. */
  timeoutMs?: number;
  handler: (params: Params, ctx: ServerHandlerContext) => Result | Promise<Result>;
}

/** What a client→server extension notification handler learns about its sender. */
export interface ExtensionNotificationInfo {
  readonly era: Era;
  readonly method: string;
  readonly clientCapabilities: JsonObject;
  readonly clientInfo: JsonObject | undefined;
  /** Legacy: the session the notification arrived on. */
  readonly sessionId: string | undefined;
  /** The verified bearer token (HTTP with ServerOptions.auth). */
  readonly auth: AuthInfo | undefined;
  readonly server: ServerControl;
}

/**
 * A custom notification. `clientToServer` ones need a handler; `serverToClient` ones are sent
 * with `ctx.notify` (request-related, both eras) or `server.notifyExtension` (legacy sessions).
 */
export interface ExtensionNotificationDefinition<Params = JsonObject> {
  method: string;
  extension: string;
  direction: "clientToServer" | "serverToClient";
  description?: string;
  /** Typed validation of `params` (without `_meta`); an inbound notification failing it is dropped and reported. */
  parseParams?: (params: unknown) => ParseResult<Params>;
  handler?: (params: Params, info: ExtensionNotificationInfo) => void | Promise<void>;
}

export type CacheableList = "server/discover" | "tools/list" | "prompts/list" | "resources/list" | "resources/templates/list";

export interface ServerDefinition {
  serverInfo: ServerInfo;
  instructions?: string;
  /** Protocol revisions served, preferred first. Both eras may be listed. */
  revisions: readonly string[];
  tools?: readonly ToolDefinition<any>[];
  resources?: readonly ResourceDefinition[];
  resourceTemplates?: readonly ResourceTemplateDefinition[];
  prompts?: readonly PromptDefinition[];
  handles?: Readonly<Record<string, HandleKindDefinition>>;
  /** Custom request methods of extensions; their extensions are advertised (SERVER.md § Extension methods). */
  extensionMethods?: readonly ExtensionMethodDefinition<any, any>[];
  /** Custom notifications of extensions, both directions. */
  extensionNotifications?: readonly ExtensionNotificationDefinition<any>[];
  /** 2025-11-25 and earlier: a client sent notifications/roots/list_changed (removed in 2026-07-28). */
  onRootsListChanged?: (event: RootsListChangedEvent) => void | Promise<void>;
  /** Cache hints for cacheable results without their own (default ttlMs 0, private). */
  cacheDefaults?: CacheHint;
  listCache?: Partial<Record<CacheableList, CacheHint>>;
  /** Capability switches; everything else is derived from the definition. */
  capabilities?: {
    logging?: boolean;
    /** `true`/`false` for every family, or per family (unlisted families: false). Default true. */
    listChanged?: boolean | { tools?: boolean; prompts?: boolean; resources?: boolean };
    experimental?: JsonObject;
    extensions?: JsonObject;
  };
}
