// Builds the IR from a manifest that passed every check. Only called without errors, so the
// raw data has the shape manifest.schema.json describes; schemas come pre-bundled.
import { eraOf } from "../spec-schema/lock.js";
import { normalizeAuth, scopesOf, transportsOf } from "./auth.js";
import { normalizeHttpOptions } from "./http-options.js";
import { type HttpOperationBinding, httpOperationOf, openApiSourceOf } from "./http-binding.js";
import { toIdentifier } from "./identifiers.js";
import { appsOf, toolAppOf, withAppsExtension } from "./apps.js";
import { extensionsOf, metaOf } from "./meta.js";
import { toolTaskOf, type ToolTask } from "./tasks.js";
import type {
  CacheHint,
  DerivedCapabilities,
  Handle,
  Icon,
  InputRequest,
  JsonSchema,
  Manifest,
  Prompt,
  Resource,
  ResourceAnnotations,
  ResourceTemplate,
  Tool,
  ToolAnnotations,
} from "./ir.js";
import { type RawMap, entriesOf, isMap } from "./raw.js";
import type { PreparedSchema } from "./schemas.js";
import { parseUriTemplate } from "./uri-template.js";
import { customMethodsOf } from "./custom-methods.js";

/** Prepared schemas, keyed by `schemaKey(path)`. */
export type PreparedSchemas = ReadonlyMap<string, PreparedSchema>;

/** `scopes` of a target when it declares any (IR keeps the key absent otherwise). */
function withTask(entry: RawMap): { task?: ToolTask } {
  const task = toolTaskOf(entry, durationToMs);
  return task ? { task } : {};
}

function withHttp(entry: RawMap): { http?: HttpOperationBinding } {
  const http = httpOperationOf(entry);
  return http ? { http } : {};
}

function withScopes(entry: RawMap): { scopes?: readonly string[] } {
  const scopes = scopesOf(entry);
  return scopes.length > 0 ? { scopes } : {};
}

export function schemaKey(path: readonly (string | number)[]): string {
  return JSON.stringify(path);
}

// Deterministic, locale-independent order (code units), so output never depends on ICU data.
function byName<T extends { readonly name: string }>(a: T, b: T): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

// DECISION RECORD — CACHE DEFAULTS. A hint not written anywhere is `ttlMs: 0, cacheScope:
// private`: stale at once and never shared, the only choice that cannot leak one user's data to
// another or serve stale data [S26:server/utilities/caching § Cacheable Results]. `cache.default`
// overrides that for every list and every resource read; a list's own entry (`cache.tools`) or a
// resource's `cache` overrides it again, field by field.
const FALLBACK_CACHE: CacheHint = { ttlMs: 0, cacheScope: "private" };

function cacheHint(...layers: unknown[]): CacheHint {
  let hint = FALLBACK_CACHE;
  for (const layer of layers) {
    if (!isMap(layer)) continue;
    hint = {
      ttlMs: typeof layer["ttlMs"] === "number" ? layer["ttlMs"] : hint.ttlMs,
      cacheScope: layer["cacheScope"] === "public" || layer["cacheScope"] === "private" ? layer["cacheScope"] : hint.cacheScope,
    };
  }
  return hint;
}

const DURATION_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

export function durationToMs(text: string): number {
  const m = /^([1-9][0-9]*)(ms|s|m|h|d)$/.exec(text);
  if (!m) throw new Error(`invalid duration ${text}`);
  return Number(m[1]) * (DURATION_MS[m[2] as string] as number);
}

function optionalString<K extends string>(raw: RawMap, key: string, as: K): { [P in K]?: string } {
  const v = raw[key];
  return (typeof v === "string" ? { [as]: v } : {}) as { [P in K]?: string };
}

function icons(raw: RawMap): Icon[] {
  const list = raw["icons"];
  if (!Array.isArray(list)) return [];
  return list.filter(isMap).map((i) => ({
    src: String(i["src"]),
    ...optionalString(i, "mimeType", "mimeType"),
    ...(Array.isArray(i["sizes"]) ? { sizes: i["sizes"].map(String) } : {}),
    ...(i["theme"] === "light" || i["theme"] === "dark" ? { theme: i["theme"] } : {}),
  }));
}

function inputRequests(owner: RawMap, ownerPath: readonly (string | number)[], schemas: PreparedSchemas): InputRequest[] {
  const out: InputRequest[] = [];
  for (const [key, request] of entriesOf(owner["inputs"])) {
    if (!isMap(request)) continue;
    const identifier = toIdentifier(key);
    if (isMap(request["elicit"])) {
      const body = request["elicit"];
      const prepared = schemas.get(schemaKey([...ownerPath, "inputs", key, "elicit", "schema"]));
      out.push({ key, identifier, kind: "elicit", requires: "elicitation.form", ...optionalString(body, "message", "message"), schema: prepared?.schema ?? (body["schema"] as JsonSchema) });
    } else if (isMap(request["elicitUrl"])) {
      out.push({ key, identifier, kind: "elicitUrl", requires: "elicitation.url", ...optionalString(request["elicitUrl"], "message", "message") });
    } else if (isMap(request["sampling"])) {
      const body = request["sampling"];
      const tools = body["tools"] === true;
      out.push({
        key,
        identifier,
        kind: "sampling",
        requires: tools ? "sampling.tools" : "sampling",
        ...(typeof body["maxTokens"] === "number" ? { maxTokens: body["maxTokens"] } : {}),
        ...optionalString(body, "systemPrompt", "systemPrompt"),
        tools,
      });
    } else if (isMap(request["roots"])) {
      out.push({ key, identifier, kind: "roots", requires: "roots" });
    }
  }
  return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

function toolAnnotations(raw: unknown): ToolAnnotations | undefined {
  if (!isMap(raw)) return undefined;
  const out: Record<string, unknown> = {};
  for (const key of ["title", "readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"]) if (key in raw) out[key] = raw[key];
  return out as ToolAnnotations;
}

function resourceAnnotations(raw: unknown): ResourceAnnotations | undefined {
  if (!isMap(raw)) return undefined;
  return {
    ...(Array.isArray(raw["audience"]) ? { audience: raw["audience"] as ("user" | "assistant")[] } : {}),
    ...(typeof raw["priority"] === "number" ? { priority: raw["priority"] } : {}),
    ...(typeof raw["lastModified"] === "string" ? { lastModified: raw["lastModified"] } : {}),
  };
}

export const DEFAULT_INPUT_SCHEMA: JsonSchema = { type: "object", additionalProperties: false };

export interface NormalizeInput {
  readonly file: string;
  readonly raw: RawMap;
  readonly schemas: PreparedSchemas;
  readonly definitions: Readonly<Record<string, JsonSchema>>;
  /** Each app's page as one document, by app name (manifest/apps.ts checkApps). */
  readonly appPages?: ReadonlyMap<string, string>;
}

export function normalizeManifest({ file, raw, schemas, definitions, appPages }: NormalizeInput): Manifest {
  const server = raw["server"] as RawMap;
  const revisions = [...new Set((raw["protocol"] as string[]) ?? [])];
  const cacheRaw = isMap(raw["cache"]) ? raw["cache"] : {};

  const tools: Tool[] = entriesOf(raw["tools"]).map(([name, value]) => {
    const t = value as RawMap;
    const input = schemas.get(schemaKey(["tools", name, "input"]));
    const output = "output" in t ? schemas.get(schemaKey(["tools", name, "output"])) : undefined;
    const annotations = toolAnnotations(t["annotations"]);
    return {
      name,
      identifier: toIdentifier(name),
      ...optionalString(t, "title", "title"),
      ...optionalString(t, "description", "description"),
      icons: icons(t),
      inputSchema: input?.schema ?? DEFAULT_INPUT_SCHEMA,
      ...(output ? { outputSchema: output.schema } : {}),
      ...(annotations ? { annotations } : {}),
      inputRequests: inputRequests(t, ["tools", name], schemas),
      handleInputs: input?.handleUses ?? [],
      handleOutputs: output?.handleUses ?? [],
      headers: input?.headers ?? [],
      ...withScopes(t),
      ...withTask(t),
      ...withHttp(t),
      ...(typeof t["timeoutMs"] === "number" ? { timeoutMs: t["timeoutMs"] } : {}),
      ...toolAppOf(raw, t, metaOf(t)),
    };
  });

  const prompts: Prompt[] = entriesOf(raw["prompts"]).map(([name, value]) => {
    const p = value as RawMap;
    return {
      name,
      identifier: toIdentifier(name),
      ...optionalString(p, "title", "title"),
      ...optionalString(p, "description", "description"),
      icons: icons(p),
      arguments: entriesOf(p["arguments"])
        .map(([argName, arg]) => {
          const a = isMap(arg) ? arg : {};
          return {
            name: argName,
            identifier: toIdentifier(argName),
            ...optionalString(a, "title", "title"),
            ...optionalString(a, "description", "description"),
            required: a["required"] === true,
            complete: a["complete"] === true,
          };
        })
        .sort(byName),
      inputRequests: inputRequests(p, ["prompts", name], schemas),
      ...withScopes(p),
      ...metaOf(p),
    };
  });

  const resources: Resource[] = entriesOf(raw["resources"]).map(([name, value]) => {
    const r = value as RawMap;
    const annotations = resourceAnnotations(r["annotations"]);
    return {
      name,
      identifier: toIdentifier(name),
      uri: String(r["uri"]),
      ...optionalString(r, "title", "title"),
      ...optionalString(r, "description", "description"),
      ...optionalString(r, "mimeType", "mimeType"),
      icons: icons(r),
      ...(typeof r["size"] === "number" ? { size: r["size"] } : {}),
      ...(annotations ? { annotations } : {}),
      subscribe: r["subscribe"] === true,
      cache: cacheHint(cacheRaw["default"], r["cache"]),
      inputRequests: inputRequests(r, ["resources", name], schemas),
      ...withScopes(r),
      ...metaOf(r),
    };
  });

  const templates: ResourceTemplate[] = entriesOf(raw["templates"]).map(([name, value]) => {
    const t = value as RawMap;
    const uriTemplate = String(t["uriTemplate"]);
    const parsed = parseUriTemplate(uriTemplate);
    const complete = new Set(Array.isArray(t["complete"]) ? t["complete"].map(String) : []);
    const seen = new Set<string>();
    const variables = (parsed.ok ? parsed.variables : [])
      .filter((v) => (seen.has(v.name) ? false : (seen.add(v.name), true)))
      .map((v) => ({ name: v.name, identifier: toIdentifier(v.name), complete: complete.has(v.name), explode: v.explode }));
    const annotations = resourceAnnotations(t["annotations"]);
    return {
      name,
      identifier: toIdentifier(name),
      uriTemplate,
      ...optionalString(t, "title", "title"),
      ...optionalString(t, "description", "description"),
      ...optionalString(t, "mimeType", "mimeType"),
      icons: icons(t),
      ...(annotations ? { annotations } : {}),
      variables,
      subscribe: t["subscribe"] === true,
      ...(t["list"] === true ? { list: true as const } : {}),
      cache: cacheHint(cacheRaw["default"], t["cache"]),
      inputRequests: inputRequests(t, ["templates", name], schemas),
      ...withScopes(t),
      ...metaOf(t),
    };
  });

  const handles: Handle[] = entriesOf(raw["handles"]).map(([name, value]) => {
    const h = value as RawMap;
    return { name, identifier: toIdentifier(name), ...optionalString(h, "description", "description"), ttlMs: durationToMs(String(h["ttl"])) };
  });

  const listChanged = isMap(raw["listChanged"]) ? raw["listChanged"] : {};
  const capabilities: { -readonly [K in keyof DerivedCapabilities]: DerivedCapabilities[K] } = {};
  if (tools.length > 0 || listChanged["tools"] === true) capabilities.tools = { listChanged: listChanged["tools"] === true };
  if (prompts.length > 0 || listChanged["prompts"] === true) capabilities.prompts = { listChanged: listChanged["prompts"] === true };
  if (resources.length > 0 || templates.length > 0 || listChanged["resources"] === true) {
    capabilities.resources = { subscribe: resources.some((r) => r.subscribe) || templates.some((t) => t.subscribe), listChanged: listChanged["resources"] === true };
  }
  if (prompts.some((p) => p.arguments.some((a) => a.complete)) || templates.some((t) => t.variables.some((v) => v.complete))) capabilities.completions = {};
  if (raw["logging"] === true) capabilities.logging = {};

  const apps = appsOf(raw, appPages ?? new Map());
  const pulled = raw["pulled"];
  const auth = normalizeAuth(raw);
  const http = normalizeHttpOptions(raw);
  const openapi = openApiSourceOf(raw);
  return {
    ...(openapi ? { openapi } : {}),
    ...(auth ? { auth } : {}),
    ...(http ? { http } : {}),
    ...(Array.isArray(raw["transports"]) ? { transports: transportsOf(raw) as ("http" | "stdio")[] } : {}),
    file,
    ...(isMap(pulled) ? { pulled: { from: String(pulled["from"]), era: pulled["era"] === "legacy" ? "legacy" : "modern", revision: String(pulled["revision"]) } as const } : {}),
    server: {
      name: String(server["name"]),
      version: String(server["version"]),
      ...optionalString(server, "title", "title"),
      ...optionalString(server, "description", "description"),
      icons: icons(server),
      ...optionalString(server, "website", "website"),
      ...optionalString(server, "instructions", "instructions"),
    },
    revisions,
    eras: { legacy: revisions.some((r) => eraOf(r) === "legacy"), modern: revisions.some((r) => eraOf(r) === "modern") },
    tools: tools.sort(byName),
    prompts: prompts.sort(byName),
    resources: resources.sort(byName),
    templates: templates.sort(byName),
    handles: handles.sort(byName),
    definitions,
    capabilities,
    ...apps,
    ...withAppsExtension(extensionsOf(raw), apps),
    ...customMethodsOf(raw, (path) => schemas.get(schemaKey(path))?.schema as { readonly [key: string]: unknown } | undefined),
    cache: {
      discover: cacheHint(cacheRaw["default"], cacheRaw["discover"]),
      tools: cacheHint(cacheRaw["default"], cacheRaw["tools"]),
      prompts: cacheHint(cacheRaw["default"], cacheRaw["prompts"]),
      resources: cacheHint(cacheRaw["default"], cacheRaw["resources"]),
      templates: cacheHint(cacheRaw["default"], cacheRaw["templates"]),
    },
  };
}
