// The HTTP endpoint's limits with their defaults, resolved once per endpoint (one home for the
// numbers SERVER.md documents).
import type { McpServer } from "../server/server.js";
import type { StreamLimits } from "./exchange.js";

export interface HttpLimits {
  maxSessions: number;
  maxSessionsPerClient: number;
  sessionIdleMs: number;
  keepAliveMs: number;
  /** Client reconnection delay advertised in priming events (ms). */
  retryMs: number;
  /** Bytes a legacy stream retains for Last-Event-ID replay. */
  maxReplayBytes: number;
  stream: StreamLimits;
}

export const HTTP_LIMIT_DEFAULTS = Object.freeze({
  maxSessions: 10_000,
  maxSessionsPerClient: 256,
  sessionIdleMs: 5 * 60_000,
  keepAliveMs: 15_000,
  maxStreamBufferBytes: 4 * 1024 * 1024,
});

export function httpLimitsOf(server: McpServer): HttpLimits {
  const limits = server.options.limits ?? {};
  const maxStreamBufferBytes = limits.maxStreamBufferBytes ?? HTTP_LIMIT_DEFAULTS.maxStreamBufferBytes;
  return {
    maxSessions: limits.maxSessions ?? HTTP_LIMIT_DEFAULTS.maxSessions,
    maxSessionsPerClient: limits.maxSessionsPerClient ?? HTTP_LIMIT_DEFAULTS.maxSessionsPerClient,
    sessionIdleMs: limits.sessionIdleMs ?? HTTP_LIMIT_DEFAULTS.sessionIdleMs,
    keepAliveMs: limits.keepAliveMs ?? HTTP_LIMIT_DEFAULTS.keepAliveMs,
    retryMs: 500,
    maxReplayBytes: maxStreamBufferBytes,
    stream: { maxBufferedBytes: maxStreamBufferBytes, report: (error) => server.reportError(error) },
  };
}
