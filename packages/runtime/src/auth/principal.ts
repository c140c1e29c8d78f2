// The principal a verified token acts for, as one opaque string: what handles, requestState and
// legacy sessions are bound to. Keyed by issuer and subject, since two authorization servers may
// hand out the same `sub` to different people (OIDC Core §2: sub is unique per issuer only).
import type { AuthInfo } from "./types.js";

// PERFORMANCE: verifiers hand out the same AuthInfo object for a cached token, and the
// principal is read several times per request (handles, requestState, caller), so it is
// computed once per AuthInfo.
const principals = new WeakMap<AuthInfo, string>();

export function principalOf(auth: AuthInfo): string {
  let principal = principals.get(auth);
  if (principal === undefined) principals.set(auth, (principal = JSON.stringify([auth.issuer ?? "", auth.subject])));
  return principal;
}
