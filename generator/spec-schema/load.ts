import { existsSync, readFileSync } from "node:fs";
import { applyErrata } from "./errata.js";
import { UserError } from "../errors.js";
import { type Era, eraOf, lockedRevision } from "./lock.js";
import { isSynced, sha256, syncedSchemaPath } from "./sync.js";

export interface RawSpecSchema {
  readonly revision: string;
  readonly era: Era;
  readonly sha256: string;
  /** The parsed schema.json exactly as published (no errata applied). */
  readonly json: Record<string, unknown>;
}

/** Loads a synced, hash-verified spec schema. Call `syncRevision` first (postinstall does). */
export function loadRawSpec(revision: string): RawSpecSchema {
  const locked = lockedRevision(revision);
  if (!locked) throw new UserError("MCPGEN0101", `unknown spec revision '${revision}'`);
  const path = syncedSchemaPath(revision);
  if (!existsSync(path) || !isSynced(revision)) {
    throw new UserError("MCPGEN0104", `spec ${revision} is not synced (or its copy does not match the lock)`, "run `mcp-gen spec sync`");
  }
  const bytes = readFileSync(path);
  return { revision, era: eraOf(revision), sha256: sha256(bytes), json: JSON.parse(bytes.toString("utf8")) as Record<string, unknown> };
}

export interface SpecSchema extends RawSpecSchema {
  /** Ids of the errata applied to `json`. */
  readonly errata: readonly string[];
}

/** Loads a synced spec schema with the errata layer applied: what every emitter and test uses. */
export function loadSpec(revision: string): SpecSchema {
  const raw = loadRawSpec(revision);
  const { document, applied } = applyErrata(raw.json);
  return { ...raw, json: document, errata: applied };
}
