// The modern per-request `_meta` envelope [S26:basic/index § `_meta`, SCH26:RequestMetaObject].
// It goes on EVERY modern request, including `server/discover`, `subscriptions/listen` and
// MRTR retries: servers are stateless and must not infer version or capabilities from earlier
// traffic, so a request that lacks it is rejected with -32602.

export const META_PROTOCOL_VERSION = "io.modelcontextprotocol/protocolVersion";
export const META_CLIENT_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities";
export const META_CLIENT_INFO = "io.modelcontextprotocol/clientInfo";
export const META_LOG_LEVEL = "io.modelcontextprotocol/logLevel";
export const META_SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId";
export const META_SERVER_INFO = "io.modelcontextprotocol/serverInfo";

export interface Implementation {
  name: string;
  version: string;
  title?: string;
  [key: string]: unknown;
}

export interface EnvelopeInput {
  protocolVersion: string;
  clientCapabilities: Record<string, unknown>;
  clientInfo?: Implementation;
  logLevel?: string;
}

/**
 * Return a copy of `params` whose `_meta` carries the envelope. Caller-supplied `_meta`
 * keys (progressToken, traceparent, …) are kept; the envelope keys always win so a stale
 * copy from an earlier round can never leak a different version into a retry.
 */
export function withEnvelope(params: Record<string, unknown> | undefined, envelope: EnvelopeInput): Record<string, unknown> {
  const callerMeta = params?._meta;
  const meta: Record<string, unknown> = typeof callerMeta === "object" && callerMeta !== null ? { ...(callerMeta as Record<string, unknown>) } : {};
  meta[META_PROTOCOL_VERSION] = envelope.protocolVersion;
  meta[META_CLIENT_CAPABILITIES] = envelope.clientCapabilities;
  if (envelope.clientInfo !== undefined) meta[META_CLIENT_INFO] = envelope.clientInfo;
  if (envelope.logLevel !== undefined) meta[META_LOG_LEVEL] = envelope.logLevel;
  return { ...(params ?? {}), _meta: meta };
}
