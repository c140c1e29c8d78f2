// The public surface of each runtime subpath, pinned: a name that appears or disappears is a
// visible change to review (issue 10 item 6). The root is the runtime-neutral core; every
// name has exactly one subpath.
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { REPO } from "./import-graph.js";

const SRC = path.join(REPO, "packages/runtime/src");
const ENTRIES = ["core-entry", "server-entry", "client-entry", "node-entry", "otel-entry", "patterns-entry"] as const;

interface Surface {
  values: string[];
  types: string[];
}

/** Exported names of an entry file, as written (the entries only use `export {…} from` and consts). */
function surfaceOf(entry: string): Surface {
  const file = path.join(SRC, `${entry}.ts`);
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.ES2022, true);
  const values: string[] = [];
  const types: string[] = [];
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      for (const element of statement.exportClause.elements) {
        expect(element.propertyName, `${entry} renames ${element.name.text}: one name per thing`).toBeUndefined();
        (statement.isTypeOnly || element.isTypeOnly ? types : values).push(element.name.text);
      }
    } else if (ts.isVariableStatement(statement) && statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) {
      for (const declaration of statement.declarationList.declarations) values.push(declaration.name.getText(source));
    } else if (ts.isExportDeclaration(statement)) {
      throw new Error(`${entry}: \`export *\` is not allowed`);
    }
  }
  return { values: values.sort(), types: types.sort() };
}

describe("runtime export surface", () => {
  const surfaces = Object.fromEntries(ENTRIES.map((e) => [e, surfaceOf(e)])) as Record<(typeof ENTRIES)[number], Surface>;

  it("./core", () => {
    expect(surfaces["core-entry"]).toMatchInlineSnapshot(`
      {
        "types": [
          "AppResourceMeta",
          "AppToolMeta",
          "AppVisibility",
          "AudioContent",
          "BlobResourceContents",
          "CallToolResult",
          "CapabilityGate",
          "ContentAnnotations",
          "ContentBlock",
          "EmbeddedResource",
          "Envelope",
          "EnvelopeInput",
          "Era",
          "HeaderDeclaration",
          "HeaderLookup",
          "HeaderProblem",
          "HeaderProblemKind",
          "HeaderScan",
          "HeaderValueType",
          "ImageContent",
          "Implementation",
          "InboundMessage",
          "JsonObject",
          "JsonPointerTokens",
          "JsonRpcErrorObject",
          "JsonRpcFailure",
          "JsonRpcMessage",
          "JsonRpcNotification",
          "JsonRpcRequest",
          "JsonRpcResponse",
          "JsonRpcSuccess",
          "JsonSchemaDialect",
          "LogLevel",
          "MethodRow",
          "PromptMessage",
          "PromptResult",
          "ReadResourceResult",
          "RequestId",
          "ResourceContentsItem",
          "ResourceLink",
          "Role",
          "SkillEntry",
          "SkillResource",
          "TextContent",
          "TextResourceContents",
          "ToolHeader",
        ],
        "values": [
          "APP_MIME_TYPE",
          "APP_URI_SCHEME",
          "DIRECTORY_MIME_TYPE",
          "DIRECTORY_READ_METHOD",
          "DYNAMIC_SKILL_RESOURCES",
          "ERROR_CODES",
          "FIRST_MODERN_REVISION",
          "HEADER_LAST_EVENT_ID",
          "HEADER_METHOD",
          "HEADER_MISMATCH",
          "HEADER_NAME",
          "HEADER_PARAM_PREFIX",
          "HEADER_PROTOCOL_VERSION",
          "HEADER_SESSION_ID",
          "INTERNAL_ERROR",
          "INVALID_PARAMS",
          "INVALID_REQUEST",
          "LEGACY_APP_RESOURCE_KEY",
          "LEGACY_REVISIONS",
          "LOG_LEVELS",
          "META_APPS_EXTENSION",
          "META_CLIENT_CAPABILITIES",
          "META_CLIENT_INFO",
          "META_LOG_LEVEL",
          "META_PROGRESS_TOKEN",
          "META_PROTOCOL_VERSION",
          "META_SERVER_INFO",
          "META_SUBSCRIPTION_ID",
          "META_TASKS_EXTENSION",
          "METHOD_NOT_FOUND",
          "MISSING_REQUIRED_CLIENT_CAPABILITY",
          "MODERN_REVISIONS",
          "PARSE_ERROR",
          "RESOURCE_NOT_FOUND_LEGACY",
          "RESULT_TYPE_COMPLETE",
          "RESULT_TYPE_INPUT_REQUIRED",
          "RUNTIME_VERSION",
          "RpcError",
          "SKILLS_EXTENSION",
          "SKILLS_GET_METHOD",
          "SKILLS_LIST_METHOD",
          "SKILL_DESCRIPTION_MAX_LENGTH",
          "SKILL_DIGEST_PATTERN",
          "SKILL_FILE",
          "SKILL_FILE_MIME_TYPE",
          "SKILL_MAX_RESOURCES",
          "SKILL_MAX_TOTAL_BYTES",
          "SKILL_META_PREFIX",
          "SKILL_NAME_MAX_LENGTH",
          "SKILL_NAME_PATTERN",
          "SKILL_URI_SCHEME",
          "SUPPORTED_REVISIONS",
          "UNSUPPORTED_PROTOCOL_VERSION",
          "URL_ELICITATION_REQUIRED",
          "ajvAlwaysValid",
          "appOfTool",
          "capabilityAllows",
          "checkMethodAndNameHeaders",
          "checkParamHeaders",
          "checkProtocolVersionHeader",
          "claimsModernEra",
          "classifyEra",
          "declaresApps",
          "decodeFragmentPointer",
          "decodeHeaderValue",
          "decodePointer",
          "detectDialect",
          "dialectApplies",
          "encodeHeaderValue",
          "encodePointer",
          "eraOfRevision",
          "headerParamsOf",
          "headerTypeOf",
          "inspectMessage",
          "invalidParams",
          "isFailure",
          "isNotification",
          "isPlainObject",
          "isRequest",
          "isResponse",
          "isSupportedRevision",
          "isValidSkillName",
          "methodNotFound",
          "methodRow",
          "methodRows",
          "methodsOfRevision",
          "needsBase64",
          "paramHeaderName",
          "parseJsonText",
          "parseMessage",
          "pickMutualRevision",
          "readEnvelope",
          "salvageId",
          "scanHeaderDeclarations",
          "skillNameOfUri",
          "skillRootOfUri",
          "valueAtPath",
          "valueAtPointer",
          "withAppFallback",
          "withEnvelope",
        ],
      }
    `);
  });

  it("./server", () => {
    expect(surfaces["server-entry"]).toMatchInlineSnapshot(`
      {
        "types": [
          "AnswerSchema",
          "Awaitable",
          "BaseContext",
          "BundledSkill",
          "BundledSkillFile",
          "CacheHint",
          "CacheableList",
          "ChangeBus",
          "ChangeEvent",
          "ChangeListener",
          "Completer",
          "ContextSpec",
          "Coordination",
          "CorsOptions",
          "ElicitAnswer",
          "EmbeddedInputRequest",
          "EventLogBounds",
          "ExtensionMethodDefinition",
          "ExtensionNotificationDefinition",
          "ExtensionNotificationInfo",
          "FetchContext",
          "FetchHandler",
          "FetchHandlerOptions",
          "GetPromptResult",
          "HandleCodec",
          "HandleKindDefinition",
          "HealthOptions",
          "HostGuard",
          "HostGuardOptions",
          "HttpEndpoint",
          "HttpProxyApi",
          "HttpProxyOperation",
          "HttpProxyOptions",
          "HttpProxyParameter",
          "HttpProxySecurityScheme",
          "HttpRequestView",
          "HttpResponder",
          "Icon",
          "InputAnswer",
          "InputRequestDeclaration",
          "JsonSchemaValidator",
          "JsonSchemaValidatorOptions",
          "LegacyChannel",
          "LiveItem",
          "LiveItemKeys",
          "LiveList",
          "LiveLists",
          "LoggedEvent",
          "McpServer",
          "MemoryHub",
          "ModernExchange",
          "ParseResult",
          "PatternEngine",
          "PromptArgument",
          "PromptDefinition",
          "ReadResult",
          "Reply",
          "ReplyRouter",
          "RequestGate",
          "RequestHooks",
          "RequestInfo",
          "RequestInterceptor",
          "RequestOutcome",
          "RequestStateCodec",
          "RequestView",
          "ResourceContents",
          "ResourceDefinition",
          "ResourceTemplateDefinition",
          "RootsAnswer",
          "RootsListChangedEvent",
          "SamplingAnswer",
          "SamplingRequest",
          "SamplingToolChoice",
          "SamplingWithToolsRequest",
          "SchemaIssue",
          "ServerControl",
          "ServerDefinition",
          "ServerHandlerContext",
          "ServerInfo",
          "ServerLimits",
          "ServerOptions",
          "SessionEvent",
          "SessionRecord",
          "SessionStore",
          "SkillsOptions",
          "SseOption",
          "SseSink",
          "SseTransportOptions",
          "StatePayload",
          "StreamEventLog",
          "StreamLog",
          "StructuredToolReturn",
          "TaskControl",
          "TaskRecord",
          "TaskStatus",
          "TaskStore",
          "TaskSupport",
          "TemplateInstance",
          "ToolDefinition",
          "ToolReturn",
          "ToolTaskOptions",
          "TypedLiveList",
          "UrlElicitAnswer",
          "UrlElicitation",
          "ValidationResult",
          "WithLiveItems",
        ],
        "values": [
          "BodyTooLargeError",
          "DEFAULT_POLL_INTERVAL_MS",
          "DEFAULT_TASK_TTL_MS",
          "EVENT_LOG_DEFAULTS",
          "HandleError",
          "HandlerTimeoutError",
          "LegacySession",
          "LocalChangeBus",
          "MemoryTaskStore",
          "SafeError",
          "SchemaValidationError",
          "SlowConsumerError",
          "TERMINAL_STATUSES",
          "UrlElicitationRequiredError",
          "answerConverter",
          "buildHttpRequest",
          "callHttpOperation",
          "createFetchHandler",
          "createHandleCodec",
          "createHostGuard",
          "createHttpEndpoint",
          "createMcpServer",
          "createMemoryHub",
          "createRequestStateCodec",
          "digestParams",
          "extensionContext",
          "jsonSchemaValidator",
          "missingCapabilities",
          "parseChangeEvent",
          "parsePromptArguments",
          "requireSharedKeys",
          "resolveSigningKey",
          "resourceNotFound",
          "toCallToolResult",
          "toElicitAnswer",
          "toUrlElicitAnswer",
          "toolError",
          "typedContext",
          "validateInputAnswer",
          "withLiveItems",
          "withSkills",
        ],
      }
    `);
  });

  it("./client", () => {
    expect(surfaces["client-entry"]).toMatchInlineSnapshot(`
      {
        "types": [
          "AppResource",
          "CallToolOptions",
          "ClientAuthMethod",
          "ClientFailureReason",
          "ClientHandlers",
          "ClientTransport",
          "CompletionRef",
          "CompletionSource",
          "CreateMessageResult",
          "CredentialStore",
          "ElicitationAnswer",
          "ElicitationHandler",
          "EnterpriseIdp",
          "EraVerdictRecord",
          "ExtensionNotificationHandler",
          "FormElicitationParams",
          "GrantOptions",
          "HttpTransportOptions",
          "InboundSink",
          "InlineHandle",
          "InputHandlerContext",
          "KeySource",
          "ListRootsResult",
          "LogMessage",
          "McpClientOptions",
          "OAuthClientInformation",
          "OAuthOptions",
          "Progress",
          "ProtocolChoice",
          "RequestOptions",
          "ResultCacheOptions",
          "Root",
          "RootsHandler",
          "SamplingContent",
          "SamplingHandler",
          "SamplingHandlerOptions",
          "SamplingMessage",
          "SamplingParams",
          "SamplingTool",
          "SecretSource",
          "SendOptions",
          "SkillFile",
          "SkillsClientOptions",
          "StoredCredential",
          "SubscriptionFilter",
          "TaskDriver",
          "TaskSnapshot",
          "TimeoutDetails",
          "ToolChoice",
          "ToolHeaderPlan",
          "ToolResultContent",
          "ToolUseContent",
          "TransportKind",
          "UrlElicitationHandler",
          "UrlElicitationParams",
          "WaitOptions",
        ],
        "values": [
          "HttpClientTransport",
          "LoadedSkill",
          "McpClient",
          "McpClientError",
          "McpTimeoutError",
          "McpUrlElicitationRequiredError",
          "MemoryCredentialStore",
          "OAuthClient",
          "OAuthError",
          "ResultCache",
          "SkillVerificationError",
          "SkillsClient",
          "Subscription",
          "TaskHandle",
          "checkSkillEntry",
          "completeArgument",
          "completionValues",
          "connectClient",
          "createHttpTransport",
          "credentialKey",
          "defaultEraCache",
          "expandUriTemplate",
          "notifyExtension",
          "planToolHeaders",
          "readAppResource",
          "readSkillFrontmatter",
          "readToolApp",
          "requestExtension",
          "routeExtensionNotifications",
          "toolApp",
          "withClientExtensions",
        ],
      }
    `);
  });

  it("./node", () => {
    expect(surfaces["node-entry"]).toMatchInlineSnapshot(`
      {
        "types": [
          "ConnectionLimits",
          "ListenHttpOptions",
          "ListeningServer",
          "LoopbackOptions",
          "LoopbackRedirect",
          "NodeRequestListener",
          "ServeFromArgvResult",
          "StdioConnection",
          "StdioTransportOptions",
        ],
        "values": [
          "FileCredentialStore",
          "MemoryClientTransport",
          "StdioClientTransport",
          "createMemoryTransport",
          "createNodeRequestListener",
          "createStdioTransport",
          "listenHttp",
          "serveFromArgv",
          "serveStdio",
          "startLoopbackRedirect",
        ],
      }
    `);
    // Tracing: nothing here imports @opentelemetry/api (an optional peer the application passes in).
    expect(surfaces["otel-entry"]).toMatchInlineSnapshot(`
      {
        "types": [
          "OtelApi",
          "OtelOptions",
          "OtelSpan",
          "OtelSpanContext",
          "OtelTracer",
        ],
        "values": [
          "formatTraceparent",
          "otelServerInterceptor",
          "parseTraceparent",
          "traceClientTransport",
        ],
      }
    `);
    // The pattern engine of jsonSchemaValidator, alone: re2js loads only where a schema needs it.
    expect(surfaces["patterns-entry"]).toMatchInlineSnapshot(`
      {
        "types": [],
        "values": [
          "pattern",
        ],
      }
    `);
  });

  it("gives every name one subpath", () => {
    const all = ENTRIES.flatMap((e) => [...surfaces[e].values, ...surfaces[e].types]);
    expect(all.filter((name, i) => all.indexOf(name) !== i)).toEqual([]);
  });

  it("serves the runtime-neutral core at the root: `.` and `./core` are one module", () => {
    const manifest = JSON.parse(readFileSync(path.join(REPO, "packages/runtime/package.json"), "utf8")) as { exports: Record<string, unknown> };
    expect(manifest.exports["."]).toEqual(manifest.exports["./core"]);
    expect(Object.keys(manifest.exports).sort()).toEqual([".", "./auth", "./client", "./core", "./node", "./otel", "./patterns", "./server", "./validation"]);
  });

  it("matches what the built modules really export", async () => {
    for (const entry of ENTRIES) {
      const mod = (await import(path.join(REPO, "packages/runtime/dist", `${entry}.js`))) as Record<string, unknown>;
      expect(Object.keys(mod).sort(), entry).toEqual(surfaces[entry].values);
    }
  });
});
