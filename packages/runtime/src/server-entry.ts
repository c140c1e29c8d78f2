// `@mcp-gen/runtime/server`: the dual-era server engine, its transport-neutral HTTP endpoint
// (node:http and stdio adapters are in ./node) and what generated servers use. Never loads the
// client (test/architecture checks the module list). Explicit named exports only.
export { createMcpServer } from "./server/server.js";
export { HandlerTimeoutError, SafeError } from "./server/safe-error.js";
export type { McpServer } from "./server/server.js";
export { withLiveItems } from "./server/live-lists.js";
export { extensionContext } from "./server/extension-methods-context.js";
export type { LiveItem, LiveItemKeys, LiveList, LiveLists, TypedLiveList, WithLiveItems } from "./server/live-lists.js";
export type {
  CacheHint,
  CacheableList,
  Completer,
  ExtensionMethodDefinition,
  ExtensionNotificationDefinition,
  ExtensionNotificationInfo,
  GetPromptResult,
  Icon,
  ParseResult,
  PromptArgument,
  PromptDefinition,
  ReadResult,
  ResourceContents,
  ResourceDefinition,
  ResourceTemplateDefinition,
  RootsListChangedEvent,
  ServerControl,
  ServerDefinition,
  ServerHandlerContext,
  ServerInfo,
  TemplateInstance,
  ToolDefinition,
} from "./server/definition.js";
export type { CorsOptions, HealthOptions, RequestHooks, RequestInfo, RequestInterceptor, RequestOutcome, ServerLimits, ServerOptions } from "./server/options.js";
export type { RequestGate } from "./server/drain.js";
export type { Reply, ModernExchange } from "./server/modern.js";
export { LegacySession } from "./server/legacy-session.js";
export type { LegacyChannel } from "./server/legacy-session.js";
export { resourceNotFound } from "./server/operations.js";
export { UrlElicitationRequiredError } from "./server/url-elicitation.js";
export type { UrlElicitation } from "./server/url-elicitation.js";
export type { RequestView } from "./server/request-view.js";

export { createHttpEndpoint } from "./http/endpoint.js";
export type { HttpEndpoint } from "./http/endpoint.js";
export { createFetchHandler } from "./http/fetch.js";
export type { FetchContext, FetchHandler, FetchHandlerOptions } from "./http/fetch.js";
export type { SseOption, SseTransportOptions } from "./http/sse-transport.js";
export { BodyTooLargeError, SlowConsumerError } from "./http/exchange.js";
export type { HttpRequestView, HttpResponder, SseSink } from "./http/exchange.js";
export { createHostGuard } from "./http/host-guard.js";
export type { HostGuard, HostGuardOptions } from "./http/host-guard.js";

export { createRequestStateCodec, digestParams } from "./mrtr/request-state.js";
export type { RequestStateCodec, StatePayload } from "./mrtr/request-state.js";
export { resolveSigningKey } from "./mrtr/signing-key.js";
export { missingCapabilities, validateInputAnswer } from "./mrtr/input-requests.js";
export type { EmbeddedInputRequest, InputAnswer, InputRequestDeclaration } from "./mrtr/input-requests.js";

export { createHandleCodec, HandleError } from "./handles/handles.js";
export type { HandleCodec, HandleKindDefinition } from "./handles/handles.js";

// Support for generated servers (typed contexts, answers, prompt arguments, results).
export { typedContext } from "./generated-support/context.js";
export type { Awaitable, BaseContext, ContextSpec } from "./generated-support/context.js";
export { answerConverter, toElicitAnswer, toUrlElicitAnswer } from "./generated-support/answers.js";
export type {
  AnswerSchema,
  ElicitAnswer,
  RootsAnswer,
  SamplingAnswer,
  SamplingRequest,
  SamplingToolChoice,
  SamplingWithToolsRequest,
  UrlElicitAnswer,
} from "./generated-support/answers.js";
export { parsePromptArguments } from "./generated-support/prompt-arguments.js";
// Compiled JSON Schema validators: what generated servers check arguments, output and answers with (no zod).
export { jsonSchemaValidator, SchemaValidationError } from "./validation/compile/index.js";
export type { PatternEngine, SchemaIssue, JsonSchemaValidator, JsonSchemaValidatorOptions, ValidationResult } from "./validation/compile/index.js";
export { toCallToolResult, toolError } from "./generated-support/tool-results.js";
export type { StructuredToolReturn, ToolReturn } from "./generated-support/tool-results.js";
export { buildHttpRequest, callHttpOperation } from "./generated-support/http-proxy.js";
export type { HttpProxyApi, HttpProxyOperation, HttpProxyOptions, HttpProxyParameter, HttpProxySecurityScheme } from "./generated-support/http-proxy.js";

// Coordination of several instances behind one balancer (docs/deployment.md; @mcp-gen/redis).
export { createMemoryHub, EVENT_LOG_DEFAULTS } from "./coordination/memory.js";
export { requireSharedKeys } from "./coordination/shared-keys.js";
export type { EventLogBounds, MemoryHub } from "./coordination/memory.js";
export type { Coordination, LoggedEvent, ReplyRouter, SessionEvent, SessionRecord, SessionStore, StreamEventLog, StreamLog } from "./coordination/types.js";
export { LocalChangeBus, parseChangeEvent } from "./subscriptions/event-bus.js";
export type { ChangeBus, ChangeEvent, ChangeListener } from "./subscriptions/event-bus.js";

// Tasks: tools that run as long-lived tasks (both eras; tasks/).
export { MemoryTaskStore } from "./tasks/memory-store.js";
export { DEFAULT_POLL_INTERVAL_MS, DEFAULT_TASK_TTL_MS } from "./tasks/engine.js";
export { TERMINAL_STATUSES } from "./tasks/types.js";
export type { TaskControl, TaskRecord, TaskStatus, TaskStore, TaskSupport, ToolTaskOptions } from "./tasks/types.js";
// Skills (SEP-2640): bundled skill folders served as resources plus skills/list, skills/get, resources/directory/read.
export { withSkills } from "./server/skills/with-skills.js";
export type { SkillsOptions } from "./server/skills/with-skills.js";
export type { BundledSkill, BundledSkillFile } from "./server/skills/catalog.js";
