// HMAC-SHA256 and SHA-256 through Web Crypto (globalThis.crypto.subtle), which Node, Bun, Deno,
// Workers and browsers all provide, so the server and client subpaths import no node:crypto.
// Web Crypto is asynchronous only; the key is imported once per signer and its CryptoKey reused.
import { toBase64url, utf8 } from "./bytes.js";

export class HmacSha256 {
  private key: Promise<CryptoKey> | undefined;

  private readonly secret: Uint8Array<ArrayBuffer>;

  constructor(secret: Uint8Array) {
    this.secret = new Uint8Array(secret); // a copy: the caller's buffer may change or be shared
  }

  /** Imported on first use: Workers refuse crypto work in global scope, where servers may be built. */
  private cryptoKey(): Promise<CryptoKey> {
    return (this.key ??= crypto.subtle.importKey("raw", this.secret, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]));
  }

  async sign(text: string): Promise<Uint8Array> {
    return new Uint8Array(await crypto.subtle.sign("HMAC", await this.cryptoKey(), utf8(text)));
  }

  /** Checks a MAC; Web Crypto's verify compares in constant time. */
  async verify(text: string, mac: Uint8Array<ArrayBuffer>): Promise<boolean> {
    return crypto.subtle.verify("HMAC", await this.cryptoKey(), mac, utf8(text));
  }
}

export async function sha256(data: string | Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", typeof data === "string" ? utf8(data) : data));
}

/** SHA-256 as base64url (PKCE S256, DPoP `ath`, JWK thumbprints' final step). */
export async function sha256Base64url(data: string | Uint8Array<ArrayBuffer>): Promise<string> {
  return toBase64url(await sha256(data));
}
