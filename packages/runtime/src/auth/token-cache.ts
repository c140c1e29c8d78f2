// Verified JWT access tokens, remembered by their exact text. PERFORMANCE (issue 11 bench goal,
// < 10% per request): a client sends the same token with every request during its lifetime, and
// a signature check costs ~300 µs of CPU (RS256, Web Crypto), far more than a tools/call. A hit
// skips only what is deterministic for a given token — signature, `iss`, `aud`, algorithm,
// `typ`, `sub` — and is re-checked on every use against what changes: the clock (`exp`/`nbf`
// with the configured skew), the audience of this request, and the issuer's key set (the key
// that signed the token must still be published, ./key-sets.ts). Failures are never stored.
// Bounded: least recently used out first.
import type { IssuerKeys, KeySnapshot } from "./key-sets.js";
import type { AuthInfo } from "./types.js";

export interface VerifiedToken {
  readonly info: AuthInfo;
  readonly claims: Record<string, unknown>;
  /** The audience it was verified for (the resource of that request, or the configured one). */
  readonly audience: string;
  /** `cnf` present: a sender-constrained token, whose DPoP proof is checked on every request. */
  readonly bound: boolean;
  readonly expSec: number | undefined;
  readonly nbfSec: number | undefined;
  readonly keys: IssuerKeys;
  readonly kid: string | undefined;
  /** The signing key's JSON in the snapshot it was verified under (undefined without a kid). */
  readonly keyText: string | undefined;
  /** The newest snapshot the key was found in; compared by identity first. */
  seenIn: KeySnapshot | undefined;
}

/** Whether `entry` may answer for `audience` at `nowSec` (seconds, floored as jose does). */
export function stillValid(entry: VerifiedToken, audience: string, nowSec: number, toleranceSec: number): boolean {
  if (entry.audience !== audience) return false;
  // The same comparisons as jose's jwtVerify, so a cached token expires at exactly the same second.
  if (entry.expSec !== undefined && entry.expSec <= nowSec - toleranceSec) return false;
  if (entry.nbfSec !== undefined && entry.nbfSec > nowSec + toleranceSec) return false;
  // A key set past its max age is due for a refetch: let jose do it on the full path.
  const keys = entry.keys;
  if (!keys.set.fresh) return false;
  const current = keys.snapshot;
  if (current === entry.seenIn) return true;
  // The set was refetched since: the token stands only if its key is still there, unchanged.
  if (entry.kid === undefined || current === undefined || current.get(entry.kid) !== entry.keyText) return false;
  entry.seenIn = current;
  return true;
}

export interface VerifiedTokenCache {
  get(token: string): VerifiedToken | undefined;
  set(token: string, entry: VerifiedToken): void;
  delete(token: string): void;
  readonly size: number;
}

/** `maxEntries` 0: nothing is remembered. */
export function createVerifiedTokenCache(maxEntries: number): VerifiedTokenCache {
  const entries = new Map<string, VerifiedToken>();
  // The previous lookup: a client's next request usually carries the same token, and a string
  // comparison is cheaper than hashing a fresh ~1 KB token string for the map.
  let lastToken = "";
  let lastEntry: VerifiedToken | undefined;
  return {
    get(token) {
      if (lastEntry !== undefined && token === lastToken) return lastEntry;
      const entry = entries.get(token);
      if (entry === undefined) return undefined;
      // Map order is insertion order: re-inserting makes it the most recently used.
      entries.delete(token);
      entries.set(token, entry);
      lastToken = token;
      lastEntry = entry;
      return entry;
    },
    set(token, entry) {
      if (maxEntries <= 0) return;
      entries.delete(token);
      while (entries.size >= maxEntries) {
        const oldest = entries.keys().next().value as string;
        entries.delete(oldest);
        if (oldest === lastToken) lastEntry = undefined;
      }
      entries.set(token, entry);
      if (token === lastToken) lastEntry = entry;
    },
    delete(token) {
      entries.delete(token);
      if (token === lastToken) lastEntry = undefined;
    },
    get size() {
      return entries.size;
    },
  };
}
