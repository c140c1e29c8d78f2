// Public entry of @mcp-gen/runtime. Explicit named exports only.
export const RUNTIME_VERSION = "0.1.0";

// client
export {
  McpClient,
  connectClient,
  createHttpTransport,
  HttpClientTransport,
  createStdioTransport,
  StdioClientTransport,
  McpClientError,
  McpRpcError,
  Subscription,
  ResultCache,
  encodeHeaderValue,
  planToolHeaders,
  defaultEraCache,
  SUPPORTED_REVISIONS,
  OAuthClient,
} from "./client/index.js";
export type {
  McpClientOptions,
  RequestOptions,
  CallToolOptions,
  CallToolResult,
  Progress,
  ProtocolChoice,
  JsonObject,
  HttpTransportOptions,
  StdioTransportOptions,
  ClientTransport,
  SendOptions,
  InboundSink,
  TransportKind,
  ClientFailureReason,
  ClientHandlers,
  ElicitationHandler,
  SamplingHandler,
  RootsHandler,
  HandlerContext,
  SubscriptionFilter,
  ResultCacheOptions,
  HeaderParam,
  ToolHeaderPlan,
  EraVerdictRecord,
  Implementation,
  Era,
  OAuthOptions,
  OAuthClientInformation,
} from "./client/index.js";

// server (dual-era engine)
export { createMcpServer } from "./server/server.js";
export { HandlerTimeoutError, SafeError } from "./server/safe-error.js";
export type { McpServer } from "./server/server.js";
export type {
  CacheHint,
  CacheableList,
  CallToolResult as ToolCallResult,
  Completer,
  GetPromptResult,
  HandlerContext as ServerHandlerContext,
  Icon,
  ParseResult,
  PromptArgument,
  PromptDefinition,
  ReadResult,
  ResourceContents,
  ResourceDefinition,
  ResourceTemplateDefinition,
  ServerControl,
  ServerDefinition,
  ServerInfo,
  ToolDefinition,
} from "./server/definition.js";
export type { ServerLimits, ServerOptions } from "./server/options.js";
export type { Reply, ModernExchange } from "./server/modern.js";
export { LegacySession } from "./server/legacy-session.js";
export type { LegacyChannel } from "./server/legacy-session.js";

export { createHttpEndpoint } from "./http/endpoint.js";
export type { HttpEndpoint } from "./http/endpoint.js";
export { createNodeRequestListener, listenHttp } from "./http/node.js";
export type { ListeningServer, NodeRequestListener } from "./http/node.js";
export { createFetchHandler } from "./http/fetch.js";
export type { FetchHandler } from "./http/fetch.js";
export { BodyTooLargeError } from "./http/exchange.js";
export type { HttpRequestView, HttpResponder, SseSink } from "./http/exchange.js";
export { createHostGuard } from "./http/host-guard.js";
export type { HostGuard, HostGuardOptions } from "./http/host-guard.js";
export { decodeHeaderValue, needsBase64 } from "./core/headers/value.js";
export { checkMethodAndNameHeaders, checkParamHeaders, checkProtocolVersionHeader, headerParamsOf } from "./core/headers/standard.js";
export type { HeaderLookup, HeaderParam as MirroredHeaderParam } from "./core/headers/standard.js";

export { serveStdio } from "./stdio/stdio.js";
export type { StdioConnection } from "./stdio/stdio.js";

export {
  HEADER_MISMATCH,
  INTERNAL_ERROR,
  INVALID_PARAMS,
  INVALID_REQUEST,
  METHOD_NOT_FOUND,
  MISSING_REQUIRED_CLIENT_CAPABILITY,
  PARSE_ERROR,
  RESOURCE_NOT_FOUND_LEGACY,
  UNSUPPORTED_PROTOCOL_VERSION,
} from "./core/jsonrpc/codes.js";
export { RpcError, invalidParams, methodNotFound } from "./core/jsonrpc/errors.js";
export { inspectMessage, isPlainObject, salvageId } from "./core/jsonrpc/message.js";
export type {
  InboundMessage,
  JsonRpcErrorObject,
  JsonRpcFailure,
  JsonRpcMessage,
  JsonRpcNotification,
  JsonRpcRequest,
  JsonRpcResponse,
  JsonRpcSuccess,
  RequestId,
} from "./core/jsonrpc/message.js";
export { parseJsonText } from "./core/jsonrpc/parse.js";

export { classifyEra } from "./core/era/classify.js";
export { eraOfRevision, FIRST_MODERN_REVISION } from "./core/era/revisions.js";
export {
  claimsModernEra,
  LOG_LEVELS,
  META_CLIENT_CAPABILITIES,
  META_CLIENT_INFO,
  META_LOG_LEVEL,
  META_PROTOCOL_VERSION,
  META_SERVER_INFO,
  META_SUBSCRIPTION_ID,
  readEnvelope,
} from "./core/era/envelope.js";
export type { Envelope, LogLevel } from "./core/era/envelope.js";

export { createRequestStateCodec, digestParams } from "./mrtr/request-state.js";
export type { RequestStateCodec, StatePayload } from "./mrtr/request-state.js";
export { resolveSigningKey } from "./mrtr/signing-key.js";
export { missingCapabilities, validateInputAnswer } from "./mrtr/input-requests.js";
export type { EmbeddedInputRequest, InputAnswer, InputRequestDeclaration } from "./mrtr/input-requests.js";

export { createHandleCodec, HandleError } from "./handles/handles.js";
export type { HandleCodec, HandleKindDefinition } from "./handles/handles.js";

// Support for generated packages (typed contexts, answers and results, start-up).
export { askAllTyped, extendContext } from "./generated-support/context.js";
export type { Awaitable, BaseContext } from "./generated-support/context.js";
export { toElicitAnswer, toUrlElicitAnswer } from "./generated-support/answers.js";
export type { ElicitAnswer, RootsAnswer, SamplingAnswer, SamplingRequest, UrlElicitAnswer } from "./generated-support/answers.js";
export { toCallToolResult, toolError } from "./generated-support/tool-results.js";
export type { StructuredToolReturn, ToolReturn } from "./generated-support/tool-results.js";
export { serveFromArgv } from "./generated-support/serve-from-argv.js";
export type { ServeFromArgvResult } from "./generated-support/serve-from-argv.js";
export { expandUriTemplate } from "./generated-support/uri-expand.js";
export { resourceNotFound } from "./server/operations.js";
