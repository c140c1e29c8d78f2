// `@mcp-gen/runtime/client`: the generic dual-era client over HTTP (the stdio transport spawns a
// child process and lives in ./node) and what generated clients use. Explicit named exports only.
export { McpClient, connectClient } from "./client/client.js";
export type { CallToolOptions, LogMessage, McpClientOptions, Progress, ProtocolChoice, RequestOptions } from "./client/client.js";
export { createHttpTransport, HttpClientTransport } from "./client/transport/http.js";
export type { HttpTransportOptions } from "./client/transport/http.js";
export type { ClientTransport, InboundSink, SendOptions, TransportKind } from "./client/transport/types.js";
export { McpClientError, McpTimeoutError } from "./client/errors.js";
export type { ClientFailureReason, TimeoutDetails } from "./client/errors.js";
export type { ClientHandlers, ElicitationHandler, InputHandlerContext, RootsHandler, SamplingHandler, SamplingHandlerOptions, UrlElicitationHandler } from "./client/handlers.js";
export type {
  CreateMessageResult,
  ElicitationAnswer,
  FormElicitationParams,
  ListRootsResult,
  Root,
  SamplingContent,
  SamplingMessage,
  SamplingParams,
  SamplingTool,
  ToolChoice,
  ToolResultContent,
  ToolUseContent,
  UrlElicitationParams,
} from "./client/input-types.js";
export { McpUrlElicitationRequiredError } from "./client/url-elicitation.js";
export { Subscription } from "./client/subscription.js";
export type { SubscriptionFilter } from "./client/subscription.js";
export { ResultCache } from "./client/cache.js";
export type { ResultCacheOptions } from "./client/cache.js";
export { planToolHeaders } from "./client/tool-headers.js";
export type { ToolHeaderPlan } from "./client/tool-headers.js";
export { defaultEraCache } from "./client/probe.js";
export type { EraVerdictRecord } from "./client/probe.js";
export { OAuthClient } from "./client/auth/oauth.js";
export type { OAuthClientInformation, OAuthOptions } from "./client/auth/oauth.js";
export { OAuthError } from "./client/auth/errors.js";
export type { ClientAuthMethod } from "./client/auth/client-authentication.js";
export type { EnterpriseIdp, GrantOptions } from "./client/auth/grants/types.js";
export type { KeySource, SecretSource } from "./client/auth/keys.js";
export { MemoryCredentialStore } from "./client/auth/store/memory.js";
export { credentialKey } from "./client/auth/store/types.js";
export type { CredentialStore, StoredCredential } from "./client/auth/store/types.js";

export { readAppResource, readToolApp, toolApp } from "./client/apps.js";
export type { AppResource } from "./client/apps.js";
// Support for generated clients.
export { completeArgument, completionValues } from "./generated-support/completion.js";
export type { CompletionRef, CompletionSource } from "./generated-support/completion.js";
export { expandUriTemplate } from "./uri/expand.js";
export { notifyExtension, requestExtension, routeExtensionNotifications, withClientExtensions } from "./client/extension-methods.js";
export type { ExtensionNotificationHandler } from "./client/extension-methods.js";
export { TaskHandle } from "./client/tasks/handle.js";
export type { InlineHandle, TaskDriver, TaskSnapshot, WaitOptions } from "./client/tasks/handle.js";
// Skills (SEP-2640): list, get, load and read skills, verified against their entries.
export { LoadedSkill, SkillsClient } from "./client/skills/skills-client.js";
export type { SkillFile, SkillsClientOptions } from "./client/skills/skills-client.js";
export { SkillVerificationError } from "./client/skills/verify.js";
export { checkSkillEntry } from "./client/skills/entry.js";
export { readSkillFrontmatter } from "./client/skills/frontmatter.js";
