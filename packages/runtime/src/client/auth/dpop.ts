// DPoP (RFC 9449): one proof-of-possession key per OAuth client, a fresh proof per HTTP
// request (§ 4.2: typ dpop+jwt, the public JWK in the header, jti, htm, htu without query or
// fragment, iat; `ath` = base64url(SHA-256(token)) on resource requests, § 4.3), and the
// server nonces (§ 8 authorization server, § 9 resource server) remembered per origin. The key
// is exported as a private JWK so it can be stored with the token it is bound to (a restarted
// client keeps using the same key, else the stored token would be useless).

import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, SignJWT, type CryptoKey, type JWK } from "jose";
import { sha256Base64url } from "../../platform/web-crypto.js";
import { OAuthError } from "./errors.js";

export const DPOP_ALG = "ES256";
export const HEADER_DPOP = "DPoP";
export const HEADER_DPOP_NONCE = "DPoP-Nonce";

/** htu: the request URI without query and fragment [RFC 9449 § 4.2]. */
export function proofTarget(url: string | URL): string {
  const u = new URL(url);
  u.search = "";
  u.hash = "";
  return u.href;
}

export function accessTokenHash(token: string): Promise<string> {
  return sha256Base64url(token);
}

export class DpopKey {
  private readonly nonces = new Map<string, string>();
  private constructor(
    private readonly privateKey: CryptoKey,
    private readonly publicJwk: JWK,
    private readonly privateJwk: JWK,
  ) {}

  static async generate(): Promise<DpopKey> {
    const { privateKey, publicKey } = await generateKeyPair(DPOP_ALG, { extractable: true });
    const publicJwk = await exportJWK(publicKey);
    return new DpopKey(privateKey as CryptoKey, { kty: publicJwk.kty, crv: publicJwk.crv, x: publicJwk.x, y: publicJwk.y }, await exportJWK(privateKey));
  }

  /** Restores a stored key; a malformed one is an `auth-store` error (the store holds it). */
  static async restore(jwk: JWK): Promise<DpopKey> {
    try {
      if (jwk.kty !== "EC" || typeof jwk.d !== "string") throw new Error("not an EC private JWK");
      const privateKey = (await importJWK(jwk, DPOP_ALG)) as CryptoKey;
      return new DpopKey(privateKey, { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y }, jwk);
    } catch (error) {
      throw new OAuthError("auth-store", `the stored DPoP key is unusable (${(error as Error).message})`, { cause: error });
    }
  }

  /** The private JWK, for the credential store only. */
  exportPrivate(): JWK {
    return { ...this.privateJwk };
  }

  thumbprint(): Promise<string> {
    return calculateJwkThumbprint(this.publicJwk, "sha256");
  }

  /** Remembers the latest nonce a server handed out (a `DPoP-Nonce` header on any answer). */
  observe(url: string | URL, response: Response): boolean {
    const nonce = response.headers.get(HEADER_DPOP_NONCE);
    if (nonce === null || nonce === "") return false;
    const origin = new URL(url).origin;
    const changed = this.nonces.get(origin) !== nonce;
    this.nonces.set(origin, nonce);
    return changed;
  }

  async proof(htm: string, url: string | URL, accessToken?: string): Promise<string> {
    const claims: Record<string, unknown> = { jti: crypto.randomUUID(), htm, htu: proofTarget(url) };
    const nonce = this.nonces.get(new URL(url).origin);
    if (nonce !== undefined) claims.nonce = nonce;
    if (accessToken !== undefined) claims.ath = await accessTokenHash(accessToken);
    return new SignJWT(claims).setProtectedHeader({ alg: DPOP_ALG, typ: "dpop+jwt", jwk: this.publicJwk }).setIssuedAt().sign(this.privateKey);
  }
}
