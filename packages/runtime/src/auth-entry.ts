// `@mcp-gen/runtime/auth`: the token verifiers. A subpath of its own because the JWT verifier
// loads `jose`; a server without authorization never imports it.
export { createJwtVerifier, DEFAULT_JWT_ALGORITHMS } from "./auth/jwt.js";
export type { JwtVerifierOptions } from "./auth/jwt.js";
export { createIntrospectionVerifier } from "./auth/introspection.js";
export type { IntrospectionVerifierOptions } from "./auth/introspection.js";
export { AuthFailure, invalidToken } from "./auth/errors.js";
export type { AuthErrorCode } from "./auth/errors.js";
export { authInfoOf } from "./auth/claims.js";
export { authOptionsFrom } from "./auth/declaration.js";
export type { AuthOverrides } from "./auth/declaration.js";
export { METADATA_PATH, metadataDocument, metadataUrlOf } from "./auth/metadata.js";
export type { AuthDeclaration, AuthInfo, AuthOptions, TargetScopes, TokenVerifier, VerifyRequest } from "./auth/types.js";
