// Turns a server snapshot into manifest data (plain JSON, keys in writing order).
//
// DECISION RECORD — ORDER. Items (tools, prompts, resources, templates, prompt arguments) are
// keyed by name and sorted by code unit, so two pulls of the same server give the same bytes
// whatever order its pages came in (a tool or prompt listed twice keeps its first entry). Fields mcp-gen writes itself come in a fixed order.
// Schemas (inputSchema, outputSchema) are kept verbatim, keys in the order the server sent
// them: that order is as stable as the server, it is the order `properties` are shown to
// people and to models, and re-sorting would make a pulled schema differ from the one the
// server's authors wrote.
//
// DECISION RECORD — WHAT THE WIRE CANNOT TELL. Per-argument completion support and
// per-resource subscription support are not announced item by item
// [S25:server/utilities/completion; S25:server/resources § Capabilities]. When the server
// declares `completions`, every prompt argument and template variable is marked `complete`;
// when it declares `resources.subscribe`, every resource and template is marked `subscribe`.
// The generated client then offers those calls; a server that refuses one answers an error.
import { planToolHeaders } from "@mcp-gen/runtime/client";
import type { JsonObject } from "@mcp-gen/runtime/core";
import type { DiagnosticCode } from "../diagnostics/codes.js";
import { toIdentifier } from "../manifest/identifiers.js";
import { isDateTime, pulledExtensionsOf, pulledMetaOf } from "../manifest/meta.js";
import { pulledSkillsOf } from "../manifest/skills-pull.js";
import { revisionNames } from "../spec-schema/lock.js";
import type { ServerSnapshot } from "./introspect.js";

export interface PullDiagnostic {
  readonly code: DiagnosticCode;
  /** Where in the manifest, e.g. `tools.search`. */
  readonly path: string;
  readonly message: string;
}

export interface PulledManifest {
  readonly data: JsonObject;
  readonly diagnostics: readonly PullDiagnostic[];
}

export interface PulledMarker {
  readonly from: string;
}

const TOOL_ANNOTATION_KEYS = ["title", "readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const;

function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Copies the named string fields that are present, in the given order. */
function strings(source: JsonObject, keys: readonly string[]): JsonObject {
  const out: JsonObject = {};
  for (const key of keys) if (typeof source[key] === "string") out[key] = source[key];
  return out;
}

function icons(source: JsonObject): JsonObject {
  if (!Array.isArray(source.icons) || source.icons.length === 0) return {};
  const list = source.icons.filter(isObject).map((icon) => ({
    ...strings(icon, ["src", "mimeType"]),
    ...(Array.isArray(icon.sizes) ? { sizes: icon.sizes.filter((s) => typeof s === "string") } : {}),
    ...(icon.theme === "light" || icon.theme === "dark" ? { theme: icon.theme } : {}),
  }));
  return list.length > 0 ? { icons: list } : {};
}

function resourceAnnotations(source: JsonObject): JsonObject {
  const a = source.annotations;
  if (!isObject(a)) return {};
  const out: JsonObject = {};
  if (Array.isArray(a.audience)) out.audience = a.audience.filter((x) => x === "user" || x === "assistant");
  if (typeof a.priority === "number") out.priority = a.priority;
  if (isDateTime(a.lastModified)) out.lastModified = a.lastModified;
  return Object.keys(out).length > 0 ? { annotations: out } : {};
}

/**
 * Keys resources and templates by name. Their names are labels (clients address them by URI),
 * so names the manifest cannot use twice (the same name, or names that collapse onto one
 * TypeScript identifier) get a numbered suffix, ordered by URI; the diagnostic says so.
 */
function keyedByLabel(items: readonly JsonObject[], diagnostics: PullDiagnostic[]): [string, JsonObject][] {
  const address = (item: JsonObject): string => String(item.uri ?? item.uriTemplate ?? "");
  const sorted = [...items].sort((a, b) => compareCodeUnits(String(a.name ?? ""), String(b.name ?? "")) || compareCodeUnits(address(a), address(b)));
  const usedIds = new Set<string>();
  const usedKeys = new Set<string>();
  const out: [string, JsonObject][] = [];
  for (const item of sorted) {
    const name = typeof item.name === "string" ? item.name : "";
    let key = name;
    for (let n = 2; usedKeys.has(key) || usedIds.has(toIdentifier(key)); n++) key = `${name}_${n}`;
    if (key !== name) diagnostics.push({ code: "MCPGEN4021", path: `resources.${key}`, message: `the server lists more than one resource or template named ${JSON.stringify(name)} (or names that map to one identifier); the one at ${address(item)} is keyed ${JSON.stringify(key)}` });
    usedKeys.add(key);
    usedIds.add(toIdentifier(key));
    out.push([key, item]);
  }
  return out;
}

/**
 * Keys tools and prompts by name. Their names are what a client sends, so they are never
 * renamed: a name listed twice keeps its first entry (MCPGEN4022: names must be unique
 * [S25:server/tools § Tool]), and names that collapse onto one identifier are kept as they are,
 * for the manifest loader to refuse (MCPGEN1202) rather than a client that calls the wrong name.
 */
function keyedByName(items: readonly JsonObject[], section: string, diagnostics: PullDiagnostic[]): [string, JsonObject][] {
  const out = new Map<string, JsonObject>();
  for (const item of items) {
    const name = typeof item.name === "string" ? item.name : "";
    if (out.has(name)) {
      diagnostics.push({ code: "MCPGEN4022", path: `${section}.${name}`, message: `the server lists ${JSON.stringify(name)} more than once; the first entry is recorded` });
      continue;
    }
    out.set(name, item);
  }
  return [...out].sort(([a], [b]) => compareCodeUnits(a, b));
}

function toolEntry(tool: JsonObject, name: string, diagnostics: PullDiagnostic[]): JsonObject {
  const entry: JsonObject = { ...strings(tool, ["title", "description"]), ...icons(tool) };
  entry.input = isObject(tool.inputSchema) ? tool.inputSchema : { type: "object" };
  if (isObject(tool.outputSchema)) entry.output = tool.outputSchema;
  if (isObject(tool.annotations)) {
    const annotations: JsonObject = {};
    for (const key of TOOL_ANNOTATION_KEYS) {
      const value = tool.annotations[key];
      if (key === "title" ? typeof value === "string" : typeof value === "boolean") annotations[key] = value;
    }
    if (Object.keys(annotations).length > 0) entry.annotations = annotations;
  }
  // 2025-11-25 tools/list names task support per tool (Tool.execution.taskSupport); recorded as `task`.
  const support = isObject(tool.execution) ? tool.execution.taskSupport : undefined;
  if (support === "optional" || support === "required") entry.task = support;
  const plan = planToolHeaders(tool.inputSchema);
  Object.assign(entry, pulledMetaOf(tool));
  if (!plan.ok) diagnostics.push({ code: "MCPGEN4020", path: `tools.${name}.input`, message: `invalid x-mcp-header: ${plan.reason}; the tool is kept, but a client speaking 2026-07-28 over HTTP will not call it` });
  return entry;
}

function promptEntry(prompt: JsonObject, completes: boolean): JsonObject {
  const entry: JsonObject = { ...strings(prompt, ["title", "description"]), ...icons(prompt) };
  const args = Array.isArray(prompt.arguments) ? prompt.arguments.filter(isObject) : [];
  if (args.length > 0) {
    const sorted = [...args].sort((a, b) => compareCodeUnits(String(a.name), String(b.name)));
    const map: JsonObject = {};
    for (const arg of sorted) {
      map[String(arg.name)] = {
        ...strings(arg, ["title", "description"]),
        ...(arg.required === true ? { required: true } : {}),
        ...(completes ? { complete: true } : {}),
      };
    }
    entry.arguments = map;
  }
  return { ...entry, ...pulledMetaOf(prompt) };
}

function resourceEntry(resource: JsonObject, subscribe: boolean): JsonObject {
  return {
    uri: resource.uri,
    ...strings(resource, ["title", "description", "mimeType"]),
    ...icons(resource),
    ...(typeof resource.size === "number" && Number.isInteger(resource.size) && resource.size >= 0 ? { size: resource.size } : {}),
    ...resourceAnnotations(resource),
    ...(subscribe ? { subscribe: true } : {}),
    ...pulledMetaOf(resource),
  };
}

/** Variable names of an RFC 6570 template, in order of first use. */
export function templateVariables(uriTemplate: string): string[] {
  const names: string[] = [];
  for (const expression of uriTemplate.matchAll(/\{([^}]*)\}/g)) {
    for (const spec of (expression[1] ?? "").replace(/^[+#./;?&]/, "").split(",")) {
      const name = spec.replace(/(\*|:\d+)$/, "");
      if (name !== "" && !names.includes(name)) names.push(name);
    }
  }
  return names;
}

function templateEntry(template: JsonObject, completes: boolean, subscribe: boolean): JsonObject {
  const uriTemplate = String(template.uriTemplate ?? "");
  const variables = templateVariables(uriTemplate);
  return {
    uriTemplate,
    ...strings(template, ["title", "description", "mimeType"]),
    ...icons(template),
    ...resourceAnnotations(template),
    ...(completes && variables.length > 0 ? { complete: variables } : {}),
    ...(subscribe ? { subscribe: true } : {}),
    ...pulledMetaOf(template),
  };
}

/** Revisions this manifest can name, newest first (the manifest lists them preferred first). */
function servedRevisions(snapshot: ServerSnapshot): string[] {
  const known = new Set(revisionNames());
  return [...new Set(snapshot.supportedVersions)].filter((r) => known.has(r)).sort().reverse();
}

export function snapshotToManifest(snapshot: ServerSnapshot, marker: PulledMarker): PulledManifest {
  const diagnostics: PullDiagnostic[] = [];
  const caps = snapshot.capabilities;
  const info = snapshot.serverInfo;
  const completes = isObject(caps.completions);
  const skills = pulledSkillsOf(snapshot.skills ?? []);
  for (const message of skills.rejected) diagnostics.push({ code: "MCPGEN4024", path: "skills", message: `left out: ${message}` });
  const subscribe = isObject(caps.resources) && caps.resources.subscribe === true;

  // A manifest needs both; a server that omits them gets placeholders, said out loud.
  const missing = (["name", "version"] as const).filter((k) => typeof info[k] !== "string" || info[k] === "");
  if (missing.length > 0) diagnostics.push({ code: "MCPGEN4023", path: "server", message: `the server did not send serverInfo ${missing.join(" and ")}; recorded as ${missing.map((k) => (k === "name" ? '"server"' : '"0.0.0"')).join(" and ")}` });
  const server: JsonObject = {
    name: missing.includes("name") ? "server" : info.name,
    version: missing.includes("version") ? "0.0.0" : info.version,
    ...strings(info, ["title", "description"]),
    ...icons(info),
    ...(typeof info.websiteUrl === "string" ? { website: info.websiteUrl } : {}),
    ...(snapshot.instructions !== undefined ? { instructions: snapshot.instructions } : {}),
  };
  const data: JsonObject = {
    mcpgen: 1,
    pulled: { from: marker.from, era: snapshot.era, revision: snapshot.protocolVersion },
    server,
    protocol: servedRevisions(snapshot),
  };

  const section = (name: string, entries: [string, JsonObject][]): void => {
    if (entries.length > 0) data[name] = Object.fromEntries(entries);
  };
  section("tools", keyedByName(snapshot.tools, "tools", diagnostics).map(([k, t]) => [k, toolEntry(t, k, diagnostics)]));
  section("prompts", keyedByName(snapshot.prompts, "prompts", diagnostics).map(([k, p]) => [k, promptEntry(p, completes)]));
  // Static resources and templates share one namespace in the manifest (and in generated code).
  // Skill files are described by their skill's entry (pulled.skills), not as resources.
  const resources = keyedByLabel([...snapshot.resources.filter((r) => !skills.files.has(String(r.uri))), ...snapshot.templates], diagnostics);
  section("resources", resources.filter(([, r]) => typeof r.uri === "string").map(([k, r]) => [k, resourceEntry(r, subscribe)]));
  section("templates", resources.filter(([, r]) => typeof r.uri !== "string").map(([k, r]) => [k, templateEntry(r, completes, subscribe)]));

  const listChanged: JsonObject = {};
  for (const family of ["tools", "prompts", "resources"] as const) {
    const cap = caps[family];
    if (isObject(cap) && cap.listChanged === true) listChanged[family] = true;
  }
  if (Object.keys(listChanged).length > 0) data.listChanged = listChanged;
  // The skills/list entries are the contract of the skills (SEP-2640), as listed.
  if (skills.skills) data.skills = skills.skills as unknown as JsonObject[];
  if (isObject(caps.logging)) data.logging = true;
  Object.assign(data, pulledExtensionsOf(caps));
  return { data, diagnostics };
}
