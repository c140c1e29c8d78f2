// AuthInfo from a token's claims, shared by the JWT verifier (RFC 9068 §2.2) and the
// introspection verifier (RFC 7662 §2.2): both name the subject `sub`, the client `client_id`
// (JWT access tokens may use OIDC's `azp` instead), scopes in a space-separated `scope`.
import { invalidToken } from "./errors.js";
import type { AuthInfo } from "./types.js";

function scopesOf(claims: Record<string, unknown>): string[] {
  const scope = claims["scope"];
  if (typeof scope === "string") return scope.split(" ").filter((s) => s !== "");
  // `scp` (an array) is what some providers (Azure AD, Okta) use instead.
  const scp = claims["scp"];
  if (Array.isArray(scp)) return scp.filter((s): s is string => typeof s === "string");
  if (typeof scp === "string") return scp.split(" ").filter((s) => s !== "");
  return [];
}

/**
 * `clientAsSubject`: introspection answers for client-credentials tokens may omit `sub`
 * (RFC 7662 §2.2 makes it optional); such a token acts for its client. A JWT access token must
 * carry `sub` (RFC 9068 §2.2).
 */
export function authInfoOf(claims: Record<string, unknown>, clientAsSubject = false): AuthInfo {
  const client = claims["client_id"] ?? claims["azp"];
  const subject = claims["sub"] ?? (clientAsSubject ? client : undefined);
  if (typeof subject !== "string" || subject === "") throw invalidToken("token has no subject");
  const issuer = claims["iss"];
  const exp = claims["exp"];
  return Object.freeze({
    subject,
    clientId: typeof client === "string" ? client : undefined,
    scopes: Object.freeze(scopesOf(claims)),
    issuer: typeof issuer === "string" ? issuer : undefined,
    expiresAt: typeof exp === "number" ? exp : undefined,
    claims: Object.freeze({ ...claims }),
  });
}

/** RFC 8707 / RFC 9068 §4: `aud` (a string or an array) must name this resource. */
export function audienceIncludes(aud: unknown, resource: string): boolean {
  if (typeof aud === "string") return aud === resource;
  return Array.isArray(aud) && aud.includes(resource);
}
