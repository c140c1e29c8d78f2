// JWT bearer grant [RFC 7523 § 2.1] for workload identity federation (SEP-1933): the platform
// (Kubernetes, a CI system, a cloud metadata service) issues the workload a JWT whose audience
// is the authorization server; it is read at each grant (platform tokens rotate on disk) and
// sent as `assertion`. A refusal is final: no retry, no switch to another grant.

import { readSecret, type SecretSource } from "../keys.js";
import { baseForm, GRANT_JWT_BEARER, type GrantContext } from "./types.js";

export async function jwtBearerForm(ctx: GrantContext, assertion: SecretSource): Promise<URLSearchParams> {
  const form = baseForm(GRANT_JWT_BEARER, ctx);
  form.set("assertion", await readSecret(assertion, "workload identity token"));
  return form;
}
