// Resource templates that enumerate their instances into resources/list (issue 16 item 1).
//
// DECISION (2025-11-25 and 2026-07-28 server/resources § Listing Resources, § Resource
// Templates; server/utilities/pagination): templates stay in resources/templates/list, and the
// instances a template's `list` callback names are concrete resources, so they join the static
// resources in resources/list (static ones first, then each template's instances in template
// order). Such a list is computed per request, not pre-serialized, because only the callback
// knows its instances; servers without a `list` callback keep the pre-serialized pages. Pages
// and cursors are the ones of every list (limits.pageSize, the same opaque cursor): a cursor
// indexes the list as computed for that request, like a cursor across a live-list change.
// A disabled template lists no instances. When instances change, `server.notifyResourcesListChanged()`
// tells listening clients (live lists send it themselves when a template is added or disabled).
// An instance given by a URI that does not match its own template, or by non-string variables,
// is a server bug: skipped and reported.
// A callback that throws fails the list like any handler (-32603, onError; SafeError text passes).
import { INTERNAL_ERROR } from "../core/jsonrpc/codes.js";
import { invalidParams, RpcError } from "../core/jsonrpc/errors.js";
import type { JsonObject } from "../core/jsonrpc/message.js";
import { RawJson } from "../core/jsonrpc/serialize.js";
import { META_SERVER_INFO } from "../core/era/envelope.js";
import type { HandleCodec } from "../handles/handles.js";
import { decodeCursor, encodeCursor } from "../pagination/cursor.js";
import { resourceDescriptor, type CompiledServer, type CompiledTemplate } from "./compile.js";
import { createHandlerContext } from "./context.js";
import type { ServerControl, TemplateInstance } from "./definition.js";
import { HandlerCall } from "./handler-call.js";
import { exposedMessage } from "./safe-error.js";
import type { CallScope } from "./scope.js";
import { compileUriExpander } from "../uri/expand.js";

/** What listing needs of the server (a subset of operations.ts OperationHost). */
export interface ListingHost {
  compiled: CompiledServer;
  handles: HandleCodec;
  control: ServerControl;
  reportError(error: unknown): void;
  handlerTimeoutMs: number;
}

const LIST = "resources/list";

/** One expander per compiled template (live lists recompile templates, which drops the old entry). */
const expanders = new WeakMap<CompiledTemplate, ReturnType<typeof compileUriExpander>>();
function expanderOf(template: CompiledTemplate): ReturnType<typeof compileUriExpander> {
  let expand = expanders.get(template);
  if (expand === undefined) expanders.set(template, (expand = compileUriExpander(template.definition.uriTemplate)));
  return expand;
}

/** Whether resources/list must run template callbacks (else the pre-serialized pages answer). */
export function listsTemplateInstances(compiled: CompiledServer): boolean {
  return compiled.templates.some((t) => t.definition.list !== undefined);
}

/**
 * The static resources' entries, serialized once per compiled map (live lists replace the map on
 * a change, which drops the old entry): only the callbacks' instances are serialized per request.
 */
const staticEntries = new WeakMap<CompiledServer["resources"], readonly string[]>();
function staticEntriesOf(compiled: CompiledServer): readonly string[] {
  let entries = staticEntries.get(compiled.resources);
  if (entries === undefined) staticEntries.set(compiled.resources, (entries = [...compiled.resources.values()].map((r) => JSON.stringify(resourceDescriptor(r)))));
  return entries;
}

/** One page of resources/list with the instances of listing templates, for `era`. */
export async function listResourcesWithInstances(host: ListingHost, scope: CallScope): Promise<RawJson> {
  const compiled = host.compiled;
  const items: string[] = [...staticEntriesOf(compiled)];
  for (const template of compiled.templates) {
    if (template.definition.list === undefined) continue;
    for (const instance of await runList(host, scope, template)) {
      const descriptor = describeInstance(host, template, instance);
      if (descriptor) items.push(JSON.stringify(descriptor));
    }
  }
  const size = compiled.pageSize && compiled.pageSize > 0 ? compiled.pageSize : Math.max(items.length, 1);
  const cursor = scope.params["cursor"];
  const offset = cursor === undefined ? 0 : decodeCursor(LIST, cursor, items.length);
  if (offset % size !== 0) throw invalidParams("Invalid params: invalid cursor");
  const next = offset + size < items.length ? `,"nextCursor":${JSON.stringify(encodeCursor(LIST, offset + size))}` : "";
  const page = `"resources":[${items.slice(offset, offset + size).join(",")}]${next}`;
  if (scope.era === "legacy") return new RawJson(`{${page}}`);
  const hint = compiled.definition.listCache?.[LIST] ?? compiled.cacheDefaults;
  const tail = JSON.stringify({ ttlMs: hint.ttlMs, cacheScope: hint.scope, _meta: { [META_SERVER_INFO]: compiled.serverInfo } }).slice(1);
  return new RawJson(`{"resultType":"complete",${page},${tail}`);
}

async function runList(host: ListingHost, scope: CallScope, template: CompiledTemplate): Promise<readonly TemplateInstance[]> {
  const list = template.definition.list!;
  const call = new HandlerCall(scope.method, host.handlerTimeoutMs);
  const { ctx } = createHandlerContext(scope, {}, host.handles, host.control, call);
  let produced: unknown;
  try {
    produced = await call.run(scope.cancellation, async () => list(ctx));
  } catch (error) {
    if (error instanceof RpcError) throw error;
    host.reportError(error);
    throw new RpcError(INTERNAL_ERROR, exposedMessage(error) ?? "Internal error");
  }
  if (!Array.isArray(produced)) {
    host.reportError(new Error(`resource template '${template.definition.uriTemplate}' list() returned no array`));
    throw new RpcError(INTERNAL_ERROR, "Internal error");
  }
  return produced as readonly TemplateInstance[];
}

function describeInstance(host: ListingHost, template: CompiledTemplate, instance: TemplateInstance): JsonObject | undefined {
  const def = template.definition;
  if (typeof instance !== "object" || instance === null) {
    host.reportError(new Error(`resource template '${def.uriTemplate}' listed a non-object instance`));
    return undefined;
  }
  // Expanded from string variables, the URI is the template's by construction (the matcher is
  // the costly part, ~7 µs); a URI given as such is checked against the template.
  const variables = instance.variables;
  const byVariables = instance.uri === undefined && typeof variables === "object" && variables !== null && Object.values(variables).every((v) => v === undefined || typeof v === "string");
  const uri = byVariables ? expanderOf(template)(variables) : instance.uri;
  if (typeof uri !== "string" || (!byVariables && template.matcher.match(uri) === undefined)) {
    host.reportError(new Error(`resource template '${def.uriTemplate}' listed an instance that is not one of its URIs: ${String(uri)}`));
    return undefined;
  }
  const descriptor: JsonObject = { uri, name: instance.name ?? def.name };
  const copy = (key: "title" | "description" | "mimeType" | "size" | "annotations" | "icons" | "_meta", fallback?: unknown) => {
    const value = instance[key] ?? fallback;
    if (value !== undefined) descriptor[key] = value as JsonObject[string];
  };
  copy("title");
  copy("description");
  copy("mimeType", def.mimeType);
  copy("size");
  copy("annotations");
  copy("icons");
  copy("_meta");
  return descriptor;
}
