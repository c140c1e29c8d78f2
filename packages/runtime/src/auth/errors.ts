// Why a request was refused, in RFC 6750 §3.1 terms. The HTTP status follows the error code:
// invalid_request 400, invalid_token 401, insufficient_scope 403 (RFC 6750 §3.1), and a verifier
// that cannot answer (JWKS or introspection endpoint down or slow) 503, so clients retry rather
// than throw their token away.
export type AuthErrorCode = "invalid_request" | "invalid_token" | "insufficient_scope" | "temporarily_unavailable";

const STATUS: Readonly<Record<AuthErrorCode, number>> = {
  invalid_request: 400,
  invalid_token: 401,
  insufficient_scope: 403,
  temporarily_unavailable: 503,
};

export class AuthFailure extends Error {
  readonly code: AuthErrorCode;
  /** Scopes that would have been enough (insufficient_scope) or that the resource needs. */
  readonly scopes: readonly string[] | undefined;

  /** `description` reaches the client (error_description): never put a secret or the token in it. */
  constructor(code: AuthErrorCode, description: string, scopes?: readonly string[]) {
    super(description);
    this.name = "AuthFailure";
    this.code = code;
    this.scopes = scopes;
  }

  get status(): number {
    return STATUS[this.code];
  }
}

/** A bad token: 401 invalid_token with this (client-safe) description. */
export function invalidToken(description: string): AuthFailure {
  return new AuthFailure("invalid_token", description);
}

/** The verifier's backing service did not answer in time: 503. */
export function verifierUnavailable(description: string): AuthFailure {
  return new AuthFailure("temporarily_unavailable", description);
}
