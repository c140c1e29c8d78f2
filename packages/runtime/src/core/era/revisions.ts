// Era of a protocol revision. Dated revisions compare lexically; 2026-07-28 is the first
// modern one (2026-07-28 basic/versioning § Terminology).
export const FIRST_MODERN_REVISION = "2026-07-28";
export type Era = "modern" | "legacy";

export function eraOfRevision(revision: string): Era {
  return revision >= FIRST_MODERN_REVISION ? "modern" : "legacy";
}

/** Revisions whose legacy transport accepted JSON-RPC batches (2025-03-26 basic § Batching). */
export function revisionAllowsBatch(revision: string): boolean {
  return revision === "2025-03-26";
}
