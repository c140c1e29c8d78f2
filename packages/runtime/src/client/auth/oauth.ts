// OAuth 2.1 authorization for the HTTP transport [S25/S26:basic/authorization], for people
// and for machines.
//
// On a 401 (or a 403 `insufficient_scope`) from the MCP server: discovery (discovery.ts: PRM,
// its `resource` checked, AS metadata with its `issuer` checked), the scope (challenge, else
// PRM `scopes_supported`, else the configured one; `offline_access` when the AS lists it; the
// union with what was granted on a step-up, SEP-2350), the client identity (configured, else a
// stored registration, else CIMD, else dynamic registration, RFC 7591), then the configured
// grant (grants/): authorization code + PKCE (default), client credentials, the JWT bearer
// grant with a workload token, or enterprise-managed authorization. An expired token is first
// renewed with the refresh token of the same AS.
//
// Tokens are renewed before they expire (`refreshSkewMs`), one renewal in flight whatever the
// number of concurrent requests. With `dpop: true` every token and resource request carries a
// fresh DPoP proof (dpop.ts) and server nonces are honoured. With a `store` (store/), tokens,
// the registration and the DPoP key survive a restart. No third-party OAuth library.

import { McpClientError } from "../errors.js";
import { chooseAuthMethod, type OAuthClientInformation } from "./client-authentication.js";
import { canonicalResource, fetchAuthorizationServer, fetchProtectedResourceMetadata, resourceMatches, stringList, type AuthorizationServer } from "./discovery.js";
import { DpopKey, HEADER_DPOP } from "./dpop.js";
import { OAuthError } from "./errors.js";
import { authorizationCodeForm } from "./grants/authorization-code.js";
import { clientCredentialsForm } from "./grants/client-credentials.js";
import { enterpriseForm } from "./grants/enterprise.js";
import { jwtBearerForm } from "./grants/jwt-bearer.js";
import type { GrantContext, GrantOptions } from "./grants/types.js";
import { MemoryCredentialStore } from "./store/memory.js";
import { credentialKey, type CredentialStore, type StoredCredential } from "./store/types.js";
import { requestToken, type TokenResponse } from "./token-endpoint.js";
import { parseAuthenticateHeader } from "./www-authenticate.js";

export type { OAuthClientInformation } from "./client-authentication.js";
export { authorizationServerMetadataUrls, canonicalResource, protectedResourceMetadataUrls, resourceMatches } from "./discovery.js";

export interface OAuthOptions {
  /** Where the authorization server sends the user back (authorization code grant only). */
  redirectUrl?: string;
  clientName?: string;
  /** Pre-registered credentials (secret and/or private key): skip registration. */
  clientInformation?: OAuthClientInformation;
  /** A Client ID Metadata Document URL, used as client_id when the AS supports it. */
  clientMetadataUrl?: string;
  /** Scope to request when neither the challenge nor the PRM names one. */
  scope?: string;
  /** Opens the authorization URL and resolves with the final redirect URL (code, state, iss). */
  openAuthorization?: (authorizationUrl: URL) => Promise<URL>;
  /** Authorization attempts per request (initial + step-ups + nonce retries) before giving up (default 3). */
  maxAttempts?: number;
  fetch?: typeof fetch;
  /** How to obtain tokens (default: the authorization code grant). */
  grant?: GrantOptions;
  /** Where tokens, the registration and the DPoP key live (default: memory). */
  store?: CredentialStore;
  /** Bind tokens to a DPoP key (RFC 9449) and prove possession on every request (default false). */
  dpop?: boolean;
  /** Renew a token this long before it expires (default 30 000 ms). */
  refreshSkewMs?: number;
}

export class OAuthClient {
  private readonly options: OAuthOptions;
  private readonly fetchImpl: typeof fetch;
  private readonly store: CredentialStore;
  private readonly grant: GrantOptions;
  private credential: StoredCredential | undefined;
  private key: string | undefined;
  private loading: Promise<void> | undefined;
  /** The one token acquisition in flight (challenge, refresh or re-grant); concurrent callers share it. */
  private inflight: Promise<void> | undefined;
  private dpopKey: DpopKey | undefined;
  private readonly servers = new Map<string, AuthorizationServer>();
  /** Registrations per authorization server: a new AS (migration) means a new registration. */
  private readonly registrations = new Map<string, OAuthClientInformation>();
  /** Token requests made (grants and refreshes), for diagnostics and tests. */
  tokenRequests = 0;

  constructor(options: OAuthOptions) {
    this.options = options;
    this.fetchImpl = options.fetch ?? globalThis.fetch;
    this.store = options.store ?? new MemoryCredentialStore();
    this.grant = options.grant ?? { type: "authorization_code" };
  }

  get maxAttempts(): number {
    return this.options.maxAttempts ?? 3;
  }

  /** Bearer header of the current token (no DPoP, no renewal); `headersFor` is the full form. */
  authorizationHeaders(): Record<string, string> {
    const token = this.credential?.accessToken;
    return token === undefined ? {} : { Authorization: `Bearer ${token}` };
  }

  /** Headers for one MCP request: the token (renewed first when about to expire) and its DPoP proof. */
  async headersFor(method: string, url: URL): Promise<Record<string, string>> {
    await this.load(url);
    const expiresAt = this.credential?.expiresAt;
    if (expiresAt !== undefined && expiresAt - Date.now() < (this.options.refreshSkewMs ?? 30_000)) await this.once(() => this.renew());
    const credential = this.credential;
    if (credential?.accessToken === undefined) return {};
    if (credential.tokenType?.toLowerCase() === "dpop" && this.dpopKey !== undefined) {
      return { Authorization: `DPoP ${credential.accessToken}`, [HEADER_DPOP]: await this.dpopKey.proof(method, url, credential.accessToken) };
    }
    return { Authorization: `Bearer ${credential.accessToken}` };
  }

  /**
   * React to a 401 or a 403 `insufficient_scope`: run the flow and return true when a new
   * token (or a new DPoP nonce) is ready and the caller should repeat its request, false when
   * the response was not an OAuth challenge the client can act on. `sentAuthorization` is the
   * Authorization header the refused request carried ("" for none), so that a request that
   * raced another one's authorization is simply repeated with the token that one obtained.
   */
  async handleChallenge(response: Response, serverUrl: URL, sentAuthorization?: string): Promise<boolean> {
    if (response.status !== 401 && response.status !== 403) return false;
    const challenge = parseAuthenticateHeader(response.headers.get("www-authenticate") ?? "");
    // RFC 9449 § 9: the resource server wants a nonce in the proof; retry with it.
    if (challenge.error === "use_dpop_nonce" && this.dpopKey !== undefined) return this.dpopKey.observe(serverUrl, response);
    if (response.status === 403 && challenge.error !== "insufficient_scope") return false;
    if (this.inflight !== undefined) {
      // Another request is already getting a token: use that one.
      await this.inflight;
      return true;
    }
    // A 401 to a request sent before another one obtained a token: just send it again with the new token.
    const token = this.credential?.accessToken;
    if (response.status === 401 && sentAuthorization !== undefined && token !== undefined && !sentAuthorization.endsWith(` ${token}`)) return true;
    await this.once(() => this.authorizeFor(response.status, challenge.params, serverUrl));
    return true;
  }

  private once(task: () => Promise<void>): Promise<void> {
    this.inflight ??= task().finally(() => {
      this.inflight = undefined;
    });
    return this.inflight;
  }

  private load(url: URL): Promise<void> {
    this.loading ??= (async () => {
      this.key = credentialKey(url);
      const stored = await this.store.get(this.key);
      if (stored === undefined) return;
      if (stored.dpopKey !== undefined && this.options.dpop === true) this.dpopKey = await DpopKey.restore(stored.dpopKey);
      if (stored.registration !== undefined) this.registrations.set(stored.issuer, stored.registration);
      // A token bound to a key we do not hold is useless: drop it (refresh tokens may still serve).
      if (stored.tokenType?.toLowerCase() === "dpop" && this.dpopKey === undefined) {
        delete stored.accessToken;
        delete stored.tokenType;
      }
      this.credential = stored;
    })();
    return this.loading;
  }

  private async authorizeFor(status: number, params: Record<string, string>, serverUrl: URL): Promise<void> {
    await this.load(serverUrl);
    const prm = await fetchProtectedResourceMetadata(this.fetchImpl, serverUrl, params.resource_metadata);
    const prmResource = typeof prm.resource === "string" ? prm.resource : undefined;
    if (prmResource !== undefined && !resourceMatches(prmResource, serverUrl)) {
      throw new McpClientError("auth-required", `protected resource metadata names resource ${prmResource}, which is not ${serverUrl.href}; refusing to authorize`);
    }
    const issuer = stringList(prm.authorization_servers)[0];
    if (issuer === undefined) throw new McpClientError("auth-required", "protected resource metadata lists no authorization server");
    const as = await this.authorizationServer(issuer);
    // RFC 8707 + RFC 9728: the resource exactly as the PRM publishes it, else the endpoint URL.
    const resource = prmResource ?? canonicalResource(serverUrl);
    const requested = new Set<string>();
    const supportedByPrm = stringList(prm.scopes_supported);
    const base = params.scope !== undefined ? params.scope.split(" ") : supportedByPrm.length > 0 ? supportedByPrm : this.options.scope !== undefined ? this.options.scope.split(" ") : [];
    for (const s of base) if (s !== "") requested.add(s);
    if (status === 403) for (const s of this.credential?.scopes ?? []) requested.add(s);
    const interactive = this.grant.type === "authorization_code";
    const asScopes = stringList(as.metadata.scopes_supported);
    if (interactive && requested.size > 0 && asScopes.includes("offline_access") && stringList(as.metadata.grant_types_supported).includes("refresh_token")) requested.add("offline_access");
    // An expired token (401, same AS, same resource) is renewed with the refresh token first;
    // a step-up (403) needs new consent, so it always goes through the grant.
    const current = this.credential;
    if (status === 401 && current?.refreshToken !== undefined && current.issuer === as.issuer && current.resource === resource && (await this.refresh(as))) return;
    const client = await this.clientFor(as);
    await this.runGrant(as, client, resource, [...requested]);
  }

  private async authorizationServer(issuer: string): Promise<AuthorizationServer> {
    let as = this.servers.get(issuer);
    if (as === undefined) {
      as = await fetchAuthorizationServer(this.fetchImpl, issuer);
      this.servers.set(issuer, as);
    }
    return as;
  }

  private async clientFor(as: AuthorizationServer): Promise<OAuthClientInformation | undefined> {
    if (this.options.clientInformation !== undefined) return this.options.clientInformation;
    const known = this.registrations.get(as.issuer);
    if (known !== undefined) return known;
    // Workload tokens carry the workload's identity; no registration is needed.
    if (this.grant.type === "jwt_bearer") return undefined;
    if (this.options.clientMetadataUrl !== undefined && as.metadata.client_id_metadata_document_supported === true) {
      const cimd = { client_id: this.options.clientMetadataUrl };
      this.registrations.set(as.issuer, cimd);
      return cimd;
    }
    const endpoint = as.metadata.registration_endpoint;
    if (typeof endpoint !== "string") throw new McpClientError("auth-required", "the authorization server supports no registration and no client credentials were configured");
    const methods = Array.isArray(as.metadata.token_endpoint_auth_methods_supported) ? as.metadata.token_endpoint_auth_methods_supported : ["client_secret_basic"];
    const method = methods.includes("none") ? "none" : methods.includes("client_secret_basic") ? "client_secret_basic" : "client_secret_post";
    const interactive = this.grant.type === "authorization_code";
    if (interactive && this.options.redirectUrl === undefined) throw new OAuthError("auth-config", "the authorization code grant needs redirectUrl");
    const response = await this.fetchImpl(endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({
        client_name: this.options.clientName ?? "mcp-gen client",
        ...(interactive ? { redirect_uris: [this.options.redirectUrl], response_types: ["code"], grant_types: ["authorization_code", "refresh_token"] } : { grant_types: ["client_credentials"], response_types: [] }),
        token_endpoint_auth_method: method,
        // SEP-837: a loopback redirect means a native application.
        application_type: "native",
        ...(this.options.dpop === true ? { dpop_bound_access_tokens: true } : {}),
      }),
    });
    if (!response.ok) throw new McpClientError("auth-required", `client registration failed with HTTP ${response.status}`, { status: response.status });
    const registered = (await response.json().catch(() => undefined)) as OAuthClientInformation | undefined;
    if (typeof registered?.client_id !== "string") throw new OAuthError("auth-bad-response", "client registration answered without a client_id");
    this.registrations.set(as.issuer, registered);
    return registered;
  }

  private async dpop(): Promise<DpopKey | undefined> {
    if (this.options.dpop !== true) return undefined;
    this.dpopKey ??= await DpopKey.generate();
    return this.dpopKey;
  }

  private async runGrant(as: AuthorizationServer, client: OAuthClientInformation | undefined, resource: string, scopes: string[]): Promise<void> {
    const ctx: GrantContext = { fetch: this.fetchImpl, as, resource, scopes, clientId: client?.client_id };
    let form: URLSearchParams;
    switch (this.grant.type) {
      case "authorization_code":
        if (this.options.redirectUrl === undefined) throw new OAuthError("auth-config", "the authorization code grant needs redirectUrl");
        form = await authorizationCodeForm(ctx, { redirectUrl: this.options.redirectUrl, ...(this.options.openAuthorization ? { openAuthorization: this.options.openAuthorization } : {}) });
        break;
      case "client_credentials":
        if (client === undefined) throw new OAuthError("auth-config", "the client credentials grant needs clientInformation");
        form = clientCredentialsForm(ctx);
        break;
      case "jwt_bearer":
        form = await jwtBearerForm(ctx, this.grant.assertion);
        break;
      case "enterprise":
        form = await enterpriseForm(ctx, this.grant.idp);
        break;
    }
    const answer = await this.tokenRequest(as, client, form);
    await this.accept(as, resource, answer, scopes, client);
  }

  private async tokenRequest(as: AuthorizationServer, client: OAuthClientInformation | undefined, form: URLSearchParams): Promise<TokenResponse> {
    const endpoint = as.metadata.token_endpoint;
    if (typeof endpoint !== "string") throw new McpClientError("auth-required", "authorization server metadata lacks its token endpoint");
    this.tokenRequests++;
    // No client at all (a workload token alone): the assertion is the only credential.
    return requestToken({ fetch: this.fetchImpl, endpoint, issuer: as.issuer, form, client, method: client === undefined ? "none" : chooseAuthMethod(client, as.metadata), dpop: await this.dpop() });
  }

  private async accept(as: AuthorizationServer, resource: string, answer: TokenResponse, requested: string[], client: OAuthClientInformation | undefined): Promise<void> {
    const granted = answer.scope !== undefined ? answer.scope.split(" ") : requested;
    const registration = client !== undefined && client !== this.options.clientInformation ? client : undefined;
    const previous = this.credential;
    const credential: StoredCredential = {
      server: this.key ?? "",
      resource,
      issuer: as.issuer,
      accessToken: answer.access_token,
      tokenType: answer.token_type,
      scopes: granted.filter((s) => s !== ""),
      ...(answer.expires_in !== undefined ? { expiresAt: Date.now() + answer.expires_in * 1000 } : {}),
      // RFC 6749 § 6: a refresh answer without a new refresh token keeps the old one.
      ...(answer.refresh_token !== undefined ? { refreshToken: answer.refresh_token } : previous?.refreshToken !== undefined && previous.issuer === as.issuer ? { refreshToken: previous.refreshToken } : {}),
      ...(registration !== undefined ? { registration } : {}),
      ...(this.dpopKey !== undefined ? { dpopKey: this.dpopKey.exportPrivate() } : {}),
    };
    this.credential = credential;
    if (this.key !== undefined) await this.store.set(this.key, credential);
  }

  /** RFC 6749 § 6 refresh, bound to the same resource; false when the AS refuses it (the refresh token is then dropped). */
  private async refresh(as: AuthorizationServer): Promise<boolean> {
    const current = this.credential;
    if (current?.refreshToken === undefined) return false;
    const client = await this.clientFor(as);
    const form = new URLSearchParams({ grant_type: "refresh_token", refresh_token: current.refreshToken, resource: current.resource });
    try {
      const answer = await this.tokenRequest(as, client, form);
      await this.accept(as, current.resource, answer, current.scopes ?? [], client);
      return true;
    } catch (error) {
      if (!(error instanceof OAuthError) || error.reason !== "auth-refused") throw error;
      const { refreshToken: _dropped, ...rest } = current;
      this.credential = rest;
      return false;
    }
  }

  /** Before expiry: refresh, else (machines) run the grant again; a person's grant waits for the 401. */
  private async renew(): Promise<void> {
    const current = this.credential;
    if (current === undefined || current.expiresAt === undefined || current.expiresAt - Date.now() >= (this.options.refreshSkewMs ?? 30_000)) return;
    const as = await this.authorizationServer(current.issuer);
    if (await this.refresh(as)) return;
    if (this.grant.type === "authorization_code") return;
    await this.runGrant(as, await this.clientFor(as), current.resource, current.scopes ?? []);
  }
}
