// The resource-server side of MCP authorization (2025-11-25 and 2026-07-28 basic/authorization):
// what a verified token tells the server, how verifiers are plugged in, and what the HTTP
// endpoint is configured with. No JOSE code here: the root runtime imports this file, the JWT and
// introspection verifiers live behind the `@mcp-gen/runtime/auth` subpath.

/** What handlers see as `ctx.auth` once a bearer token was verified. */
export interface AuthInfo {
  /** The token's subject (`sub`): the user, or the client itself for client-credentials tokens. */
  readonly subject: string;
  /** The OAuth client the token was issued to (`client_id`, `azp`), when the token names it. */
  readonly clientId: string | undefined;
  /** Granted scopes (`scope`, space-separated in the token). */
  readonly scopes: readonly string[];
  /** The issuer (`iss`), when known; principals are keyed by issuer and subject. */
  readonly issuer: string | undefined;
  /** Expiry in seconds since the epoch (`exp`), when the token has one. */
  readonly expiresAt: number | undefined;
  /** Every claim of the token (JWT payload or introspection response), verbatim. */
  readonly claims: Readonly<Record<string, unknown>>;
}

/** The request a verifier is asked about (custom verifiers may look at headers). */
export interface VerifyRequest {
  /** The resource identifier the token must be meant for (RFC 8707 audience). */
  readonly resource: string;
  readonly method: string;
  /** The request URL as the client addressed it (the resource's origin and the request path): DPoP `htu`. */
  readonly url: string;
  /** The Authorization scheme the token came with (RFC 9449 §7.1: DPoP-bound tokens use `DPoP`). */
  readonly scheme: "bearer" | "dpop";
  header(name: string): string | undefined;
}

/**
 * Verifies one bearer token. Resolves with the token's AuthInfo; rejects with an AuthFailure
 * (./errors.ts) for a bad token. Any other rejection counts as "the verifier is unavailable" (503).
 */
export interface TokenVerifier {
  verify(token: string, request: VerifyRequest): Promise<AuthInfo>;
}

/** Scopes per target, as declared in the manifest's `auth` section. */
export interface TargetScopes {
  tools?: Readonly<Record<string, readonly string[]>>;
  prompts?: Readonly<Record<string, readonly string[]>>;
  /** By exact resource URI. */
  resources?: Readonly<Record<string, readonly string[]>>;
  /** By URI template, as declared (matched against resources/read URIs). */
  resourceTemplates?: Readonly<Record<string, readonly string[]>>;
}

/** `ServerOptions.auth`: turns the HTTP endpoint into an OAuth 2.1 resource server. */
export interface AuthOptions {
  /** Verifies bearer tokens: createJwtVerifier, createIntrospectionVerifier, or your own. */
  verifier: TokenVerifier | ((token: string, request: VerifyRequest) => Promise<AuthInfo>);
  /**
   * The resource identifier (RFC 8707 / RFC 9728 `resource`): the canonical URL of the MCP
   * endpoint, e.g. "https://notes.example.com/mcp". Default: derived per request from the Host
   * header and the served path (http for loopback hosts, https otherwise).
   */
  resource?: string;
  /** Issuer URLs of the authorization servers (RFC 9728 `authorization_servers`). */
  authorizationServers: readonly string[];
  /** Every scope the server knows (`scopes_supported`); also the challenge's default `scope`. */
  scopesSupported?: readonly string[];
  /** Scopes every request needs, whatever it calls. */
  requiredScopes?: readonly string[];
  /** Scopes per tool, prompt, resource and template. */
  targets?: TargetScopes;
  /** Human-readable name for the metadata document (`resource_name`). */
  resourceName?: string;
  /** Documentation URL for the metadata document (`resource_documentation`). */
  documentation?: string;
  /** Longest accepted token, in bytes; longer ones are refused unread. Default 8 KiB. */
  maxTokenBytes?: number;
}

/**
 * What a generated server knows from its manifest's `auth` section: everything but the verifier
 * (chosen at start-up, `@mcp-gen/runtime/auth` authOptionsFrom).
 */
export type AuthDeclaration = Omit<AuthOptions, "verifier" | "maxTokenBytes">;
