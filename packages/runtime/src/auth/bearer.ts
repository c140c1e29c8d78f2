// Reading the bearer token of a request (RFC 6750 §2.1, header only). A token in the query
// string is refused outright (OAuth 2.1 §5.1.2; MCP basic/authorization § Token Requirements:
// "MUST NOT be included in the URI query string"), even when a valid header is present too.
import { AuthFailure } from "./errors.js";

/** token68 (RFC 9110 §11.2): what a Bearer credential may contain. */
const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*$/;

export type BearerReading = { kind: "none" } | { kind: "token"; token: string; scheme: "bearer" | "dpop" };

export function readBearer(authorization: string | undefined, query: string, maxTokenBytes: number): BearerReading {
  if (query !== "" && /(?:^|&)access_token=/.test(query)) {
    throw new AuthFailure("invalid_request", "access tokens are not accepted in the query string");
  }
  if (authorization === undefined) return { kind: "none" };
  const space = authorization.indexOf(" ");
  const scheme = space === -1 ? authorization : authorization.slice(0, space);
  // Another scheme (Basic, …) is no credential here: the client gets the plain challenge.
  // `DPoP` carries a sender-constrained token (RFC 9449 §7.1), checked with its proof.
  const lower = scheme.toLowerCase();
  if (lower !== "bearer" && lower !== "dpop") return { kind: "none" };
  const token = authorization.slice(space + 1).trim();
  if (token.length > maxTokenBytes) throw new AuthFailure("invalid_token", `token longer than ${maxTokenBytes} bytes`);
  if (space === -1 || !TOKEN68.test(token)) throw new AuthFailure("invalid_token", "malformed bearer token");
  return { kind: "token", token, scheme: lower as "bearer" | "dpop" };
}
