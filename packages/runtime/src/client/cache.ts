// Optional result cache honouring `ttlMs`/`cacheScope` [S26:server/utilities/caching].
//
// - Key = method + the params that change the result (`cursor`, `uri`); nothing is ever
//   served across differing keys.
// - `ttlMs` behaves like max-age: 0, negative or absent means "stale at once" (not stored).
//   TTLs are capped at 24 h so a typo on the server cannot pin data for weeks.
// - `private` entries stay in a cache owned by one client (one authorization context);
//   a cache marked `shared` only keeps `public` entries.
// - `input_required` results and MRTR retries are never stored (the caller enforces the
//   retry rule; this module refuses anything that is not a complete result).
// - list_changed / resources/updated notifications invalidate at once.

import { methodRow } from "../core/methods.js";
import { RESULT_TYPE_COMPLETE } from "../core/results.js";

/** Modern results are cacheable per the method registry (core/methods.ts); legacy ones carry no hints. */
export function isCacheableMethod(method: string): boolean {
  return methodRow("modern", method)?.cacheable === true;
}

const MAX_TTL_MS = 24 * 60 * 60 * 1000;

interface Entry {
  result: Record<string, unknown>;
  expiresAt: number;
}

export interface ResultCacheOptions {
  /** True when several clients (authorization contexts) share this cache. */
  shared?: boolean;
  now?: () => number;
}

export class ResultCache {
  private readonly entries = new Map<string, Entry>();
  private readonly shared: boolean;
  private readonly now: () => number;

  constructor(options: ResultCacheOptions = {}) {
    this.shared = options.shared ?? false;
    this.now = options.now ?? Date.now;
  }

  static keyFor(method: string, params: Record<string, unknown> | undefined): string {
    return JSON.stringify([method, params?.cursor ?? null, params?.uri ?? null]);
  }

  get(method: string, params: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
    const key = ResultCache.keyFor(method, params);
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.result;
  }

  /** Store a complete, first-round result if its hints allow it. Returns whether it was stored. */
  put(method: string, params: Record<string, unknown> | undefined, result: Record<string, unknown>): boolean {
    if (!isCacheableMethod(method)) return false;
    if (result.resultType !== undefined && result.resultType !== RESULT_TYPE_COMPLETE) return false;
    const ttl = result.ttlMs;
    if (typeof ttl !== "number" || !Number.isFinite(ttl) || ttl <= 0) return false;
    const scope = result.cacheScope;
    if (scope !== "public" && scope !== "private") return false;
    if (scope === "private" && this.shared) return false;
    this.entries.set(ResultCache.keyFor(method, params), { result, expiresAt: this.now() + Math.min(ttl, MAX_TTL_MS) });
    return true;
  }

  /** Drop every entry of a method (all pages), or one resource. */
  invalidate(method: string, uri?: string): void {
    for (const key of [...this.entries.keys()]) {
      const [keyMethod, , keyUri] = JSON.parse(key) as [string, unknown, unknown];
      if (keyMethod === method && (uri === undefined || keyUri === uri)) this.entries.delete(key);
    }
  }

  /** Apply a server notification's invalidation rule. */
  invalidateFor(notificationMethod: string, params: Record<string, unknown> | undefined): void {
    switch (notificationMethod) {
      case "notifications/tools/list_changed":
        this.invalidate("tools/list");
        break;
      case "notifications/prompts/list_changed":
        this.invalidate("prompts/list");
        break;
      case "notifications/resources/list_changed":
        this.invalidate("resources/list");
        this.invalidate("resources/templates/list");
        break;
      case "notifications/resources/updated":
        if (typeof params?.uri === "string") this.invalidate("resources/read", params.uri);
        break;
      default:
        break;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
