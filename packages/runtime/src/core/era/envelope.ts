// The modern per-request envelope carried in params._meta (2026-07-28 basic/index § `_meta`):
// the keys, the server's reader and the client's writer. It goes on EVERY modern request
// (including `server/discover`, `subscriptions/listen` and MRTR retries): servers are stateless
// and must not infer version or capabilities from earlier traffic.
import { invalidParams } from "../jsonrpc/errors.js";
import { isPlainObject, type JsonObject } from "../jsonrpc/message.js";

export const META_PROTOCOL_VERSION = "io.modelcontextprotocol/protocolVersion";
export const META_CLIENT_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities";
export const META_CLIENT_INFO = "io.modelcontextprotocol/clientInfo";
export const META_LOG_LEVEL = "io.modelcontextprotocol/logLevel";
export const META_SERVER_INFO = "io.modelcontextprotocol/serverInfo";
export const META_SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId";
/** 2025-11-25 tasks: ties a message to its task (basic/utilities/tasks § Related Task Metadata). */
export const META_RELATED_TASK = "io.modelcontextprotocol/related-task";
/** The tasks extension's id: a capabilities.extensions key, not a _meta key, but of the same namespace. */
export const META_TASKS_EXTENSION = "io.modelcontextprotocol/tasks";
/** The MCP Apps extension's id (core/apps.ts), of the same namespace. */
export const META_APPS_EXTENSION = "io.modelcontextprotocol/ui";
/** The Skills extension (SEP-2640; constants and entry shape in core/skills.ts). */
export const META_SKILLS_EXTENSION = "io.modelcontextprotocol/skills";
/** Not namespaced: the progress token predates the modern era (basic/utilities/progress). */
export const META_PROGRESS_TOKEN = "progressToken";

export const LOG_LEVELS = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Envelope {
  protocolVersion: string;
  clientCapabilities: JsonObject;
  clientInfo: JsonObject | undefined;
  logLevel: LogLevel | undefined;
  progressToken: string | number | undefined;
}

/** True when params._meta carries the protocolVersion key: the body "claims" the modern era. */
export function claimsModernEra(params: JsonObject | undefined): boolean {
  const meta = params?.["_meta"];
  return isPlainObject(meta) && META_PROTOCOL_VERSION in meta;
}

/**
 * Validates the envelope; a missing or mistyped required field is -32602 with HTTP 400
 * (2026-07-28 basic/index § `_meta`). clientInfo is optional and never required.
 */
export function readEnvelope(params: JsonObject | undefined): Envelope {
  const meta = params?.["_meta"];
  if (!isPlainObject(meta)) {
    throw invalidParams("Invalid params: missing _meta with the per-request protocol fields", { missing: ["_meta"] }, 400);
  }
  const missing: string[] = [];
  const protocolVersion = meta[META_PROTOCOL_VERSION];
  if (typeof protocolVersion !== "string" || protocolVersion.length === 0) missing.push(META_PROTOCOL_VERSION);
  const clientCapabilities = meta[META_CLIENT_CAPABILITIES];
  if (!isPlainObject(clientCapabilities)) missing.push(META_CLIENT_CAPABILITIES);
  if (missing.length > 0) {
    throw invalidParams(`Invalid params: _meta lacks a valid ${missing.join(" and ")}`, { missing }, 400);
  }
  const clientInfo = meta[META_CLIENT_INFO];
  const logLevel = meta[META_LOG_LEVEL];
  if (logLevel !== undefined && !(LOG_LEVELS as readonly unknown[]).includes(logLevel)) {
    throw invalidParams("Invalid params: unknown logLevel", { logLevel }, 400);
  }
  const progressToken = meta[META_PROGRESS_TOKEN];
  return {
    protocolVersion: protocolVersion as string,
    clientCapabilities: clientCapabilities as JsonObject,
    clientInfo: isPlainObject(clientInfo) ? clientInfo : undefined,
    logLevel: logLevel as LogLevel | undefined,
    progressToken: typeof progressToken === "string" || typeof progressToken === "number" ? progressToken : undefined,
  };
}

export function logLevelRank(level: LogLevel): number {
  return LOG_LEVELS.indexOf(level);
}

/** An `Implementation` object (clientInfo / serverInfo). */
export interface Implementation {
  name: string;
  version: string;
  title?: string;
  [key: string]: unknown;
}

/** What a client writes into every modern request's `_meta`. */
export interface EnvelopeInput {
  protocolVersion: string;
  clientCapabilities: JsonObject;
  clientInfo?: Implementation;
  logLevel?: string;
}

/**
 * Returns a copy of `params` whose `_meta` carries the envelope. Caller-supplied `_meta` keys
 * (progressToken, traceparent, …) are kept; the envelope keys always win so a stale copy from an
 * earlier round can never leak a different version into a retry.
 */
export function withEnvelope(params: JsonObject | undefined, envelope: EnvelopeInput): JsonObject {
  const callerMeta = params?.["_meta"];
  const meta: JsonObject = isPlainObject(callerMeta) ? { ...callerMeta } : {};
  meta[META_PROTOCOL_VERSION] = envelope.protocolVersion;
  meta[META_CLIENT_CAPABILITIES] = envelope.clientCapabilities;
  if (envelope.clientInfo !== undefined) meta[META_CLIENT_INFO] = envelope.clientInfo;
  if (envelope.logLevel !== undefined) meta[META_LOG_LEVEL] = envelope.logLevel;
  return { ...(params ?? {}), _meta: meta };
}

/** Returns a copy of `params` with `_meta.progressToken` set (both eras). */
export function withProgressToken(params: JsonObject | undefined, token: string | number): JsonObject {
  const callerMeta = params?.["_meta"];
  return { ...(params ?? {}), _meta: { ...(isPlainObject(callerMeta) ? callerMeta : {}), [META_PROGRESS_TOKEN]: token } };
}

/** The serverInfo a modern result carries in `_meta` (or a legacy-style top-level field). */
export function serverInfoOf(result: JsonObject): JsonObject | undefined {
  const meta = result["_meta"];
  const info = (isPlainObject(meta) ? meta[META_SERVER_INFO] : undefined) ?? result["serverInfo"];
  return isPlainObject(info) ? info : undefined;
}

/** The subscription id a listen-stream notification carries in `_meta`, if any. */
export function subscriptionIdOf(params: JsonObject | undefined): unknown {
  const meta = params?.["_meta"];
  return isPlainObject(meta) ? meta[META_SUBSCRIPTION_ID] : undefined;
}
