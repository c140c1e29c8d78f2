// A real OAuth 2.1 / OpenID Connect authorization server for the auth tests: the certified
// `oidc-provider`, on 127.0.0.1, with resource indicators (RFC 8707) issuing JWT access tokens
// (RFC 9068) for the MCP resource, dynamic client registration (RFC 7591), PKCE, client
// credentials, refresh tokens and introspection (RFC 7662).
//
// Consent is non-interactive: the provider's interaction URL is served by a middleware that logs
// in `server.user` (settable per test, so user A and user B can be told apart) and grants every
// scope the client asked for. A test's "browser" is `authorize()`: it follows the redirects with
// a cookie jar until the provider redirects back to the client's redirect_uri.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";
import Provider from "oidc-provider";

export interface AuthorizationServer {
  readonly issuer: string;
  readonly jwksUri: string;
  /** Private signing key (the public half is what jwks_uri publishes), to mint edge-case tokens. */
  readonly privateKey: CryptoKey;
  readonly kid: string;
  /** The user the auto-consent logs in. */
  user: string;
  /** Counts JWKS fetches (the verifier's cache is measured by it). */
  readonly jwksFetches: number;
  /** Adds a confidential client for client_credentials / introspection. */
  addClient(clientId: string, clientSecret: string): Promise<void>;
  /** Adds a client_credentials client that authenticates with private_key_jwt (RFC 7523) under this public key. */
  addKeyClient(clientId: string, publicJwk: JWK, alg: string): Promise<void>;
  /** A client_credentials JWT access token for `resource` (sub = the client id). */
  clientToken(clientId: string, clientSecret: string, resource: string, scope: string): Promise<string>;
  /** A client_credentials token bound to `proofKey` (RFC 9449), asked for with a DPoP proof. */
  dpopClientToken(clientId: string, clientSecret: string, resource: string, scope: string, proof: (htm: string, htu: string) => Promise<string>): Promise<{ token: string; tokenType: string }>;
  /** Signs a token with the provider's own key, with these claims (for bad-token tests). */
  sign(claims: Record<string, unknown>, header?: Record<string, unknown>): Promise<string>;
  /** Follows an authorization URL through login and consent; resolves with the redirect back. */
  authorize(url: string | URL, redirectUri: string): Promise<URL>;
  close(): Promise<void>;
}

export interface AuthorizationServerOptions {
  /** Scopes the MCP resource offers. */
  scopes: readonly string[];
  /** Access token lifetime in seconds. Default 600. */
  accessTokenTtl?: number;
  /** "opaque" for introspection tests: oidc-provider refuses to introspect JWT access tokens. Default "jwt". */
  accessTokenFormat?: "jwt" | "opaque";
}

export async function startAuthorizationServer(options: AuthorizationServerOptions): Promise<AuthorizationServer> {
  const kid = "test-key-1";
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const privateJwk: JWK = { ...(await exportJWK(privateKey)), kid, alg: "RS256", use: "sig" };
  void publicKey;

  // Listen first: the issuer URL needs the port.
  const http: Server = createServer();
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const resourceScope = options.scopes.join(" ");
  const staticClients: Array<Record<string, unknown>> = [];

  const configuration: Record<string, unknown> = {
    clients: staticClients,
    jwks: { keys: [privateJwk] },
    cookies: { keys: ["auth-tests-cookie-key"] },
    findAccount: async (_ctx: unknown, id: string) => ({ accountId: id, claims: async () => ({ sub: id }) }),
    scopes: ["openid", "offline_access", ...options.scopes],
    pkce: { required: () => true },
    clientBasedCORS: () => true,
    ttl: { AccessToken: options.accessTokenTtl ?? 600, ClientCredentials: options.accessTokenTtl ?? 600, Interaction: 600, Session: 3600, Grant: 3600, RefreshToken: 3600, AuthorizationCode: 60 },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    issueRefreshToken: async () => true,
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true },
      clientCredentials: { enabled: true },
      dPoP: { enabled: true },
      introspection: { enabled: true },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => undefined,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx: unknown, resource: string) => ({
          scope: resourceScope,
          audience: resource,
          accessTokenTTL: options.accessTokenTtl ?? 600,
          accessTokenFormat: options.accessTokenFormat ?? "jwt",
          jwt: { sign: { alg: "RS256" } },
        }),
      },
    },
  };
  const provider = new Provider(issuer, configuration as never);
  const state = { user: "alice", jwksFetches: 0 };

  // Auto-consent: log in state.user, grant what was asked. Runs in the provider's Koa app.
  provider.use(async (ctx, next) => {
    if (ctx.path === "/jwks") state.jwksFetches++;
    if (!ctx.path.startsWith("/interaction/")) return next();
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    const prompt = details.prompt as { name: string; details: Record<string, unknown> };
    let result: Record<string, unknown>;
    if (prompt.name === "login") {
      result = { login: { accountId: state.user } };
    } else {
      const grantId = details.grantId as string | undefined;
      const grant = grantId
        ? await provider.Grant.find(grantId)
        : new provider.Grant({ accountId: details.session?.accountId as string, clientId: details.params["client_id"] as string });
      if (!grant) throw new Error("grant vanished");
      const missingOidc = prompt.details["missingOIDCScope"] as string[] | undefined;
      if (missingOidc) grant.addOIDCScope(missingOidc.join(" "));
      const missingResource = prompt.details["missingResourceScopes"] as Record<string, string[]> | undefined;
      if (missingResource) for (const [indicator, scopes] of Object.entries(missingResource)) grant.addResourceScope(indicator, scopes.join(" "));
      result = { consent: { grantId: await grant.save() } };
    }
    const redirectTo = await provider.interactionResult(ctx.req, ctx.res, result, { mergeWithLastSubmission: false });
    ctx.status = 303;
    ctx.redirect(redirectTo);
  });
  http.on("request", provider.callback());

  const basic = (id: string, secret: string): string => `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;

  return {
    issuer,
    jwksUri: `${issuer}/jwks`,
    privateKey,
    kid,
    get user() {
      return state.user;
    },
    set user(value: string) {
      state.user = value;
    },
    get jwksFetches() {
      return state.jwksFetches;
    },
    async addClient(clientId, clientSecret) {
      // Static clients are read at construction; later ones go in through the provider's adapter.
      const client = {
        client_id: clientId,
        client_secret: clientSecret,
        grant_types: ["client_credentials"],
        response_types: [],
        redirect_uris: [],
        token_endpoint_auth_method: "client_secret_basic",
        scope: resourceScope,
      };
      await (provider.Client as unknown as { adapter: { upsert(id: string, payload: unknown): Promise<void> } }).adapter.upsert(clientId, client);
    },
    async addKeyClient(clientId, publicJwk, alg) {
      const client = {
        client_id: clientId,
        grant_types: ["client_credentials"],
        response_types: [],
        redirect_uris: [],
        token_endpoint_auth_method: "private_key_jwt",
        token_endpoint_auth_signing_alg: alg,
        jwks: { keys: [{ ...publicJwk, alg, use: "sig" }] },
        scope: resourceScope,
      };
      await (provider.Client as unknown as { adapter: { upsert(id: string, payload: unknown): Promise<void> } }).adapter.upsert(clientId, client);
    },
    async clientToken(clientId, clientSecret, resource, scope) {
      const response = await fetch(`${issuer}/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", authorization: basic(clientId, clientSecret) },
        body: new URLSearchParams({ grant_type: "client_credentials", resource, scope }).toString(),
      });
      const body = (await response.json()) as Record<string, unknown>;
      if (response.status !== 200) throw new Error(`token endpoint answered ${response.status}: ${JSON.stringify(body)}`);
      return body["access_token"] as string;
    },
    async dpopClientToken(clientId, clientSecret, resource, scope, proof) {
      const response = await fetch(`${issuer}/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", authorization: basic(clientId, clientSecret), dpop: await proof("POST", `${issuer}/token`) },
        body: new URLSearchParams({ grant_type: "client_credentials", resource, scope }).toString(),
      });
      const body = (await response.json()) as Record<string, unknown>;
      if (response.status !== 200) throw new Error(`token endpoint answered ${response.status}: ${JSON.stringify(body)}`);
      return { token: body["access_token"] as string, tokenType: body["token_type"] as string };
    },
    async sign(claims, header = {}) {
      return new SignJWT(claims).setProtectedHeader({ alg: "RS256", typ: "at+jwt", kid, ...header }).sign(privateKey);
    },
    async authorize(url, redirectUri) {
      const cookies = new Map<string, string>();
      let next = new URL(url);
      for (let hop = 0; hop < 20; hop++) {
        if (next.href.startsWith(redirectUri)) return next;
        const response = await fetch(next, {
          redirect: "manual",
          headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
        });
        for (const line of response.headers.getSetCookie()) {
          const [pair] = line.split(";");
          const eq = (pair as string).indexOf("=");
          cookies.set((pair as string).slice(0, eq), (pair as string).slice(eq + 1));
        }
        const location = response.headers.get("location");
        if (!location) throw new Error(`authorization stopped at ${next.pathname} with ${response.status}: ${(await response.text()).slice(0, 300)}`);
        await response.arrayBuffer().catch(() => undefined);
        next = new URL(location, next);
      }
      throw new Error("authorization: too many redirects");
    },
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
