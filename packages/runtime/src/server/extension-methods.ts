// Custom request methods and notifications an extension adds to a server (extensions/overview
// § Negotiation; issue 15 #1). The definition names each method with the extension that owns
// it; the server advertises those extensions and refuses a method to a client that did not
// declare its extension: -32021 with data.requiredCapabilities (2026-07-28 basic/index § `_meta`,
// schema MissingRequiredClientCapabilityError). Names of spec methods are refused here, so an
// extension can never shadow the protocol.
import { MISSING_REQUIRED_CLIENT_CAPABILITY } from "../core/jsonrpc/codes.js";
import { RpcError } from "../core/jsonrpc/errors.js";
import { isPlainObject, type JsonObject } from "../core/jsonrpc/message.js";
import { methodRows } from "../core/methods.js";
import type { ExtensionMethodDefinition, ExtensionNotificationDefinition } from "./definition.js";

/** The definition's extension methods, indexed once at construction. */
export interface CompiledExtensions {
  readonly methods: ReadonlyMap<string, ExtensionMethodDefinition<any, any>>;
  readonly inbound: ReadonlyMap<string, ExtensionNotificationDefinition<any>>;
  readonly outbound: ReadonlyMap<string, ExtensionNotificationDefinition<any>>;
  /** Every extension a method or notification names (advertised even if the definition forgot it). */
  readonly ids: readonly string[];
}

// Requests the spec defines that never appear as client→server rows (embedded MRTR requests on
// 2026-07-28, server→client requests on the legacy era).
const SERVER_TO_CLIENT_REQUESTS = ["elicitation/create", "sampling/createMessage", "roots/list"];

/** Spec request names no extension may take (either era, either direction). */
export function isSpecRequestMethod(method: string): boolean {
  return SERVER_TO_CLIENT_REQUESTS.includes(method) || methodRows("modern").some((r) => r.method === method) || methodRows("legacy").some((r) => r.method === method);
}

/** The `notifications/` namespace belongs to the spec (every spec notification lives there). */
export function isSpecNotificationMethod(method: string): boolean {
  return method.startsWith("notifications/");
}

// extensions/overview: `{vendor-prefix}/{extension-name}`, the prefix being dot-separated labels.
const EXTENSION_ID = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\/[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/;

function checkCommon(kind: string, method: string, extension: string): void {
  if (typeof method !== "string" || method === "") throw new Error(`an extension ${kind} needs a method name`);
  if (typeof extension !== "string" || !EXTENSION_ID.test(extension)) {
    throw new Error(`extension ${kind} '${method}': '${String(extension)}' is not an extension identifier ({vendor-prefix}/{name})`);
  }
}

/** Indexes and checks the definition's extension methods; throws on spec names and duplicates. */
export function compileExtensions(
  methods: readonly ExtensionMethodDefinition<any, any>[] = [],
  notifications: readonly ExtensionNotificationDefinition<any>[] = [],
): CompiledExtensions {
  const byName = new Map<string, ExtensionMethodDefinition<any, any>>();
  const inbound = new Map<string, ExtensionNotificationDefinition<any>>();
  const outbound = new Map<string, ExtensionNotificationDefinition<any>>();
  const ids = new Set<string>();
  for (const def of methods) {
    checkCommon("method", def.method, def.extension);
    if (isSpecRequestMethod(def.method)) throw new Error(`extension method '${def.method}' collides with a method of the MCP specification`);
    if (byName.has(def.method)) throw new Error(`duplicate extension method '${def.method}' in the server definition`);
    if (typeof def.handler !== "function") throw new Error(`extension method '${def.method}' needs a handler`);
    byName.set(def.method, def);
    ids.add(def.extension);
  }
  for (const def of notifications) {
    checkCommon("notification", def.method, def.extension);
    if (isSpecNotificationMethod(def.method)) throw new Error(`extension notification '${def.method}' is in the spec's notifications/ namespace`);
    const table = def.direction === "clientToServer" ? inbound : def.direction === "serverToClient" ? outbound : undefined;
    if (table === undefined) throw new Error(`extension notification '${def.method}': direction must be clientToServer or serverToClient`);
    if (table.has(def.method)) throw new Error(`duplicate extension notification '${def.method}' (${def.direction})`);
    if (def.direction === "clientToServer" && typeof def.handler !== "function") throw new Error(`extension notification '${def.method}' needs a handler`);
    table.set(def.method, def);
    ids.add(def.extension);
  }
  return { methods: byName, inbound, outbound, ids: [...ids].sort() };
}

/** Whether client capabilities declare an extension (`extensions.<id>` is an object). */
export function declaresExtension(clientCapabilities: JsonObject, extension: string): boolean {
  const extensions = clientCapabilities["extensions"];
  return isPlainObject(extensions) && isPlainObject(extensions[extension]);
}

/** -32021 naming the extension; HTTP 400 on the modern era (basic/index § `_meta`). */
export function missingExtensionError(extension: string, httpStatus?: number): RpcError {
  return new RpcError(
    MISSING_REQUIRED_CLIENT_CAPABILITY,
    `Missing required client capability: extension ${extension}`,
    { requiredCapabilities: { extensions: { [extension]: {} } } },
    httpStatus,
  );
}

/**
 * The check behind `ctx.notify` and `server.notifyExtension`: only declared server→client
 * notifications go out, and only to a client that declared their extension (extensions/overview
 * § Graceful Degradation: the other side falls back to core behaviour).
 */
export function outboundAllowed(extensions: CompiledExtensions, method: string, clientCapabilities: JsonObject): boolean {
  const def = extensions.outbound.get(method);
  if (def === undefined) throw new Error(`'${method}' is not a server-to-client notification of this server's extensions`);
  return declaresExtension(clientCapabilities, def.extension);
}
