// OAuth 2.1 authorization for the HTTP transport [S25/S26:basic/authorization].
//
// Flow on a 401 from the MCP server:
//   1. Protected Resource Metadata (RFC 9728): the `resource_metadata` URL from
//      WWW-Authenticate, else the path-based well-known URL, else the root one.
//   2. The PRM `resource` must identify this MCP server; otherwise the metadata is not
//      ours and the flow stops (a token for another resource must never be requested).
//   3. Authorization server metadata (RFC 8414 / OpenID discovery) in the spec's priority
//      order; the document's `issuer` must equal the AS identifier it was fetched for.
//   4. Client identity: pre-registered credentials, else a Client ID Metadata Document URL
//      when the AS supports it, else Dynamic Client Registration (RFC 7591).
//   5. Authorization code + PKCE S256 + `resource` (RFC 8707) + `state`; the scope comes
//      from the challenge, else the PRM `scopes_supported`, else is omitted;
//      `offline_access` is added only when the AS lists it.
//   6. The redirect's `iss` (RFC 9207) is compared exactly with the metadata issuer when
//      present, and required when the AS advertises support.
//   7. Token request with the client authentication method the AS supports.
// A 403 `insufficient_scope` challenge re-runs the flow with the union of scopes
// (step-up), bounded by `maxAttempts`.
//
// The user agent step is pluggable (`openAuthorization`); the default follows the
// authorization endpoint's redirect without a browser, which suits headless clients and
// the conformance harness. No third-party OAuth library: fetch + node:crypto only.

import { createHash, randomBytes } from "node:crypto";
import { LEGACY_REVISIONS } from "../../core/era/revisions.js";
import { HEADER_PROTOCOL_VERSION } from "../../core/headers/names.js";
import { McpClientError } from "../errors.js";
import { parseAuthenticateHeader } from "./www-authenticate.js";

export interface OAuthClientInformation {
  client_id: string;
  client_secret?: string;
}

export interface OAuthOptions {
  /** Where the authorization server sends the user back (must be registered). */
  redirectUrl: string;
  clientName?: string;
  /** Pre-registered credentials: skip registration. */
  clientInformation?: OAuthClientInformation;
  /** A Client ID Metadata Document URL, used as client_id when the AS supports it. */
  clientMetadataUrl?: string;
  /** Scope to request when neither the challenge nor the PRM names one. */
  scope?: string;
  /** Opens the authorization URL and resolves with the final redirect URL (code, state, iss). */
  openAuthorization?: (authorizationUrl: URL) => Promise<URL>;
  /** Authorization attempts per request (initial + step-ups) before giving up (default 3). */
  maxAttempts?: number;
  fetch?: typeof fetch;
}

interface AuthorizationServer {
  issuer: string;
  metadata: Record<string, unknown>;
}

function base64url(bytes: Buffer): string {
  return bytes.toString("base64").replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The MCP server's canonical URI for RFC 8707 `resource`: no fragment, no trailing slash on the root. */
export function canonicalResource(serverUrl: URL): string {
  const url = new URL(serverUrl.href);
  url.hash = "";
  return url.href;
}

/** Does a PRM `resource` identify this server? Same origin and a path prefix of the endpoint. */
export function resourceMatches(prmResource: string, serverUrl: URL): boolean {
  let resource: URL;
  try {
    resource = new URL(prmResource);
  } catch {
    return false;
  }
  if (resource.origin !== serverUrl.origin) return false;
  const prefix = resource.pathname.endsWith("/") ? resource.pathname : `${resource.pathname}/`;
  return serverUrl.pathname === resource.pathname || serverUrl.pathname.startsWith(prefix) || resource.pathname === "/";
}

/** PRM locations in priority order [RFC 9728 § 3; S26:basic/authorization § Protected Resource Metadata Discovery]. */
export function protectedResourceMetadataUrls(serverUrl: URL, fromChallenge: string | undefined): string[] {
  if (fromChallenge !== undefined) return [new URL(fromChallenge, serverUrl).href];
  const urls: string[] = [];
  const path = serverUrl.pathname.replace(/\/$/, "");
  if (path !== "") urls.push(new URL(`/.well-known/oauth-protected-resource${path}`, serverUrl).href);
  urls.push(new URL("/.well-known/oauth-protected-resource", serverUrl).href);
  return urls;
}

/** AS metadata locations in the spec's priority order [S26:basic/authorization § Authorization Server Metadata Discovery]. */
export function authorizationServerMetadataUrls(issuer: string): string[] {
  const url = new URL(issuer);
  const path = url.pathname.replace(/\/$/, "");
  if (path === "") {
    return [new URL("/.well-known/oauth-authorization-server", url).href, new URL("/.well-known/openid-configuration", url).href];
  }
  return [
    new URL(`/.well-known/oauth-authorization-server${path}`, url).href,
    new URL(`/.well-known/openid-configuration${path}`, url).href,
    new URL(`${path}/.well-known/openid-configuration`, url).href,
  ];
}

export class OAuthClient {
  private readonly options: OAuthOptions;
  private readonly fetchImpl: typeof fetch;
  private accessToken: string | undefined;
  private grantedScopes = new Set<string>();
  /** A refresh token and the authorization server that issued it (never sent to another one). */
  private refresh: { token: string; issuer: string; resource: string } | undefined;
  /** Registrations per authorization server: a new AS (migration) means a new registration. */
  private readonly registrations = new Map<string, OAuthClientInformation>();

  constructor(options: OAuthOptions) {
    this.options = options;
    this.fetchImpl = options.fetch ?? globalThis.fetch;
  }

  get maxAttempts(): number {
    return this.options.maxAttempts ?? 3;
  }

  /** Headers to add to every MCP request. */
  authorizationHeaders(): Record<string, string> {
    return this.accessToken === undefined ? {} : { Authorization: `Bearer ${this.accessToken}` };
  }

  /**
   * React to a 401 or a 403 `insufficient_scope`: run the flow and return true when a new
   * token is ready (the caller then repeats its request), false when the response was not
   * an OAuth challenge the client can act on.
   */
  async handleChallenge(response: Response, serverUrl: URL): Promise<boolean> {
    const challenge = parseAuthenticateHeader(response.headers.get("www-authenticate") ?? "");
    if (response.status === 403 && challenge.error !== "insufficient_scope") return false;
    if (response.status !== 401 && response.status !== 403) return false;
    const prm = await this.fetchProtectedResourceMetadata(serverUrl, challenge.params.resource_metadata);
    const prmResource = typeof prm.resource === "string" ? prm.resource : undefined;
    if (prmResource !== undefined && !resourceMatches(prmResource, serverUrl)) {
      throw new McpClientError("auth-required", `protected resource metadata names resource ${prmResource}, which is not ${serverUrl.href}; refusing to authorize`);
    }
    const servers = Array.isArray(prm.authorization_servers) ? prm.authorization_servers.filter((s): s is string => typeof s === "string") : [];
    const issuer = servers[0];
    if (issuer === undefined) throw new McpClientError("auth-required", "protected resource metadata lists no authorization server");
    const as = await this.fetchAuthorizationServer(issuer);
    const requested = new Set<string>();
    const fromChallenge = challenge.params.scope;
    const supportedByPrm = Array.isArray(prm.scopes_supported) ? prm.scopes_supported.filter((s): s is string => typeof s === "string") : [];
    const base = fromChallenge !== undefined ? fromChallenge.split(" ") : supportedByPrm.length > 0 ? supportedByPrm : this.options.scope !== undefined ? this.options.scope.split(" ") : [];
    for (const s of base) if (s !== "") requested.add(s);
    // Step-up keeps what was granted before [SEP-2350: union on re-authorization].
    if (response.status === 403) for (const s of this.grantedScopes) requested.add(s);
    const asScopes = Array.isArray(as.metadata.scopes_supported) ? as.metadata.scopes_supported : [];
    const grants = Array.isArray(as.metadata.grant_types_supported) ? as.metadata.grant_types_supported : [];
    if (requested.size > 0 && asScopes.includes("offline_access") && grants.includes("refresh_token")) requested.add("offline_access");
    const client = await this.clientFor(as);
    // An expired token (401, same authorization server) is renewed with the refresh token
    // first; a step-up (403) needs new consent, so it always goes through authorization.
    if (response.status === 401 && this.refresh !== undefined && this.refresh.issuer === as.issuer && (await this.refreshToken(as, client))) return true;
    await this.authorize(as, client, serverUrl, prmResource, [...requested]);
    return true;
  }

  private async getJson(url: string): Promise<Record<string, unknown> | undefined> {
    // Metadata discovery sends the newest revision that defines it (2025-11-25 basic/authorization).
    const response = await this.fetchImpl(url, { headers: { Accept: "application/json", [HEADER_PROTOCOL_VERSION]: LEGACY_REVISIONS[0] } });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      return undefined;
    }
    const body = (await response.json().catch(() => undefined)) as unknown;
    return typeof body === "object" && body !== null ? (body as Record<string, unknown>) : undefined;
  }

  private async fetchProtectedResourceMetadata(serverUrl: URL, fromChallenge: string | undefined): Promise<Record<string, unknown>> {
    for (const url of protectedResourceMetadataUrls(serverUrl, fromChallenge)) {
      const document = await this.getJson(url);
      if (document !== undefined) return document;
    }
    throw new McpClientError("auth-required", `no protected resource metadata found for ${serverUrl.href}`);
  }

  private async fetchAuthorizationServer(issuer: string): Promise<AuthorizationServer> {
    for (const url of authorizationServerMetadataUrls(issuer)) {
      const metadata = await this.getJson(url);
      if (metadata === undefined) continue;
      // RFC 8414 § 3.3: the issuer in the document must be the one we asked for.
      if (metadata.issuer !== issuer) {
        throw new McpClientError("auth-required", `authorization server metadata issuer ${String(metadata.issuer)} does not match ${issuer}`);
      }
      return { issuer, metadata };
    }
    throw new McpClientError("auth-required", `no authorization server metadata found for ${issuer}`);
  }

  private async clientFor(as: AuthorizationServer): Promise<OAuthClientInformation> {
    if (this.options.clientInformation !== undefined) return this.options.clientInformation;
    const known = this.registrations.get(as.issuer);
    if (known !== undefined) return known;
    if (this.options.clientMetadataUrl !== undefined && as.metadata.client_id_metadata_document_supported === true) {
      const cimd = { client_id: this.options.clientMetadataUrl };
      this.registrations.set(as.issuer, cimd);
      return cimd;
    }
    const endpoint = as.metadata.registration_endpoint;
    if (typeof endpoint !== "string") throw new McpClientError("auth-required", "the authorization server supports no registration and no client credentials were configured");
    const methods = Array.isArray(as.metadata.token_endpoint_auth_methods_supported) ? as.metadata.token_endpoint_auth_methods_supported : ["client_secret_basic"];
    const method = methods.includes("none") ? "none" : methods.includes("client_secret_basic") ? "client_secret_basic" : "client_secret_post";
    const response = await this.fetchImpl(endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({
        client_name: this.options.clientName ?? "mcp-gen client",
        redirect_uris: [this.options.redirectUrl],
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        token_endpoint_auth_method: method,
        // SEP-837: a loopback redirect means a native application.
        application_type: "native",
      }),
    });
    if (!response.ok) throw new McpClientError("auth-required", `client registration failed with HTTP ${response.status}`, { status: response.status });
    const registered = (await response.json()) as OAuthClientInformation;
    this.registrations.set(as.issuer, registered);
    return registered;
  }

  private async openAuthorization(url: URL): Promise<URL> {
    if (this.options.openAuthorization !== undefined) return this.options.openAuthorization(url);
    const response = await this.fetchImpl(url, { redirect: "manual" });
    await response.body?.cancel().catch(() => undefined);
    const location = response.headers.get("location");
    if (location === null) throw new McpClientError("auth-required", `the authorization endpoint did not redirect (HTTP ${response.status})`);
    return new URL(location, url);
  }

  private async authorize(as: AuthorizationServer, client: OAuthClientInformation, serverUrl: URL, prmResource: string | undefined, scopes: string[]): Promise<void> {
    const authorizationEndpoint = as.metadata.authorization_endpoint;
    const tokenEndpoint = as.metadata.token_endpoint;
    if (typeof authorizationEndpoint !== "string" || typeof tokenEndpoint !== "string") {
      throw new McpClientError("auth-required", "authorization server metadata lacks its endpoints");
    }
    const verifier = base64url(randomBytes(32));
    const challenge = base64url(createHash("sha256").update(verifier).digest());
    const state = base64url(randomBytes(16));
    // RFC 8707 + RFC 9728: send the resource identifier exactly as the PRM publishes it
    // (already checked to identify this server); the endpoint URL only when it names none.
    const resource = prmResource ?? canonicalResource(serverUrl);
    const url = new URL(authorizationEndpoint);
    url.searchParams.set("response_type", "code");
    url.searchParams.set("client_id", client.client_id);
    url.searchParams.set("redirect_uri", this.options.redirectUrl);
    url.searchParams.set("state", state);
    url.searchParams.set("code_challenge", challenge);
    url.searchParams.set("code_challenge_method", "S256");
    url.searchParams.set("resource", resource);
    if (scopes.length > 0) url.searchParams.set("scope", scopes.join(" "));
    const redirect = await this.openAuthorization(url);
    if (redirect.searchParams.get("error") !== null) {
      throw new McpClientError("auth-required", `authorization failed: ${redirect.searchParams.get("error")} ${redirect.searchParams.get("error_description") ?? ""}`.trim());
    }
    if (redirect.searchParams.getAll("state").length !== 1 || redirect.searchParams.get("state") !== state) {
      throw new McpClientError("auth-required", "the authorization response carried a different state");
    }
    // RFC 9207: exact comparison, no normalization; required when the AS advertises it.
    const iss = redirect.searchParams.getAll("iss");
    if (iss.length > 1 || (iss.length === 1 && iss[0] !== as.issuer)) throw new McpClientError("auth-required", `the authorization response came from issuer ${iss.join(",")}, expected ${as.issuer}`);
    if (iss.length === 0 && as.metadata.authorization_response_iss_parameter_supported === true) {
      throw new McpClientError("auth-required", "the authorization server advertises the iss parameter but the response lacks it");
    }
    const code = redirect.searchParams.get("code");
    if (code === null || code === "") throw new McpClientError("auth-required", "the authorization response carried no code");
    const form = new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: this.options.redirectUrl, code_verifier: verifier, resource });
    const body = await this.tokenRequest(as, client, form);
    if (body === undefined) throw new McpClientError("auth-required", "token request failed");
    this.acceptTokens(as, resource, body, scopes);
  }

  private acceptTokens(as: AuthorizationServer, resource: string, body: Record<string, unknown>, requestedScopes: string[]): void {
    this.accessToken = body.access_token as string;
    const granted = typeof body.scope === "string" ? body.scope.split(" ") : requestedScopes;
    this.grantedScopes = new Set(granted.filter((s) => s !== ""));
    if (typeof body.refresh_token === "string") this.refresh = { token: body.refresh_token, issuer: as.issuer, resource };
  }

  /** RFC 6749 § 6 refresh, bound to the same resource; false when the AS refuses it. */
  private async refreshToken(as: AuthorizationServer, client: OAuthClientInformation): Promise<boolean> {
    const refresh = this.refresh;
    if (refresh === undefined) return false;
    this.refresh = undefined; // single use: a refused refresh token is not tried again
    const form = new URLSearchParams({ grant_type: "refresh_token", refresh_token: refresh.token, resource: refresh.resource });
    const body = await this.tokenRequest(as, client, form, false);
    if (body === undefined) return false;
    if (body.refresh_token === undefined) body.refresh_token = refresh.token;
    this.acceptTokens(as, refresh.resource, body, [...this.grantedScopes]);
    return true;
  }

  /** POST to the token endpoint with the client authentication the AS supports. */
  private async tokenRequest(as: AuthorizationServer, client: OAuthClientInformation, form: URLSearchParams, throwOnError = true): Promise<Record<string, unknown> | undefined> {
    const tokenEndpoint = as.metadata.token_endpoint as string;
    const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" };
    const methods = Array.isArray(as.metadata.token_endpoint_auth_methods_supported) ? as.metadata.token_endpoint_auth_methods_supported : ["client_secret_basic"];
    if (client.client_secret === undefined || methods.includes("none") && !methods.includes("client_secret_basic") && !methods.includes("client_secret_post")) {
      form.set("client_id", client.client_id);
    } else if (methods.includes("client_secret_basic")) {
      headers.Authorization = `Basic ${Buffer.from(`${encodeURIComponent(client.client_id)}:${encodeURIComponent(client.client_secret)}`).toString("base64")}`;
    } else {
      form.set("client_id", client.client_id);
      form.set("client_secret", client.client_secret);
    }
    const response = await this.fetchImpl(tokenEndpoint, { method: "POST", headers, body: form.toString() });
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok || typeof body.access_token !== "string") {
      if (!throwOnError) return undefined;
      throw new McpClientError("auth-required", `token request failed with HTTP ${response.status}: ${String(body.error ?? "")}`, { status: response.status });
    }
    return body;
  }
}
