import { environment } from "../platform/env.js";
import { randomBytes, utf8 } from "../platform/bytes.js";

export const MIN_KEY_BYTES = 32;

/**
 * Resolves an HMAC key: explicit option, else the named environment variable, else a random
 * per-process key. DECISION: the random fallback keeps development servers working, but state
 * minted by one instance then fails on another, so multi-instance deployments must configure
 * a shared key (2026-07-28 basic/patterns/mrtr § Server Requirements: integrity across instances).
 */
export function resolveSigningKey(explicit: string | Uint8Array | undefined, envName: string): Uint8Array {
  return configuredSigningKey(explicit, envName) ?? randomBytes(MIN_KEY_BYTES);
}

/** The configured key (option, else environment variable), checked; undefined when neither is set. */
export function configuredSigningKey(explicit: string | Uint8Array | undefined, envName: string): Uint8Array | undefined {
  const source = explicit ?? environment()[envName];
  if (source === undefined || source === "") return undefined;
  const key = typeof source === "string" ? utf8(source) : Uint8Array.from(source);
  if (key.length < MIN_KEY_BYTES) {
    throw new Error(`${envName}: signing key must be at least ${MIN_KEY_BYTES} bytes (got ${key.length})`);
  }
  return key;
}
