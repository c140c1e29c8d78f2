// The principal a verified token acts for, as one opaque string: what handles, requestState and
// legacy sessions are bound to. Keyed by issuer and subject, since two authorization servers may
// hand out the same `sub` to different people (OIDC Core §2: sub is unique per issuer only).
import type { AuthInfo } from "./types.js";

export function principalOf(auth: AuthInfo): string {
  return JSON.stringify([auth.issuer ?? "", auth.subject]);
}
