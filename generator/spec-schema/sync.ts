import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { UserError } from "../errors.js";
import { SHARED_SPEC_DIR, SYNCED_SPEC_DIR } from "../paths.js";
import { type LockedRevision, lockedRevision, readSpecLock } from "./lock.js";

export type SpecSource = "env" | "shared" | "download" | "synced";

export interface SyncResult {
  readonly revision: string;
  readonly source: SpecSource;
  readonly from: string;
}

export function sha256(bytes: Uint8Array | string): string {
  return createHash("sha256").update(bytes).digest("hex");
}

export function syncedSchemaPath(revision: string): string {
  return join(SYNCED_SPEC_DIR, revision, "schema.json");
}

/** True when the synced copy exists and matches the lock. */
export function isSynced(revision: string): boolean {
  const locked = lockedRevision(revision);
  const path = syncedSchemaPath(revision);
  return locked !== undefined && existsSync(path) && sha256(readFileSync(path)) === locked.sha256;
}

/**
 * Local folders to take schema files from, in order. A folder may hold `<rev>/schema.json`
 * directly or under `schema/` (a checkout of the spec repository).
 */
function localCandidates(revision: string): { source: SpecSource; path: string }[] {
  const out: { source: SpecSource; path: string }[] = [];
  const envDir = process.env.MCP_GEN_SPEC_DIR;
  if (envDir) {
    out.push({ source: "env", path: join(envDir, revision, "schema.json") });
    out.push({ source: "env", path: join(envDir, "schema", revision, "schema.json") });
  }
  out.push({ source: "shared", path: join(SHARED_SPEC_DIR, revision, "schema.json") });
  return out;
}

function downloadUrl(locked: LockedRevision): string {
  const { repository, commit } = readSpecLock();
  return `https://raw.githubusercontent.com/${repository}/${commit}/${locked.path}`;
}

function verify(locked: LockedRevision, bytes: Uint8Array, from: string): void {
  const actual = sha256(bytes);
  if (actual !== locked.sha256) {
    throw new UserError(
      "MCPGEN0102",
      `spec ${locked.revision}: ${from} has sha256 ${actual}, but schema/spec.lock.json pins ${locked.sha256}`,
      "the file is not the pinned revision; point MCP_GEN_SPEC_DIR at the spec checkout of the locked commit, or update the lock in a reviewed change",
    );
  }
}

function writeAtomically(path: string, bytes: Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, path);
}

/** Syncs one revision: env dir, else shared/, else download; always hash-verified. */
export async function syncRevision(revision: string, options: { force?: boolean } = {}): Promise<SyncResult> {
  const locked = lockedRevision(revision);
  if (!locked) {
    throw new UserError("MCPGEN0101", `unknown spec revision '${revision}'`, `known revisions: ${readSpecLock().revisions.map((r) => r.revision).join(", ")}`);
  }
  const target = syncedSchemaPath(revision);
  if (!options.force && isSynced(revision)) return { revision, source: "synced", from: target };

  for (const candidate of localCandidates(revision)) {
    if (!existsSync(candidate.path)) continue;
    const bytes = readFileSync(candidate.path);
    verify(locked, bytes, candidate.path);
    writeAtomically(target, bytes);
    return { revision, source: candidate.source, from: candidate.path };
  }

  const url = downloadUrl(locked);
  let bytes: Uint8Array;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    bytes = new Uint8Array(await response.arrayBuffer());
  } catch (err) {
    throw new UserError(
      "MCPGEN0103",
      `spec ${revision}: not found locally and the download of ${url} failed (${(err as Error).message})`,
      "set MCP_GEN_SPEC_DIR to a folder holding <revision>/schema.json, or place the spec checkout at ../shared/spec",
    );
  }
  verify(locked, bytes, url);
  writeAtomically(target, bytes);
  return { revision, source: "download", from: url };
}

export async function syncAll(options: { force?: boolean } = {}): Promise<SyncResult[]> {
  const results: SyncResult[] = [];
  for (const { revision } of readSpecLock().revisions) results.push(await syncRevision(revision, options));
  return results;
}
