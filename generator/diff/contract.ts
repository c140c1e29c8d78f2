import type { JsonSchema } from "../manifest/ir.js";

/**
 * THE SERVER CONTRACT: the part of one MCP server that its users can observe and rely on,
 * and nothing else (no identifiers, descriptions, icons or cache hints). The manifest
 * diff compares two contracts. A manifest is adapted to one (manifest/from-manifest.ts);
 * a later `mcp-gen pull` of a live server produces the same shape from tools/list,
 * prompts/list, resources/list and resources/templates/list. Collections are keyed by name.
 */
export interface ServerContract {
  /** Served protocol revisions, preferred first. */
  readonly revisions: readonly string[];
  readonly tools: readonly ContractTool[];
  readonly prompts: readonly ContractPrompt[];
  readonly resources: readonly ContractResource[];
  readonly templates: readonly ContractTemplate[];
  readonly handles: readonly ContractHandle[];
  /** Present when the server is an OAuth resource server: the scopes every request needs. */
  readonly auth?: { readonly required: readonly string[] };
  /** Extensions advertised under `capabilities.extensions`: identifier → settings. */
  readonly extensions?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** Custom methods and notifications of extensions (a manifest's; the protocol cannot list them). */
  readonly methods?: readonly ContractCustomMethod[];
  readonly notifications?: readonly ContractCustomNotification[];
}

export interface ContractCustomMethod {
  readonly name: string;
  readonly extension: string;
  readonly params: JsonSchema;
  readonly result: JsonSchema;
}

export interface ContractCustomNotification {
  readonly name: string;
  readonly extension: string;
  readonly direction: "clientToServer" | "serverToClient";
  readonly params: JsonSchema;
}

/** An input request (MRTR) a handler may make; `kind` is elicit, elicitUrl, sampling or roots. */
export interface ContractInputRequest {
  readonly key: string;
  readonly kind: string;
  /** The client capability it needs, dotted (`elicitation.form`, `sampling.tools` …). */
  readonly requires?: string;
  /** Form elicitation: the requestedSchema the client's answer must satisfy. */
  readonly schema?: JsonSchema;
}

export interface ContractTool {
  readonly name: string;
  /** JSON Schema 2020-12; local `$ref`s resolve inside the schema itself (its `$defs`). */
  readonly inputSchema: JsonSchema;
  readonly outputSchema?: JsonSchema;
  /** Behaviour hints clients base approval policies on (spec `ToolAnnotations`, title left out). */
  readonly annotations?: ContractToolHints;
  readonly inputRequests: readonly ContractInputRequest[];
  /** OAuth scopes a call needs besides `auth.required`. */
  readonly scopes?: readonly string[];
  /** Whether the tool may or must run as a task (2025-11-25 execution.taskSupport); absent: never. */
  readonly taskSupport?: "optional" | "required";
  /** `_meta` of its list entry, verbatim (a change is info: META_CHANGED). */
  readonly _meta?: Readonly<Record<string, unknown>>;
}

export interface ContractToolHints {
  readonly readOnlyHint?: boolean;
  readonly destructiveHint?: boolean;
  readonly idempotentHint?: boolean;
  readonly openWorldHint?: boolean;
}

export interface ContractPromptArgument {
  readonly name: string;
  readonly required: boolean;
}

export interface ContractPrompt {
  readonly name: string;
  readonly arguments: readonly ContractPromptArgument[];
  readonly inputRequests: readonly ContractInputRequest[];
  readonly scopes?: readonly string[];
  /** `_meta` of its list entry, verbatim (a change is info: META_CHANGED). */
  readonly _meta?: Readonly<Record<string, unknown>>;
}

export interface ContractResource {
  readonly name: string;
  readonly uri: string;
  readonly mimeType?: string;
  readonly subscribe: boolean;
  readonly inputRequests: readonly ContractInputRequest[];
  readonly scopes?: readonly string[];
  /** `_meta` of its list entry, verbatim (a change is info: META_CHANGED). */
  readonly _meta?: Readonly<Record<string, unknown>>;
}

export interface ContractTemplate {
  readonly name: string;
  readonly uriTemplate: string;
  readonly mimeType?: string;
  readonly subscribe: boolean;
  readonly inputRequests: readonly ContractInputRequest[];
  readonly scopes?: readonly string[];
  /** `_meta` of its list entry, verbatim (a change is info: META_CHANGED). */
  readonly _meta?: Readonly<Record<string, unknown>>;
}

export interface ContractHandle {
  readonly name: string;
  readonly ttlMs: number;
}
