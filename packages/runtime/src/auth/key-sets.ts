// One issuer's signing keys: jose's remote key set (cached, refetched on an unknown `kid` at
// most once per cooldown, and once older than its max age), plus a snapshot of which `kid`s the
// last fetched JWKS held. The snapshot is what lets the verified-token cache (./token-cache.ts)
// drop a token whose key was rotated out or revoked without asking jose to re-verify: a key
// removed from the issuer's `jwks_uri` is a key the issuer no longer vouches for (OpenID Connect
// Core §10.1.1 key rotation; RFC 9068 §4: the resource server verifies with the keys the
// authorization server publishes).
import { createRemoteJWKSet, customFetch, type FetchImplementation } from "jose";

export type RemoteKeySet = ReturnType<typeof createRemoteJWKSet>;

/** `kid` → the key's JSON text, as the last successful JWKS fetch served it. */
export type KeySnapshot = ReadonlyMap<string, string>;

export interface IssuerKeys {
  readonly set: RemoteKeySet;
  /** Replaced (a new object) on every successful fetch; undefined before the first one. */
  readonly snapshot: KeySnapshot | undefined;
}

function snapshotOf(text: string): KeySnapshot | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const keys = (parsed as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys)) return undefined;
  const snapshot = new Map<string, string>();
  for (const key of keys) {
    // Keys without a kid are not listed: a token verified by one is re-verified after any change.
    if (key !== null && typeof key === "object" && typeof (key as { kid?: unknown }).kid === "string") snapshot.set((key as { kid: string }).kid, JSON.stringify(key));
  }
  return snapshot;
}

export interface IssuerKeysOptions {
  timeoutMs: number;
  cooldownMs: number;
}

export function createIssuerKeys(uri: URL, options: IssuerKeysOptions): IssuerKeys {
  let snapshot: KeySnapshot | undefined;
  // jose fetches through this: the body is read once here, its kids noted, and handed on intact.
  // The snapshot is replaced before jose installs the new set, so it never lags behind jose.
  const read: FetchImplementation = async (url, init) => {
    const response = await fetch(url, init);
    if (response.status !== 200) return response;
    const text = await response.text();
    const next = snapshotOf(text);
    if (next !== undefined) snapshot = next;
    return new Response(text, { status: 200, headers: { "content-type": "application/json" } });
  };
  const set = createRemoteJWKSet(uri, { timeoutDuration: options.timeoutMs, cooldownDuration: options.cooldownMs, [customFetch]: read });
  return {
    set,
    get snapshot() {
      return snapshot;
    },
  };
}
