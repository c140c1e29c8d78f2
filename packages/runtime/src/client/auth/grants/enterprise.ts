// Enterprise-managed authorization (SEP-990, io.modelcontextprotocol/enterprise-managed-
// authorization): the user's ID token from single sign-on is exchanged at the enterprise IdP
// for an Identity Assertion JWT Authorization Grant (RFC 8693 token exchange, requested type
// id-jag, audience = the MCP authorization server's issuer, resource = the MCP server), which
// the MCP authorization server then takes in the JWT bearer grant (RFC 7523). The user is never
// sent to the MCP authorization server's authorization endpoint.

import { OAuthError } from "../errors.js";
import { readSecret } from "../keys.js";
import { requestToken } from "../token-endpoint.js";
import { baseForm, GRANT_JWT_BEARER, GRANT_TOKEN_EXCHANGE, TOKEN_TYPE_ID_JAG, TOKEN_TYPE_ID_TOKEN, type EnterpriseIdp, type GrantContext } from "./types.js";

/** Asks the IdP for an ID-JAG for this authorization server and resource. */
export async function requestIdJag(ctx: GrantContext, idp: EnterpriseIdp): Promise<string> {
  const form = new URLSearchParams({
    grant_type: GRANT_TOKEN_EXCHANGE,
    requested_token_type: TOKEN_TYPE_ID_JAG,
    subject_token: await readSecret(idp.idToken, "enterprise ID token"),
    subject_token_type: TOKEN_TYPE_ID_TOKEN,
    audience: ctx.as.issuer,
    resource: ctx.resource,
  });
  if (ctx.scopes.length > 0) form.set("scope", ctx.scopes.join(" "));
  const secret = idp.clientSecret === undefined ? undefined : await readSecret(idp.clientSecret, "enterprise IdP client secret");
  const answer = await requestToken({
    fetch: ctx.fetch,
    endpoint: idp.tokenEndpoint,
    issuer: new URL(idp.tokenEndpoint).origin,
    form,
    client: { client_id: idp.clientId, ...(secret === undefined ? {} : { client_secret: secret }) },
    method: secret === undefined ? "none" : "client_secret_basic",
    dpop: undefined,
  });
  if (answer.issued_token_type !== undefined && answer.issued_token_type !== TOKEN_TYPE_ID_JAG) {
    throw new OAuthError("auth-bad-response", `the enterprise IdP issued a ${answer.issued_token_type}, not an ID-JAG`);
  }
  return answer.access_token;
}

export async function enterpriseForm(ctx: GrantContext, idp: EnterpriseIdp): Promise<URLSearchParams> {
  const form = baseForm(GRANT_JWT_BEARER, ctx);
  form.set("assertion", await requestIdJag(ctx, idp));
  return form;
}
