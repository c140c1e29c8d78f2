// HMAC-SHA256 and SHA-256 through Web Crypto (globalThis.crypto.subtle), which Node, Bun, Deno,
// Workers and browsers all provide, so the server and client subpaths import no node:crypto.
// Web Crypto is asynchronous only; the key is imported once per signer and its CryptoKey reused.
//
// PERFORMANCE (measured on Node 20): each Web Crypto HMAC or digest is a thread-pool job, about
// 40 µs of CPU against 5 µs for node:crypto, which made a handle mint+open 170 µs instead of
// 20 µs. Where the host offers its built-in crypto through `process.getBuiltinModule` (Node ≥
// 20.16, Bun, Deno) that is used instead: a lookup at run time, not an import, so no bundle,
// Worker or page ever sees a `node:` module. Both give the same bytes (test/runtime/platform.test.ts).
import { toBase64url, utf8 } from "./bytes.js";

/** The part of node:crypto used here. */
export interface BuiltinCrypto {
  createSecretKey(key: Uint8Array): object;
  createHmac(algorithm: "sha256", key: object): { update(data: string): { digest(): Uint8Array } };
  createHash(algorithm: "sha256"): { update(data: string | Uint8Array): { digest(): Uint8Array } };
  timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean;
}

function builtinCrypto(): BuiltinCrypto | undefined {
  const host = globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } };
  try {
    return host.process?.getBuiltinModule?.("node:crypto") as BuiltinCrypto | undefined;
  } catch {
    return undefined;
  }
}

let host: { crypto: BuiltinCrypto | undefined } | undefined;

/**
 * The host's built-in crypto, or undefined (Workers without nodejs_compat, browsers). Looked up
 * on first use, not at import: loading node:crypto costs a Node process ~2 ms at start, which a
 * server that never signs anything (no handles, no requestState) need not pay.
 */
export function hostCrypto(): BuiltinCrypto | undefined {
  return (host ??= { crypto: builtinCrypto() }).crypto;
}

export class HmacSha256 {
  private key: Promise<CryptoKey> | undefined;
  private readonly secret: Uint8Array<ArrayBuffer>;
  /** The builtin's key object, made once (a raw key is re-prepared on every createHmac). */
  private builtinKey: object | undefined;

  /** `builtin`: the host's crypto when it has one; undefined forces Web Crypto. */
  constructor(
    secret: Uint8Array,
    private readonly builtin: BuiltinCrypto | undefined = hostCrypto(),
  ) {
    this.secret = new Uint8Array(secret); // a copy: the caller's buffer may change or be shared
  }

  /** Imported on first use: Workers refuse crypto work in global scope, where servers may be built. */
  private cryptoKey(): Promise<CryptoKey> {
    return (this.key ??= crypto.subtle.importKey("raw", this.secret, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]));
  }

  private keyObject(builtin: BuiltinCrypto): object {
    return (this.builtinKey ??= builtin.createSecretKey(this.secret));
  }

  async sign(text: string): Promise<Uint8Array> {
    if (this.builtin) return this.builtin.createHmac("sha256", this.keyObject(this.builtin)).update(text).digest();
    return new Uint8Array(await crypto.subtle.sign("HMAC", await this.cryptoKey(), utf8(text)));
  }

  /** Checks a MAC in constant time (timingSafeEqual, or Web Crypto's verify). */
  async verify(text: string, mac: Uint8Array<ArrayBuffer>): Promise<boolean> {
    if (this.builtin) {
      const expected = this.builtin.createHmac("sha256", this.keyObject(this.builtin)).update(text).digest();
      return expected.length === mac.length && this.builtin.timingSafeEqual(expected, mac);
    }
    return crypto.subtle.verify("HMAC", await this.cryptoKey(), mac, utf8(text));
  }
}

export async function sha256(data: string | Uint8Array<ArrayBuffer>, builtin: BuiltinCrypto | undefined = hostCrypto()): Promise<Uint8Array> {
  if (builtin) return builtin.createHash("sha256").update(data).digest();
  return new Uint8Array(await crypto.subtle.digest("SHA-256", typeof data === "string" ? utf8(data) : data));
}

/** SHA-256 as base64url (PKCE S256, DPoP `ath`, the params digest of requestState). */
export async function sha256Base64url(data: string | Uint8Array<ArrayBuffer>, builtin: BuiltinCrypto | undefined = hostCrypto()): Promise<string> {
  return toBase64url(await sha256(data, builtin));
}
