// What a grant needs to build its token request, and the grants a client can be configured with.

import type { AuthorizationServer } from "../discovery.js";
import type { SecretSource } from "../keys.js";

export interface GrantContext {
  fetch: typeof fetch;
  as: AuthorizationServer;
  /** RFC 8707 resource: the PRM's identifier, else the endpoint URL. */
  resource: string;
  scopes: readonly string[];
  /** The client_id the MCP authorization server knows this client by (when it has one). */
  clientId: string | undefined;
}

/** Enterprise IdP for enterprise-managed authorization (SEP-990). */
export interface EnterpriseIdp {
  /** The IdP's token endpoint, where the ID token is exchanged for an ID-JAG (RFC 8693). */
  tokenEndpoint: string;
  /** This client at the IdP. */
  clientId: string;
  clientSecret?: SecretSource;
  /** The user's identity assertion from single sign-on (an OpenID ID token). */
  idToken: SecretSource;
}

export type GrantOptions =
  /** A person consents in a browser (default). */
  | { type: "authorization_code" }
  /** The client acts for itself: client secret or private-key JWT (io.modelcontextprotocol/oauth-client-credentials). */
  | { type: "client_credentials" }
  /** RFC 7523 JWT bearer grant with a platform-issued workload token (workload identity federation). */
  | { type: "jwt_bearer"; assertion: SecretSource }
  /** ID token → ID-JAG at the enterprise IdP, then the JWT bearer grant at the MCP authorization server. */
  | { type: "enterprise"; idp: EnterpriseIdp };

export const GRANT_JWT_BEARER = "urn:ietf:params:oauth:grant-type:jwt-bearer";
export const GRANT_TOKEN_EXCHANGE = "urn:ietf:params:oauth:grant-type:token-exchange";
export const TOKEN_TYPE_ID_TOKEN = "urn:ietf:params:oauth:token-type:id_token";
export const TOKEN_TYPE_ID_JAG = "urn:ietf:params:oauth:token-type:id-jag";

/** resource and scope, shared by every grant's form. */
export function baseForm(grantType: string, ctx: GrantContext): URLSearchParams {
  const form = new URLSearchParams({ grant_type: grantType, resource: ctx.resource });
  if (ctx.scopes.length > 0) form.set("scope", ctx.scopes.join(" "));
  return form;
}
