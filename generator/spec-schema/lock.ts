import { readFileSync } from "node:fs";
import { SPEC_LOCK_PATH } from "../paths.js";

export type Era = "legacy" | "modern";

export interface LockedRevision {
  readonly revision: string;
  readonly era: Era;
  /** Path of schema.json inside the spec repository. */
  readonly path: string;
  readonly sha256: string;
}

export interface SpecLock {
  readonly repository: string;
  readonly commit: string;
  readonly revisions: readonly LockedRevision[];
}

interface SpecLockFile {
  repository: string;
  commit: string;
  revisions: Record<string, { era: Era; path: string; sha256: string }>;
}

let cached: SpecLock | undefined;

/** Reads schema/spec.lock.json: the pinned revisions, oldest first. */
export function readSpecLock(): SpecLock {
  if (cached) return cached;
  const file = JSON.parse(readFileSync(SPEC_LOCK_PATH, "utf8")) as SpecLockFile;
  const revisions = Object.entries(file.revisions)
    .map(([revision, r]) => ({ revision, era: r.era, path: r.path, sha256: r.sha256 }))
    .sort((a, b) => a.revision.localeCompare(b.revision));
  cached = { repository: file.repository, commit: file.commit, revisions };
  return cached;
}

export function revisionNames(): string[] {
  return readSpecLock().revisions.map((r) => r.revision);
}

export function lockedRevision(revision: string): LockedRevision | undefined {
  return readSpecLock().revisions.find((r) => r.revision === revision);
}

export function eraOf(revision: string): Era {
  const locked = lockedRevision(revision);
  if (!locked) throw new Error(`unknown revision ${revision}`);
  return locked.era;
}
