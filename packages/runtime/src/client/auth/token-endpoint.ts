// One token request [RFC 6749 § 3.2] with what every grant shares: client authentication, a
// DPoP proof when the client binds its tokens (RFC 9449 § 5), one retry with the server's nonce
// on `use_dpop_nonce` (§ 8; a second demand for a new nonce is a loop and fails), and a strict
// reading of the answer: an OAuth error is `auth-refused` with its code, anything that is not
// a JSON token response is `auth-bad-response`. No message carries the request's secrets.

import { authenticateClient, type ClientAuthMethod, type OAuthClientInformation } from "./client-authentication.js";
import { HEADER_DPOP, type DpopKey } from "./dpop.js";
import { OAuthError, printable } from "./errors.js";

export interface TokenResponse {
  access_token: string;
  token_type: string;
  expires_in?: number;
  refresh_token?: string;
  scope?: string;
  issued_token_type?: string;
}

export interface TokenRequest {
  fetch: typeof fetch;
  endpoint: string;
  /** Audience of a private_key_jwt assertion: the authorization server's issuer. */
  issuer: string;
  form: URLSearchParams;
  client: OAuthClientInformation | undefined;
  method: ClientAuthMethod;
  dpop: DpopKey | undefined;
}

const MAX_NONCE_RETRIES = 1;

export async function requestToken(request: TokenRequest): Promise<TokenResponse> {
  for (let attempt = 0; ; attempt++) {
    const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" };
    const form = new URLSearchParams(request.form);
    if (request.client !== undefined) await authenticateClient(request.client, request.method, request.issuer, headers, form);
    if (request.dpop !== undefined) headers[HEADER_DPOP] = await request.dpop.proof("POST", request.endpoint);
    let response: Response;
    try {
      response = await request.fetch(request.endpoint, { method: "POST", headers, body: form.toString() });
    } catch (error) {
      throw new OAuthError("transport-closed", `token endpoint ${request.endpoint} unreachable: ${(error as Error).message}`, { cause: error });
    }
    const fresh = request.dpop?.observe(request.endpoint, response) ?? false;
    const text = await response.text().catch(() => "");
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new OAuthError("auth-bad-response", `token endpoint ${request.endpoint} answered HTTP ${response.status} with a body that is not JSON`, { status: response.status });
    }
    const record = typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
    if (record === undefined) throw new OAuthError("auth-bad-response", `token endpoint ${request.endpoint} answered HTTP ${response.status} with JSON that is not an object`, { status: response.status });
    const error = typeof record.error === "string" ? record.error : undefined;
    if (error === "use_dpop_nonce" && request.dpop !== undefined && fresh && attempt < MAX_NONCE_RETRIES) continue;
    if (error !== undefined || !response.ok) {
      const code = error ?? `http_${response.status}`;
      const hint = error === "use_dpop_nonce" ? " (the server kept asking for a new DPoP nonce)" : "";
      const description = typeof record.error_description === "string" ? `: ${printable(record.error_description)}` : "";
      throw new OAuthError("auth-refused", `token endpoint ${request.endpoint} refused the ${request.form.get("grant_type") ?? "token"} request with ${printable(code, 60)}${description}${hint}`, { status: response.status, oauthError: code });
    }
    if (typeof record.access_token !== "string" || record.access_token === "") throw new OAuthError("auth-bad-response", `token endpoint ${request.endpoint} answered without an access_token`, { status: response.status });
    if (typeof record.token_type !== "string") throw new OAuthError("auth-bad-response", `token endpoint ${request.endpoint} answered without a token_type`, { status: response.status });
    if (record.expires_in !== undefined && (typeof record.expires_in !== "number" || !Number.isFinite(record.expires_in) || record.expires_in < 0)) {
      throw new OAuthError("auth-bad-response", `token endpoint ${request.endpoint} answered an expires_in that is not a non-negative number`, { status: response.status });
    }
    return {
      access_token: record.access_token,
      token_type: record.token_type,
      ...(typeof record.expires_in === "number" ? { expires_in: record.expires_in } : {}),
      ...(typeof record.refresh_token === "string" ? { refresh_token: record.refresh_token } : {}),
      ...(typeof record.scope === "string" ? { scope: record.scope } : {}),
      ...(typeof record.issued_token_type === "string" ? { issued_token_type: record.issued_token_type } : {}),
    };
  }
}
