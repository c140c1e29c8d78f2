// Protocol revisions the client can speak, and which era each belongs to.
//
// Era rule [S26:basic/versioning § Terminology]: 2026-07-28 and later are "modern"
// (stateless, per-request `_meta`); everything up to 2025-11-25 is "legacy" (initialize
// handshake). Dated strings compare lexically, which is how the official SDK decides too.

export const MODERN_REVISIONS = ["2026-07-28"] as const;
export const LEGACY_REVISIONS = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"] as const;

export type Era = "modern" | "legacy";

/** Newest first: the client offers the first entry and falls back through the list. */
export const SUPPORTED_REVISIONS: readonly string[] = [...MODERN_REVISIONS, ...LEGACY_REVISIONS];

export function eraOfRevision(revision: string): Era {
  return revision >= "2026-07-28" ? "modern" : "legacy";
}

export function isSupportedRevision(revision: string): boolean {
  return SUPPORTED_REVISIONS.includes(revision);
}

/** The newest revision present in both lists and in `era`, or undefined. */
export function pickMutualRevision(offered: readonly unknown[], era: Era, ours: readonly string[] = SUPPORTED_REVISIONS): string | undefined {
  const theirs = new Set(offered.filter((v): v is string => typeof v === "string"));
  return ours.find((rev) => eraOfRevision(rev) === era && theirs.has(rev));
}
