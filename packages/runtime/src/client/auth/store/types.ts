// The credential store: where an OAuth client keeps what lets it skip a new authorization
// after a restart (tokens, refresh tokens, its registration at the authorization server, and
// the DPoP key its tokens are bound to). One entry per MCP server endpoint (and the resource it names).
// Plug a keychain or a database by implementing these three methods.

import type { JWK } from "jose";
import type { OAuthClientInformation } from "../client-authentication.js";

export interface StoredCredential {
  /** The MCP server's endpoint URL and the RFC 8707 resource the tokens are for. */
  server: string;
  resource: string;
  /** The authorization server that issued them (a refresh token is never sent to another). */
  issuer: string;
  accessToken?: string;
  /** "Bearer" or "DPoP" (RFC 9449 § 5: the token is bound to `dpopKey`). */
  tokenType?: string;
  /** Epoch milliseconds; absent when the AS named no lifetime. */
  expiresAt?: number;
  scopes?: string[];
  refreshToken?: string;
  /** A registration made by this client (dynamic registration or CIMD), not configured credentials. */
  registration?: OAuthClientInformation;
  /** The private JWK of the DPoP key (only ever in the store). */
  dpopKey?: JWK;
}

export interface CredentialStore {
  get(key: string): Promise<StoredCredential | undefined>;
  set(key: string, value: StoredCredential): Promise<void>;
  delete(key: string): Promise<void>;
}

/**
 * The store key: the MCP endpoint (origin + path). The entry names the resource its tokens are
 * for; when the server's metadata later names another resource, the entry is replaced, so a
 * token is never presented for a resource it was not issued for.
 */
export function credentialKey(serverUrl: URL): string {
  return `${serverUrl.origin}${serverUrl.pathname}`;
}
