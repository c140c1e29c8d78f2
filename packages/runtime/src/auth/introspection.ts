// The RFC 7662 token introspection verifier, for opaque tokens (or to let the authorization
// server decide revocation). The endpoint is configured or discovered from the issuer's
// metadata (`introspection_endpoint`, RFC 8414 §2). Each call is bounded by a timeout; an
// endpoint that is down, slow or answers garbage is 503, an inactive token 401. The answer's
// `aud` must name this resource (RFC 8707), its `exp`/`nbf` are checked with a small skew.
import { textToBase64 } from "../platform/bytes.js";
import { audienceIncludes, authInfoOf } from "./claims.js";
import { invalidToken, verifierUnavailable } from "./errors.js";
import { checkSenderConstraint, createReplayMemory } from "./dpop.js";
import { createIssuerDirectory, fetchJson } from "./issuer-metadata.js";
import type { AuthInfo, TokenVerifier, VerifyRequest } from "./types.js";

export interface IntrospectionVerifierOptions {
  /** The introspection endpoint; or `issuer` to discover it. */
  endpoint?: string;
  issuer?: string;
  /** This resource server's credentials at the authorization server (client_secret_basic). */
  clientId: string;
  clientSecret: string;
  /** Required audience. Default: the resource identifier of the request (RFC 8707). */
  audience?: string;
  /** Refuse active tokens whose answer has no `aud`. Default true. */
  requireAudience?: boolean;
  clockToleranceSec?: number;
  /** Bound on each introspection call, in ms. Default 3000. */
  timeoutMs?: number;
  now?: () => number;
}

function basic(id: string, secret: string): string {
  // RFC 6749 §2.3.1: form-urlencode each part before base64.
  return `Basic ${textToBase64(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`)}`;
}

export function createIntrospectionVerifier(options: IntrospectionVerifierOptions): TokenVerifier {
  if (options.endpoint === undefined && options.issuer === undefined) throw new Error("createIntrospectionVerifier: endpoint or issuer is required");
  const timeoutMs = options.timeoutMs ?? 3_000;
  const directory = createIssuerDirectory(timeoutMs);
  const skew = options.clockToleranceSec ?? 30;
  const now = options.now ?? Date.now;
  const authorization = basic(options.clientId, options.clientSecret);
  const replay = createReplayMemory();

  const endpointOf = async (): Promise<string> => {
    if (options.endpoint !== undefined) return options.endpoint;
    const metadata = await directory.metadata(options.issuer as string);
    if (typeof metadata.introspection_endpoint !== "string") throw verifierUnavailable("authorization server names no introspection_endpoint");
    return metadata.introspection_endpoint;
  };

  return {
    async verify(token: string, request: VerifyRequest): Promise<AuthInfo> {
      const endpoint = await endpointOf();
      let answer: { status: number; body: unknown };
      try {
        answer = await fetchJson(endpoint, timeoutMs, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json", authorization },
          body: new URLSearchParams({ token, token_type_hint: "access_token" }).toString(),
        });
      } catch {
        throw verifierUnavailable("token introspection unavailable");
      }
      const body = answer.body as Record<string, unknown> | undefined;
      if (answer.status !== 200 || !body || typeof body !== "object" || typeof body["active"] !== "boolean") {
        throw verifierUnavailable("token introspection unavailable");
      }
      if (body["active"] !== true) throw invalidToken("token inactive");
      const seconds = now() / 1000;
      if (typeof body["exp"] === "number" && body["exp"] + skew < seconds) throw invalidToken("token expired");
      if (typeof body["nbf"] === "number" && body["nbf"] - skew > seconds) throw invalidToken("token not yet valid");
      if (options.issuer !== undefined && body["iss"] !== undefined && body["iss"] !== options.issuer) throw invalidToken("token issued by another issuer");
      const audience = options.audience ?? request.resource;
      if (body["aud"] === undefined ? options.requireAudience !== false : !audienceIncludes(body["aud"], audience)) {
        throw invalidToken("token not meant for this resource");
      }
      await checkSenderConstraint(token, body, request, replay);
      return authInfoOf(body, true);
    },
  };
}
