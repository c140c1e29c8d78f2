// Everything derivable from the definition is computed once here: lookup maps, capabilities,
// header parameters, and the serialized list/discovery results for both eras.
import { META_SERVER_INFO, META_TASKS_EXTENSION } from "../core/era/envelope.js";
import { eraOfRevision } from "../core/era/revisions.js";
import type { ToolHeader } from "../core/headers/declarations.js";
import { headerParamsOf } from "../core/headers/standard.js";
import type { JsonObject } from "../core/jsonrpc/message.js";
import { SharedRawJson, type RawJson } from "../core/jsonrpc/serialize.js";
import { encodeCursor } from "../pagination/cursor.js";
import { compileUriTemplate, type CompiledUriTemplate } from "../uri/template.js";
import { compileExtensions, type CompiledExtensions } from "./extension-methods.js";
import type {
  CacheableList,
  CacheHint,
  PromptDefinition,
  ResourceDefinition,
  ResourceTemplateDefinition,
  ServerDefinition,
  ToolDefinition,
} from "./definition.js";

export interface CompiledTool {
  definition: ToolDefinition<any>;
  headerParams: readonly ToolHeader[];
}

export interface CompiledTemplate {
  definition: ResourceTemplateDefinition;
  matcher: CompiledUriTemplate;
}

export interface ListPages {
  /** Page results per era: index = page number. */
  modern: RawJson[];
  legacy: RawJson[];
  perPage: number;
  total: number;
}

export interface CompiledServer {
  definition: ServerDefinition;
  serverInfo: JsonObject;
  modernRevisions: string[];
  legacyRevisions: string[];
  capabilities: JsonObject;
  /** 2025-11-25 and later legacy sessions: `capabilities` plus `tasks` when a tool runs as a task. */
  legacyCapabilities: JsonObject;
  tools: Map<string, CompiledTool>;
  resources: Map<string, ResourceDefinition>;
  templates: CompiledTemplate[];
  templatesByPattern: Map<string, CompiledTemplate>;
  prompts: Map<string, PromptDefinition>;
  lists: Record<Exclude<CacheableList, "server/discover">, ListPages>;
  /** limits.pageSize the lists were paginated with (undefined: one page). */
  pageSize: number | undefined;
  discover: RawJson;
  cacheDefaults: CacheHint;
  /** Extension methods and notifications by name (extension-methods.ts). */
  extensions: CompiledExtensions;
}

function strip<T extends object>(value: T): JsonObject {
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(value)) if (v !== undefined && typeof v !== "function") out[k] = v;
  return out;
}

/** The tools/list entry: the definition minus what only the server uses (headers and timeoutMs included: not Tool fields). */
function toolDescriptor(tool: ToolDefinition<any>): JsonObject {
  const { parseInput: _p, parseOutput: _o, inputs: _i, handleArguments: _h, handler: _f, task: _t, headers: _x, timeoutMs: _d, ...wire } = tool;
  return strip(wire);
}

/** 2025-11-25 tools declare task support in `execution.taskSupport` (server/tools § Tool); 2026-07-28 has no such field. */
function legacyToolDescriptor(tool: ToolDefinition<any>): JsonObject {
  const wire = toolDescriptor(tool);
  if (tool.task && tool.task.support !== "forbidden") wire["execution"] = { ...(wire["execution"] as JsonObject | undefined), taskSupport: tool.task.support };
  return wire;
}

/** Whether any tool may run as a task: the server then advertises the extension / the tasks capability. */
export function hasTaskTools(def: ServerDefinition): boolean {
  return (def.tools ?? []).some((t) => t.task !== undefined && t.task.support !== "forbidden");
}

/** The resources/list entry of a resource (also used by template-listing.ts). */
export function resourceDescriptor(resource: ResourceDefinition): JsonObject {
  const { subscribable: _s, cache: _c, inputs: _i, read: _r, ...wire } = resource;
  return strip(wire);
}

function templateDescriptor(template: ResourceTemplateDefinition): JsonObject {
  const { cache: _c, complete: _x, inputs: _i, read: _r, ...wire } = template;
  return strip(wire);
}

function promptDescriptor(prompt: PromptDefinition): JsonObject {
  const { complete: _x, inputs: _i, get: _g, ...wire } = prompt;
  return strip(wire);
}

function deriveCapabilities(def: ServerDefinition, extensions: CompiledExtensions): JsonObject {
  // One switch for all families, or one per family (the manifest declares them separately).
  const switches = def.capabilities?.listChanged ?? true;
  const family = (name: "tools" | "prompts" | "resources"): boolean =>
    typeof switches === "boolean" ? switches : (switches[name] ?? false);
  // A family switched on by name is served even while empty: live lists may add to it later.
  const named = (name: "tools" | "prompts" | "resources"): boolean => typeof switches === "object" && switches[name] === true;
  const caps: JsonObject = {};
  if (def.capabilities?.experimental) caps["experimental"] = def.capabilities.experimental;
  if (def.capabilities?.logging ?? true) caps["logging"] = {};
  const hasCompleters =
    (def.prompts ?? []).some((p) => p.complete && Object.keys(p.complete).length > 0) ||
    (def.resourceTemplates ?? []).some((t) => t.complete && Object.keys(t.complete).length > 0);
  if (hasCompleters || (def.prompts ?? []).length > 0) caps["completions"] = {};
  if ((def.prompts ?? []).length > 0 || named("prompts")) caps["prompts"] = { listChanged: family("prompts") };
  if ((def.resources ?? []).length > 0 || (def.resourceTemplates ?? []).length > 0 || named("resources")) {
    caps["resources"] = { subscribe: (def.resources ?? []).some((r) => r.subscribable === true), listChanged: family("resources") };
  }
  if ((def.tools ?? []).length > 0 || named("tools")) caps["tools"] = { listChanged: family("tools") };
  if (def.capabilities?.extensions) caps["extensions"] = def.capabilities.extensions;
  // An extension whose methods are served is offered, settings or not (extensions/overview § Server Capabilities).
  for (const id of extensions.ids) {
    const declared = caps["extensions"] as JsonObject | undefined;
    if (declared?.[id] === undefined) caps["extensions"] = { ...declared, [id]: {} };
  }
  if (hasTaskTools(def)) caps["extensions"] = { ...(caps["extensions"] as JsonObject | undefined), [META_TASKS_EXTENSION]: {} };
  return caps;
}

function assertUnique(kind: string, names: readonly string[]): void {
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) throw new Error(`duplicate ${kind} '${name}' in the server definition`);
    seen.add(name);
  }
}

export function compileDefinition(def: ServerDefinition, pageSize: number | undefined): CompiledServer {
  if (def.revisions.length === 0) throw new Error("the server definition must serve at least one protocol revision");
  const serverInfo = strip(def.serverInfo);
  const cacheDefaults = def.cacheDefaults ?? { ttlMs: 0, scope: "private" };
  const extensions = compileExtensions(def.extensionMethods, def.extensionNotifications);
  const capabilities = deriveCapabilities(def, extensions);
  const modernRevisions = def.revisions.filter((r) => eraOfRevision(r) === "modern");
  const legacyRevisions = def.revisions.filter((r) => eraOfRevision(r) === "legacy");
  const hintFor = (list: CacheableList): CacheHint => def.listCache?.[list] ?? cacheDefaults;

  const discoverHint = hintFor("server/discover");
  const discoverBody: JsonObject = { resultType: "complete", supportedVersions: modernRevisions, capabilities };
  if (def.instructions !== undefined) discoverBody["instructions"] = def.instructions;
  discoverBody["ttlMs"] = discoverHint.ttlMs;
  discoverBody["cacheScope"] = discoverHint.scope;
  discoverBody["_meta"] = { [META_SERVER_INFO]: serverInfo };

  const compiled: CompiledServer = {
    definition: def,
    serverInfo,
    modernRevisions,
    legacyRevisions,
    capabilities,
    legacyCapabilities: hasTaskTools(def) ? { ...capabilities, tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } } : capabilities,
    tools: new Map(),
    resources: new Map(),
    templates: [],
    templatesByPattern: new Map(),
    prompts: new Map(),
    lists: {} as CompiledServer["lists"],
    pageSize,
    discover: new SharedRawJson(JSON.stringify(discoverBody)),
    cacheDefaults,
    extensions,
  };
  for (const family of FAMILIES) compileFamily(compiled, def, family);
  return compiled;
}

/**
 * Defines `lists[method]` as pages serialized on first read, then kept as a plain property: a
 * server start answers its first tools/call without serializing every list (SERVER.md "Cold
 * start"), and a burst of live-list changes serializes once, when a list is next asked for.
 */
function buildOnFirstRead(lists: CompiledServer["lists"], method: keyof CompiledServer["lists"], build: () => ListPages): void {
  Object.defineProperty(lists, method, {
    configurable: true,
    enumerable: true,
    get() {
      const pages = build();
      Object.defineProperty(lists, method, { value: pages, writable: true, configurable: true, enumerable: true });
      return pages;
    },
  });
}

export type Family = "tools" | "prompts" | "resources" | "resourceTemplates";
const FAMILIES: readonly Family[] = ["tools", "prompts", "resources", "resourceTemplates"];

/**
 * (Re)builds one family's lookup and pre-serialized list pages from `def` into `compiled`.
 * Live lists (live-lists.ts) call it once per change; requests only ever read the result.
 */
export function compileFamily(compiled: CompiledServer, def: ServerDefinition, family: Family): void {
  const pageSize = compiled.pageSize;
  const serverInfo = compiled.serverInfo;
  const hintFor = (list: CacheableList): CacheHint => def.listCache?.[list] ?? compiled.cacheDefaults;
  const paginate = (list: Exclude<CacheableList, "server/discover">, field: string, items: JsonObject[], legacyItems: JsonObject[] = items): ListPages => {
    const size = pageSize && pageSize > 0 ? pageSize : Math.max(items.length, 1);
    const pages: ListPages = { modern: [], legacy: [], perPage: size, total: items.length };
    const hint = hintFor(list);
    for (let offset = 0; offset === 0 || offset < items.length; offset += size) {
      const page: JsonObject = { [field]: items.slice(offset, offset + size) };
      if (offset + size < items.length) page["nextCursor"] = encodeCursor(list, offset + size);
      const legacyPage: JsonObject = { ...page, [field]: legacyItems.slice(offset, offset + size) };
      pages.legacy.push(new SharedRawJson(JSON.stringify(legacyPage)));
      const modern = { resultType: "complete", ...page, ttlMs: hint.ttlMs, cacheScope: hint.scope, _meta: { [META_SERVER_INFO]: serverInfo } };
      pages.modern.push(new SharedRawJson(JSON.stringify(modern)));
    }
    return pages;
  };

  switch (family) {
    case "tools": {
      const tools = def.tools ?? [];
      assertUnique("tool", tools.map((t) => t.name));
      compiled.tools = new Map(tools.map((t) => [t.name, { definition: t, headerParams: t.headers ?? headerParamsOf(t.inputSchema) }]));
      buildOnFirstRead(compiled.lists, "tools/list", () => paginate("tools/list", "tools", tools.map(toolDescriptor), tools.map(legacyToolDescriptor)));
      return;
    }
    case "prompts": {
      const prompts = def.prompts ?? [];
      assertUnique("prompt", prompts.map((p) => p.name));
      compiled.prompts = new Map(prompts.map((p) => [p.name, p]));
      buildOnFirstRead(compiled.lists, "prompts/list", () => paginate("prompts/list", "prompts", prompts.map(promptDescriptor)));
      return;
    }
    case "resources": {
      const resources = def.resources ?? [];
      assertUnique("resource", resources.map((r) => r.uri));
      compiled.resources = new Map(resources.map((r) => [r.uri, r]));
      buildOnFirstRead(compiled.lists, "resources/list", () => paginate("resources/list", "resources", resources.map(resourceDescriptor)));
      return;
    }
    case "resourceTemplates": {
      const templates = def.resourceTemplates ?? [];
      compiled.templates = templates.map((definition) => ({ definition, matcher: compileUriTemplate(definition.uriTemplate) }));
      compiled.templatesByPattern = new Map(compiled.templates.map((t) => [t.definition.uriTemplate, t]));
      buildOnFirstRead(compiled.lists, "resources/templates/list", () => paginate("resources/templates/list", "resourceTemplates", templates.map(templateDescriptor)));
      return;
    }
  }
}
