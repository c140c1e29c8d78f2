// Signing keys for private-key JWT client authentication (RFC 7523 § 2.2) and read-once
// secrets (assertions from a file or an environment variable). Key parsing is jose's; a key
// that does not parse is an `auth-config` error naming where it came from, never its bytes.

import { environment } from "../../platform/env.js";
import { importJWK, importPKCS8, type CryptoKey, type JWK } from "jose";
import { OAuthError } from "./errors.js";

/** A private key: a JWK object, a PKCS#8 PEM string, or a file holding either. */
export type KeySource = JWK | string | { file: string };

/** A string secret known at call time: literal, `{ env }`, `{ file }` or a function (re-read on each use). */
export type SecretSource = string | { env: string } | { file: string } | (() => string | Promise<string>);

export interface SigningKey {
  key: CryptoKey;
  alg: string;
  kid: string | undefined;
}

async function readText(file: string, what: string): Promise<string> {
  const { readFile } = await import("node:fs/promises");
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "unreadable";
    throw new OAuthError("auth-config", `${what} file ${file} cannot be read (${code})`, { cause: error });
  }
}

/** Reads a secret source; an empty value is a configuration error. */
export async function readSecret(source: SecretSource, what: string): Promise<string> {
  let value: string;
  if (typeof source === "string") value = source;
  else if (typeof source === "function") value = await source();
  else if ("env" in source) {
    const raw = environment()[source.env];
    if (raw === undefined) throw new OAuthError("auth-config", `${what}: environment variable ${source.env} is not set`);
    value = raw;
  } else value = await readText(source.file, what);
  value = value.trim();
  if (value === "") throw new OAuthError("auth-config", `${what} is empty`);
  return value;
}

const PEM_CANDIDATES = ["ES256", "ES384", "ES512", "RS256", "EdDSA"];
const DEFAULT_ALG: Record<string, string> = { EC: "ES256", RSA: "RS256", OKP: "EdDSA" };

/** Imports a private signing key; `alg` defaults to the JWK's own, else ES256 for EC, RS256 for RSA. */
export async function loadSigningKey(source: KeySource, alg: string | undefined, what = "client private key"): Promise<SigningKey> {
  let material: JWK | string = typeof source === "object" && "file" in source && typeof source.file === "string" ? await readText(source.file, what) : (source as JWK | string);
  if (typeof material === "string" && material.trim().startsWith("{")) {
    try {
      material = JSON.parse(material) as JWK;
    } catch {
      throw new OAuthError("auth-config", `${what} looks like JSON but does not parse`);
    }
  }
  try {
    if (typeof material === "string") {
      if (!material.includes("-----BEGIN PRIVATE KEY-----")) throw new Error("not a PKCS#8 PEM");
      // A PEM does not say its algorithm: try the usual ones for its key type unless told.
      let last: unknown;
      for (const candidate of alg === undefined ? PEM_CANDIDATES : [alg]) {
        try {
          return { key: (await importPKCS8(material, candidate)) as CryptoKey, alg: candidate, kid: undefined };
        } catch (error) {
          last = error;
        }
      }
      throw last;
    }
    if (typeof material.d !== "string") throw new Error("the JWK has no private part");
    const chosen = alg ?? material.alg ?? DEFAULT_ALG[material.kty ?? ""] ?? "ES256";
    return { key: (await importJWK(material, chosen)) as CryptoKey, alg: chosen, kid: material.kid };
  } catch (error) {
    if (error instanceof OAuthError) throw error;
    throw new OAuthError("auth-config", `${what} is not a usable private key (${(error as Error).message})`, { cause: error });
  }
}
