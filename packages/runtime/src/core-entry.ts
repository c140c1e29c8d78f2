// `@mcp-gen/runtime/core`: the protocol core, runtime-neutral (no `node:` import, no transport,
// no server engine, no client): messages and guards, error codes and the wire error class,
// revisions and eras, the `_meta` envelope, the method registries, the x-mcp-header scanner and
// the standard-header rules. Explicit named exports only.
export const RUNTIME_VERSION = "0.1.0";

export {
  ERROR_CODES,
  HEADER_MISMATCH,
  INTERNAL_ERROR,
  INVALID_PARAMS,
  INVALID_REQUEST,
  METHOD_NOT_FOUND,
  MISSING_REQUIRED_CLIENT_CAPABILITY,
  PARSE_ERROR,
  RESOURCE_NOT_FOUND_LEGACY,
  UNSUPPORTED_PROTOCOL_VERSION,
  URL_ELICITATION_REQUIRED,
} from "./core/jsonrpc/codes.js";
export { RpcError, invalidParams, methodNotFound } from "./core/jsonrpc/errors.js";
export { inspectMessage, isFailure, isNotification, isPlainObject, isRequest, isResponse, parseMessage, salvageId } from "./core/jsonrpc/message.js";
export type {
  InboundMessage,
  JsonObject,
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
export {
  eraOfRevision,
  FIRST_MODERN_REVISION,
  isSupportedRevision,
  LEGACY_REVISIONS,
  MODERN_REVISIONS,
  pickMutualRevision,
  SUPPORTED_REVISIONS,
} from "./core/era/revisions.js";
export type { Era } from "./core/era/revisions.js";
export {
  claimsModernEra,
  LOG_LEVELS,
  META_APPS_EXTENSION,
  META_CLIENT_CAPABILITIES,
  META_CLIENT_INFO,
  META_LOG_LEVEL,
  META_PROGRESS_TOKEN,
  META_PROTOCOL_VERSION,
  META_SERVER_INFO,
  META_SUBSCRIPTION_ID,
  META_TASKS_EXTENSION,
  readEnvelope,
  withEnvelope,
} from "./core/era/envelope.js";
export type { Envelope, EnvelopeInput, Implementation, LogLevel } from "./core/era/envelope.js";

export { APP_MIME_TYPE, APP_URI_SCHEME, appOfTool, declaresApps, LEGACY_APP_RESOURCE_KEY, withAppFallback } from "./core/apps.js";
export type { AppResourceMeta, AppToolMeta, AppVisibility } from "./core/apps.js";
export { capabilityAllows, methodRow, methodRows, methodsOfRevision } from "./core/methods.js";
export type { CapabilityGate, MethodRow } from "./core/methods.js";
export { RESULT_TYPE_COMPLETE, RESULT_TYPE_INPUT_REQUIRED } from "./core/results.js";
export type { CallToolResult } from "./core/results.js";
export type {
  AudioContent,
  BlobResourceContents,
  ContentAnnotations,
  ContentBlock,
  EmbeddedResource,
  ImageContent,
  PromptMessage,
  PromptResult,
  ReadResourceResult,
  ResourceContentsItem,
  ResourceLink,
  Role,
  TextContent,
  TextResourceContents,
} from "./core/content.js";

export { headerTypeOf, scanHeaderDeclarations, valueAtPath } from "./core/headers/declarations.js";
export type { HeaderDeclaration, HeaderProblem, HeaderProblemKind, HeaderScan, HeaderValueType, ToolHeader } from "./core/headers/declarations.js";
export {
  HEADER_LAST_EVENT_ID,
  HEADER_METHOD,
  HEADER_NAME,
  HEADER_PARAM_PREFIX,
  HEADER_PROTOCOL_VERSION,
  HEADER_SESSION_ID,
  paramHeaderName,
} from "./core/headers/names.js";
export { decodeHeaderValue, encodeHeaderValue, needsBase64 } from "./core/headers/value.js";
export { checkMethodAndNameHeaders, checkParamHeaders, checkProtocolVersionHeader, headerParamsOf } from "./core/headers/standard.js";
export type { HeaderLookup } from "./core/headers/standard.js";
export { ajvAlwaysValid, detectDialect, dialectApplies } from "./core/json-schema-dialect.js";
export { decodeFragmentPointer, decodePointer, encodePointer, valueAtPointer } from "./core/json-pointer.js";
export type { JsonPointerTokens } from "./core/json-pointer.js";
export type { JsonSchemaDialect } from "./core/json-schema-dialect.js";
export {
  DIRECTORY_MIME_TYPE,
  DIRECTORY_READ_METHOD,
  DYNAMIC_SKILL_RESOURCES,
  isValidSkillName,
  SKILL_DESCRIPTION_MAX_LENGTH,
  SKILL_DIGEST_PATTERN,
  SKILL_FILE,
  SKILL_FILE_MIME_TYPE,
  SKILL_MAX_RESOURCES,
  SKILL_MAX_TOTAL_BYTES,
  SKILL_META_PREFIX,
  SKILL_NAME_MAX_LENGTH,
  SKILL_NAME_PATTERN,
  SKILL_URI_SCHEME,
  SKILLS_EXTENSION,
  SKILLS_GET_METHOD,
  SKILLS_LIST_METHOD,
  skillNameOfUri,
  skillRootOfUri,
} from "./core/skills.js";
export type { SkillEntry, SkillResource } from "./core/skills.js";
