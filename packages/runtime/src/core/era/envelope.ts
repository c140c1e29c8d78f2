// The modern per-request envelope carried in params._meta (2026-07-28 basic/index § `_meta`).
import { invalidParams } from "../jsonrpc/errors.js";
import { isPlainObject, type JsonObject } from "../jsonrpc/message.js";

export const META_PROTOCOL_VERSION = "io.modelcontextprotocol/protocolVersion";
export const META_CLIENT_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities";
export const META_CLIENT_INFO = "io.modelcontextprotocol/clientInfo";
export const META_LOG_LEVEL = "io.modelcontextprotocol/logLevel";
export const META_SERVER_INFO = "io.modelcontextprotocol/serverInfo";
export const META_SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId";

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
  const progressToken = meta["progressToken"];
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
