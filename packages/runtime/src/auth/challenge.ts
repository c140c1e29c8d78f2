// The WWW-Authenticate challenge of a refused request (RFC 6750 §3; RFC 9728 §5.1 adds
// `resource_metadata`; MCP basic/authorization § Protected Resource Metadata Discovery and
// § Scope Challenge Handling). Values are quoted strings; descriptions are reduced to the
// characters RFC 6750 allows in error_description (%x20-21 / %x23-5B / %x5D-7E).
import type { AuthFailure } from "./errors.js";

function quoted(value: string): string {
  return `"${value.replace(/[^\x20-\x21\x23-\x5b\x5d-\x7e]/g, "")}"`;
}

/**
 * The challenge for a request without credentials (`failure` undefined: no error attribute,
 * RFC 6750 §3.1) or with bad ones. `scope` is what the request needs, when known.
 */
export function bearerChallenge(metadataUrl: string, failure: AuthFailure | undefined, scope: readonly string[] | undefined): string {
  const parts = [`resource_metadata=${quoted(metadataUrl)}`];
  if (failure && failure.code !== "temporarily_unavailable") {
    parts.push(`error=${quoted(failure.code)}`, `error_description=${quoted(failure.message)}`);
  }
  if (scope && scope.length > 0) parts.push(`scope=${quoted(scope.join(" "))}`);
  return `Bearer ${parts.join(", ")}`;
}
