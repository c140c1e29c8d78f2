// Client credentials grant [RFC 6749 § 4.4; io.modelcontextprotocol/oauth-client-credentials]:
// no user; the client authenticates (secret or private-key JWT, client-authentication.ts) and
// asks for a token for the resource.

import { baseForm, type GrantContext } from "./types.js";

export function clientCredentialsForm(ctx: GrantContext): URLSearchParams {
  return baseForm("client_credentials", ctx);
}
