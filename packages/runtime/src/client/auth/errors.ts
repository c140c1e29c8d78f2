// Authorization failures with a stable reason (client/errors.ts) and, when the authorization
// server said so, its OAuth error code (RFC 6749 § 5.2). Messages name endpoints and error
// codes, never a secret, a token, an assertion or a key.

import { McpClientError, type ClientFailureReason } from "../errors.js";

export class OAuthError extends McpClientError {
  /** The `error` of the authorization server's answer (invalid_client, invalid_grant, use_dpop_nonce, …). */
  readonly oauthError: string | undefined;
  constructor(reason: ClientFailureReason, message: string, options: { status?: number; cause?: unknown; oauthError?: string } = {}) {
    super(reason, message, options);
    this.name = "OAuthError";
    this.oauthError = options.oauthError;
  }
}

/** Keeps an untrusted string printable and short before it goes into a message. */
export function printable(value: unknown, max = 120): string {
  const text = typeof value === "string" ? value : String(value);
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u001f\u007f]/g, "?");
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}
