// Authorization code + PKCE S256 + RFC 8707 `resource` + `state` [S26:basic/authorization].
// The user agent step is pluggable (`openAuthorization`); the default follows the authorization
// endpoint's redirect without a browser (headless clients, the conformance harness). The
// redirect's `iss` (RFC 9207) is compared exactly with the metadata issuer when present, and
// required when the AS advertises support.

import { randomBase64url } from "../../../platform/bytes.js";
import { sha256Base64url } from "../../../platform/web-crypto.js";
import { McpClientError } from "../../errors.js";
import type { GrantContext } from "./types.js";

export interface AuthorizationCodeOptions {
  redirectUrl: string;
  openAuthorization?: (authorizationUrl: URL) => Promise<URL>;
}

async function followRedirect(fetchImpl: typeof fetch, url: URL): Promise<URL> {
  const response = await fetchImpl(url, { redirect: "manual" });
  await response.body?.cancel().catch(() => undefined);
  const location = response.headers.get("location");
  if (location === null) throw new McpClientError("auth-required", `the authorization endpoint did not redirect (HTTP ${response.status})`);
  return new URL(location, url);
}

/** Runs the user-agent step and returns the code's token request form. */
export async function authorizationCodeForm(ctx: GrantContext, options: AuthorizationCodeOptions): Promise<URLSearchParams> {
  const authorizationEndpoint = ctx.as.metadata.authorization_endpoint;
  if (typeof authorizationEndpoint !== "string") throw new McpClientError("auth-required", "authorization server metadata lacks its authorization endpoint");
  if (ctx.clientId === undefined) throw new McpClientError("auth-required", "the authorization code grant needs a client_id");
  const verifier = randomBase64url(32);
  const challenge = await sha256Base64url(verifier);
  const state = randomBase64url(16);
  const url = new URL(authorizationEndpoint);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", ctx.clientId);
  url.searchParams.set("redirect_uri", options.redirectUrl);
  url.searchParams.set("state", state);
  url.searchParams.set("code_challenge", challenge);
  url.searchParams.set("code_challenge_method", "S256");
  url.searchParams.set("resource", ctx.resource);
  if (ctx.scopes.length > 0) url.searchParams.set("scope", ctx.scopes.join(" "));
  const redirect = options.openAuthorization !== undefined ? await options.openAuthorization(url) : await followRedirect(ctx.fetch, url);
  if (redirect.searchParams.get("error") !== null) {
    throw new McpClientError("auth-required", `authorization failed: ${redirect.searchParams.get("error")} ${redirect.searchParams.get("error_description") ?? ""}`.trim());
  }
  if (redirect.searchParams.getAll("state").length !== 1 || redirect.searchParams.get("state") !== state) {
    throw new McpClientError("auth-required", "the authorization response carried a different state");
  }
  const iss = redirect.searchParams.getAll("iss");
  if (iss.length > 1 || (iss.length === 1 && iss[0] !== ctx.as.issuer)) throw new McpClientError("auth-required", `the authorization response came from issuer ${iss.join(",")}, expected ${ctx.as.issuer}`);
  if (iss.length === 0 && ctx.as.metadata.authorization_response_iss_parameter_supported === true) {
    throw new McpClientError("auth-required", "the authorization server advertises the iss parameter but the response lacks it");
  }
  const code = redirect.searchParams.get("code");
  if (code === null || code === "") throw new McpClientError("auth-required", "the authorization response carried no code");
  return new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: options.redirectUrl, code_verifier: verifier, resource: ctx.resource });
}
