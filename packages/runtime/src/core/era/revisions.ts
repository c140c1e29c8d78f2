// Protocol revisions and their eras (2026-07-28 basic/versioning § Terminology): 2026-07-28
// and later are "modern" (stateless, per-request `_meta`); everything up to 2025-11-25 is
// "legacy" (initialize handshake). Dated revisions compare lexically.
export const FIRST_MODERN_REVISION = "2026-07-28";
export type Era = "modern" | "legacy";

/** Revisions the runtime speaks, newest first within each era. */
export const MODERN_REVISIONS = ["2026-07-28"] as const;
export const LEGACY_REVISIONS = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"] as const;

/** Newest first: a client offers the first entry and falls back through the list. */
export const SUPPORTED_REVISIONS: readonly string[] = [...MODERN_REVISIONS, ...LEGACY_REVISIONS];

export function eraOfRevision(revision: string): Era {
  return revision >= FIRST_MODERN_REVISION ? "modern" : "legacy";
}

export function isSupportedRevision(revision: string): boolean {
  return SUPPORTED_REVISIONS.includes(revision);
}

/** The newest revision of `ours` that is in `offered` and belongs to `era`, or undefined. */
export function pickMutualRevision(offered: readonly unknown[], era: Era, ours: readonly string[] = SUPPORTED_REVISIONS): string | undefined {
  const theirs = new Set(offered.filter((v): v is string => typeof v === "string"));
  return ours.find((rev) => eraOfRevision(rev) === era && theirs.has(rev));
}

/** Revisions whose legacy transport accepted JSON-RPC batches (2025-03-26 basic § Batching). */
export function revisionAllowsBatch(revision: string): boolean {
  return revision === "2025-03-26";
}
