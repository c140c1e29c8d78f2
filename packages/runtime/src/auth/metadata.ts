// RFC 9728 Protected Resource Metadata. The document is served at the well-known URI formed by
// inserting `/.well-known/oauth-protected-resource` between the host and the path of the
// resource identifier (RFC 9728 §3.1), and also at the bare well-known path, the fallback MCP
// clients try second (basic/authorization § Protected Resource Metadata Discovery).
import type { AuthOptions } from "./types.js";

/** Kept here (not imported from dpop.ts) so the metadata path never loads jose. */
export const DPOP_PROOF_ALGORITHMS: readonly string[] = Object.freeze(["ES256", "ES384", "ES512", "RS256", "PS256", "EdDSA", "Ed25519"]);

export const METADATA_PATH = "/.well-known/oauth-protected-resource";

/** Host names served over plain http when the resource is derived from the Host header. */
const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d+)?$/i;

/**
 * The resource identifier: the configured one, else `scheme://host/path` of this request (the
 * URL the client reached). Without a Host header a derived identifier is impossible: undefined.
 */
export function resourceOf(options: AuthOptions, host: string | undefined, mcpPath: string): string | undefined {
  if (options.resource !== undefined) return options.resource;
  if (host === undefined || host === "") return undefined;
  return `${LOOPBACK.test(host) ? "http" : "https"}://${host}${mcpPath}`;
}

/** The path-suffixed well-known URL of a resource (RFC 9728 §3.1). */
export function metadataUrlOf(resource: string): string {
  const url = new URL(resource);
  const path = url.pathname === "/" ? "" : url.pathname.replace(/\/$/, "");
  return `${url.origin}${METADATA_PATH}${path}`;
}

/** Whether `path` asks for this resource's metadata (suffixed or bare form). */
export function isMetadataPath(path: string, resourcePath: string): boolean {
  if (path === METADATA_PATH) return true;
  const suffix = resourcePath === "/" ? "" : resourcePath.replace(/\/$/, "");
  return path === `${METADATA_PATH}${suffix}`;
}

/** The metadata document (RFC 9728 §2); `resource` must equal the identifier tokens are for. */
export function metadataDocument(options: AuthOptions, resource: string): Record<string, unknown> {
  const document: Record<string, unknown> = {
    resource,
    authorization_servers: [...options.authorizationServers],
    // Header only: OAuth 2.1 §5.1 and MCP forbid tokens in the query string; JSON-RPC bodies
    // are not form-encoded, so the body method does not apply either.
    bearer_methods_supported: ["header"],
  };
  if (options.scopesSupported && options.scopesSupported.length > 0) document["scopes_supported"] = [...options.scopesSupported];
  // RFC 9449 §5.2: the verifiers accept DPoP-bound tokens with proofs made with these.
  document["dpop_signing_alg_values_supported"] = [...DPOP_PROOF_ALGORITHMS];
  if (options.resourceName !== undefined) document["resource_name"] = options.resourceName;
  if (options.documentation !== undefined) document["resource_documentation"] = options.documentation;
  return document;
}
