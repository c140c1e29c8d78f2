// Client authentication at the token endpoint [RFC 6749 § 2.3; RFC 7523 § 2.2]: none (client_id
// in the form), client_secret_basic, client_secret_post, or private_key_jwt with a short-lived
// signed assertion (iss = sub = client_id, aud = the authorization server's issuer, jti, exp).
// The method is the one the client was configured with when the AS lists it, else the best the
// AS lists for the credentials at hand.

import { textToBase64 } from "../../platform/bytes.js";
import { SignJWT } from "jose";
import { OAuthError } from "./errors.js";
import { loadSigningKey, type KeySource, type SigningKey } from "./keys.js";

export type ClientAuthMethod = "none" | "client_secret_basic" | "client_secret_post" | "private_key_jwt";

export interface OAuthClientInformation {
  client_id: string;
  client_secret?: string;
  /** For private_key_jwt: a private JWK, a PKCS#8 PEM, or `{ file }` holding either. */
  private_key?: KeySource;
  /** The JWS algorithm of `private_key` (default: the JWK's `alg`, else by key type). */
  signing_alg?: string;
  /** Force one method (default: chosen from the AS metadata and the credentials). */
  token_endpoint_auth_method?: ClientAuthMethod;
}

export const CLIENT_ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";

export function chooseAuthMethod(client: OAuthClientInformation, metadata: Record<string, unknown>): ClientAuthMethod {
  const listed = Array.isArray(metadata.token_endpoint_auth_methods_supported) ? (metadata.token_endpoint_auth_methods_supported as unknown[]) : undefined;
  // RFC 8414 § 2: an absent list means client_secret_basic.
  const methods = listed ?? ["client_secret_basic"];
  if (client.token_endpoint_auth_method !== undefined) return client.token_endpoint_auth_method;
  if (client.private_key !== undefined && (methods.includes("private_key_jwt") || client.client_secret === undefined)) return "private_key_jwt";
  if (client.client_secret === undefined) return "none";
  if (methods.includes("none") && !methods.includes("client_secret_basic") && !methods.includes("client_secret_post")) return "none";
  if (methods.includes("client_secret_basic")) return "client_secret_basic";
  if (methods.includes("client_secret_post")) return "client_secret_post";
  return "client_secret_basic";
}

const keyCache = new WeakMap<object, Promise<SigningKey>>();

function signingKey(client: OAuthClientInformation): Promise<SigningKey> {
  const source = client.private_key as KeySource;
  if (typeof source === "string") return loadSigningKey(source, client.signing_alg);
  let cached = keyCache.get(source);
  if (cached === undefined) {
    cached = loadSigningKey(source, client.signing_alg);
    keyCache.set(source, cached);
    cached.catch(() => keyCache.delete(source));
  }
  return cached;
}

/** Adds the client's authentication to a token (or token-exchange) request. */
export async function authenticateClient(client: OAuthClientInformation, method: ClientAuthMethod, audience: string, headers: Record<string, string>, form: URLSearchParams): Promise<void> {
  switch (method) {
    case "none":
      form.set("client_id", client.client_id);
      return;
    case "client_secret_basic":
    case "client_secret_post": {
      if (client.client_secret === undefined) throw new OAuthError("auth-config", `${method} needs a client secret for client ${client.client_id}`);
      if (method === "client_secret_post") {
        form.set("client_id", client.client_id);
        form.set("client_secret", client.client_secret);
        return;
      }
      // RFC 6749 § 2.3.1: both halves are form-urlencoded before base64.
      headers.Authorization = `Basic ${textToBase64(`${encodeURIComponent(client.client_id)}:${encodeURIComponent(client.client_secret)}`)}`;
      return;
    }
    case "private_key_jwt": {
      if (client.private_key === undefined) throw new OAuthError("auth-config", `private_key_jwt needs a private key for client ${client.client_id}`);
      const { key, alg, kid } = await signingKey(client);
      const assertion = await new SignJWT({ jti: crypto.randomUUID() })
        .setProtectedHeader(kid === undefined ? { alg } : { alg, kid })
        .setIssuer(client.client_id)
        .setSubject(client.client_id)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime("60s")
        .sign(key);
      form.set("client_id", client.client_id);
      form.set("client_assertion_type", CLIENT_ASSERTION_TYPE);
      form.set("client_assertion", assertion);
      return;
    }
  }
}
