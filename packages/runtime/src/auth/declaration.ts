// From a generated server's auth declaration (the manifest's `auth` section) to runtime options:
// the deployment may override the issuers and the resource id (start.js --issuer/--audience) and
// pick the verifier; the default verifier is the JWT one on the declared issuers.
import { createJwtVerifier, type JwtVerifierOptions } from "./jwt.js";
import type { AuthDeclaration, AuthOptions } from "./types.js";

export interface AuthOverrides {
  /** Replaces the declared issuers (e.g. a staging authorization server). */
  authorizationServers?: readonly string[];
  /** Replaces the declared (or derived) resource identifier, i.e. the required audience. */
  resource?: string;
  /** Default: createJwtVerifier on the issuers, tuned by `jwt`. */
  verifier?: AuthOptions["verifier"];
  jwt?: Omit<JwtVerifierOptions, "issuer">;
  maxTokenBytes?: number;
}

export function authOptionsFrom(declaration: AuthDeclaration, overrides: AuthOverrides = {}): AuthOptions {
  const authorizationServers = overrides.authorizationServers ?? declaration.authorizationServers;
  const resource = overrides.resource ?? declaration.resource;
  const options: AuthOptions = {
    ...declaration,
    authorizationServers,
    verifier: overrides.verifier ?? createJwtVerifier({ ...overrides.jwt, issuer: authorizationServers }),
  };
  if (resource !== undefined) options.resource = resource;
  if (overrides.maxTokenBytes !== undefined) options.maxTokenBytes = overrides.maxTokenBytes;
  return options;
}
