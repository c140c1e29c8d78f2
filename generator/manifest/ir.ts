// The normalized manifest (IR) that every emitter reads. Everything is resolved and sorted:
// collections are arrays ordered by name, each entry carries its TypeScript identifier, local
// `$ref` files and shared definitions are bundled into each schema's `$defs`, handles are
// expanded, capabilities are derived and cache hints have their defaults applied.

import type { AuthDeclaration } from "./auth.js";
import type { CustomMethod, CustomNotification } from "./custom-methods.js";
import type { HttpOperationBinding, OpenApiSource } from "./http-binding.js";
import type { HttpDeclaration } from "./http-options.js";
import type { ToolTask } from "./tasks.js";

/** A JSON Schema 2020-12 document or subschema, as plain JSON. */
export type JsonSchema = { readonly [key: string]: unknown } | boolean;

export type CacheScope = "public" | "private";

export interface CacheHint {
  readonly ttlMs: number;
  readonly cacheScope: CacheScope;
}

export interface Icon {
  readonly src: string;
  readonly mimeType?: string;
  readonly sizes?: readonly string[];
  readonly theme?: "light" | "dark";
}

export interface ServerIdentity {
  readonly name: string;
  readonly version: string;
  readonly title?: string;
  readonly description?: string;
  readonly icons: readonly Icon[];
  readonly website?: string;
  readonly instructions?: string;
}

export type InputRequestKind = "elicit" | "elicitUrl" | "sampling" | "roots";

/** The client capability a modern request must declare for this input request (-32021 otherwise). */
export type RequiredClientCapability = "elicitation.form" | "elicitation.url" | "sampling" | "sampling.tools" | "roots";

interface InputRequestBase {
  /** Key in `inputRequests` / `inputResponses`. */
  readonly key: string;
  readonly identifier: string;
  readonly requires: RequiredClientCapability;
}

export interface ElicitFormInputRequest extends InputRequestBase {
  readonly kind: "elicit";
  readonly message?: string;
  /** requestedSchema: a flat object of primitive properties. */
  readonly schema: JsonSchema;
}

export interface ElicitUrlInputRequest extends InputRequestBase {
  readonly kind: "elicitUrl";
  readonly message?: string;
}

export interface SamplingInputRequest extends InputRequestBase {
  readonly kind: "sampling";
  readonly maxTokens?: number;
  readonly systemPrompt?: string;
  readonly tools: boolean;
}

export interface RootsInputRequest extends InputRequestBase {
  readonly kind: "roots";
}

export type InputRequest = ElicitFormInputRequest | ElicitUrlInputRequest | SamplingInputRequest | RootsInputRequest;

/**
 * A place in a tool's arguments or structuredContent that holds a handle. `path` is the instance
 * path from the root: property names, with "*" for "any list item / map value" (items,
 * additionalProperties). Handles inside shared definitions and `$ref`'d files are recorded where
 * the `$ref` is used; handles inside a schema's own local `$defs` are expanded but not recorded.
 */
export interface HandleUse {
  readonly handle: string;
  readonly path: readonly string[];
}

/** A tool parameter mirrored into an `Mcp-Param-{name}` header (2026-07-28 Streamable HTTP). */
export interface HeaderParameter {
  readonly header: string;
  readonly path: readonly string[];
  readonly type: "string" | "integer" | "boolean";
}

export interface ToolAnnotations {
  readonly title?: string;
  readonly readOnlyHint?: boolean;
  readonly destructiveHint?: boolean;
  readonly idempotentHint?: boolean;
  readonly openWorldHint?: boolean;
}

export interface Tool {
  readonly name: string;
  readonly identifier: string;
  readonly title?: string;
  readonly description?: string;
  readonly icons: readonly Icon[];
  /** Bundled inputSchema (root `type: object`). */
  readonly inputSchema: JsonSchema;
  /** Bundled outputSchema, when the tool returns typed structuredContent. */
  readonly outputSchema?: JsonSchema;
  readonly annotations?: ToolAnnotations;
  readonly inputRequests: readonly InputRequest[];
  /** Handles the tool takes as arguments. */
  readonly handleInputs: readonly HandleUse[];
  /** Handles the tool returns in structuredContent. */
  readonly handleOutputs: readonly HandleUse[];
  readonly headers: readonly HeaderParameter[];
  /** OAuth scopes a call needs besides `auth.required` (manifest/auth.ts); absent: none. */
  readonly scopes?: readonly string[];
  /** Whether and how the tool runs as a task (manifest/tasks.ts); absent: never. */
  readonly task?: ToolTask;
  /** The HTTP operation an imported tool proxies (`mcp-gen import openapi`); absent: handler only. */
  readonly http?: HttpOperationBinding;
  /** Deadline of one call in ms (0: none); absent: the server's limits.handlerTimeoutMs. */
  readonly timeoutMs?: number;
  /** `_meta` of the list entry, verbatim (manifest/meta.ts), with `ui` when the tool links to an app; absent: none. */
  readonly _meta?: Readonly<Record<string, unknown>>;
  /** The MCP App the tool links to (manifest/apps.ts); absent: none. */
  readonly app?: ToolApp;
}

/** A tool's link to an app: its `_meta.ui.resourceUri` and the text for clients without the extension. */
export interface ToolApp {
  readonly name: string;
  readonly uri: string;
  readonly fallback?: string;
}

/** An MCP App (manifest/apps.ts): one HTML document served as a ui:// resource. */
export interface App {
  readonly name: string;
  readonly identifier: string;
  readonly uri: string;
  readonly title?: string;
  readonly description?: string;
  /** The page, local scripts and stylesheets inlined (manifest/apps-inline.ts). */
  readonly html: string;
  /** `_meta.ui` of the resource as on the wire: csp, permissions, domain, prefersBorder. */
  readonly ui: Readonly<Record<string, unknown>>;
}

export interface PromptArgument {
  readonly name: string;
  readonly identifier: string;
  readonly title?: string;
  readonly description?: string;
  readonly required: boolean;
  readonly complete: boolean;
}

export interface Prompt {
  readonly name: string;
  readonly identifier: string;
  readonly title?: string;
  readonly description?: string;
  readonly icons: readonly Icon[];
  readonly arguments: readonly PromptArgument[];
  readonly inputRequests: readonly InputRequest[];
  readonly scopes?: readonly string[];
  /** `_meta` of the list entry, verbatim (manifest/meta.ts); absent: none. */
  readonly _meta?: Readonly<Record<string, unknown>>;
}

export interface ResourceAnnotations {
  readonly audience?: readonly ("user" | "assistant")[];
  readonly priority?: number;
  /** ISO 8601 date-time (checked by the schema's `date-time` format). */
  readonly lastModified?: string;
}

export interface Resource {
  readonly name: string;
  readonly identifier: string;
  readonly uri: string;
  readonly title?: string;
  readonly description?: string;
  readonly mimeType?: string;
  readonly icons: readonly Icon[];
  readonly size?: number;
  readonly annotations?: ResourceAnnotations;
  readonly subscribe: boolean;
  readonly cache: CacheHint;
  readonly inputRequests: readonly InputRequest[];
  readonly scopes?: readonly string[];
  /** `_meta` of the list entry, verbatim (manifest/meta.ts); absent: none. */
  readonly _meta?: Readonly<Record<string, unknown>>;
}

export interface TemplateVariable {
  readonly name: string;
  readonly identifier: string;
  readonly complete: boolean;
  /** `*` modifier: the variable takes a list or map. */
  readonly explode: boolean;
}

export interface ResourceTemplate {
  readonly name: string;
  readonly identifier: string;
  readonly uriTemplate: string;
  readonly title?: string;
  readonly description?: string;
  readonly mimeType?: string;
  readonly icons: readonly Icon[];
  readonly annotations?: ResourceAnnotations;
  readonly variables: readonly TemplateVariable[];
  readonly subscribe: boolean;
  /** `list: true`: the handler has a typed list() that names instances for resources/list; absent: not. */
  readonly list?: true;
  readonly cache: CacheHint;
  readonly inputRequests: readonly InputRequest[];
  readonly scopes?: readonly string[];
  /** `_meta` of the list entry, verbatim (manifest/meta.ts); absent: none. */
  readonly _meta?: Readonly<Record<string, unknown>>;
}

export interface Handle {
  readonly name: string;
  readonly identifier: string;
  readonly description?: string;
  readonly ttlMs: number;
}

/** Server capabilities derived from what the manifest declares (never written by hand). */
export interface DerivedCapabilities {
  readonly tools?: { readonly listChanged: boolean };
  readonly prompts?: { readonly listChanged: boolean };
  readonly resources?: { readonly subscribe: boolean; readonly listChanged: boolean };
  readonly completions?: Record<string, never>;
  readonly logging?: Record<string, never>;
}

export interface ListCacheHints {
  readonly discover: CacheHint;
  readonly tools: CacheHint;
  readonly prompts: CacheHint;
  readonly resources: CacheHint;
  readonly templates: CacheHint;
}

/** Where a pulled manifest came from (`mcp-gen pull`); its presence makes it client-only. */
export interface PulledFrom {
  readonly from: string;
  readonly era: "modern" | "legacy";
  readonly revision: string;
}

export interface Manifest {
  /** Absolute path of the manifest file. */
  readonly file: string;
  /** Set when the manifest records a remote server's contract: generate emits the client only. */
  readonly pulled?: PulledFrom;
  /** The HTTP API the tools with `http` proxy (`mcp-gen import openapi`). */
  readonly openapi?: OpenApiSource;
  readonly server: ServerIdentity;
  /** Served revisions, preferred first. */
  readonly revisions: readonly string[];
  readonly eras: { readonly legacy: boolean; readonly modern: boolean };
  readonly tools: readonly Tool[];
  readonly prompts: readonly Prompt[];
  readonly resources: readonly Resource[];
  readonly templates: readonly ResourceTemplate[];
  readonly handles: readonly Handle[];
  /** Shared definitions, each bundled on its own (its `$defs` hold what it references). */
  readonly definitions: Readonly<Record<string, JsonSchema>>;
  readonly capabilities: DerivedCapabilities;
  /** Extensions offered (`extensions`), by identifier, sorted: advertised under capabilities.extensions. */
  readonly extensions?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** MCP Apps (`apps`), sorted by name: served as ui:// resources; absent: none. */
  readonly apps?: readonly App[];
  /** Custom request methods of extensions (`methods`, manifest/custom-methods.ts), sorted; absent: none. */
  readonly methods?: readonly CustomMethod[];
  /** Custom notifications of extensions (`notifications`), sorted; absent: none. */
  readonly notifications?: readonly CustomNotification[];
  readonly cache: ListCacheHints;
  /** The `auth` section: the HTTP server is an OAuth 2.1 resource server. */
  readonly auth?: AuthDeclaration;
  /** Transports the server is meant for (`transports`, default both). */
  readonly transports?: readonly ("http" | "stdio")[];
  /** The `http` section: HTTP+SSE paths and exposed request headers (manifest/http-options.ts). */
  readonly http?: HttpDeclaration;
  /** Skill folders (`skills`, SEP-2640), bundled at load time (manifest/skills.ts). */
  readonly skills?: readonly SkillBundle[];
}

/** One file of a bundled skill: exactly one of `text` (UTF-8 that round-trips) and `blob` (base64). */
export interface SkillBundleFile {
  /** Path inside the skill folder, `/`-separated. */
  readonly path: string;
  readonly mimeType: string;
  readonly text?: string;
  readonly blob?: string;
  readonly size: number;
  /** `sha256:` + hex of the raw bytes. */
  readonly digest: string;
}

/** A skill folder as served at `skill://<path>/SKILL.md`; `path` is `[prefix/]name`. */
export interface SkillBundle {
  readonly path: string;
  /** The SKILL.md frontmatter as JSON, verbatim. */
  readonly frontmatter: Readonly<Record<string, unknown>>;
  /** Every file, SKILL.md included, in path order. */
  readonly files: readonly SkillBundleFile[];
}
