import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { applyErrata } from "../../spec-schema/errata.js";
import { readSpecLock } from "../../spec-schema/lock.js";
import { loadSpec } from "../../spec-schema/load.js";
import { methodTable } from "../../spec-schema/methods/index.js";
import { sha256 } from "../../spec-schema/sync.js";
import { deriveErrorCodes, type ErrorCode, pinnedErrorCodes } from "./error-codes.js";
import { deriveMethodLists, type MethodLists } from "./derive-methods.js";

type Json = Record<string, unknown>;

/** One side of a spec diff: a schema document plus what we know about its methods and codes. */
export interface SpecSide {
  /** The pinned revision this document is (by name or by content hash), if any. */
  readonly revision: string | undefined;
  /**
   * The schema document WITH THE ERRATA LAYER APPLIED (generator/spec-schema/errata.ts): the diff
   * describes the protocol as mcp-gen implements it, so an artifact we patch at load time
   * is not reported as a change of the protocol.
   */
  readonly document: Json;
  readonly methods: MethodLists;
  readonly errorCodes: readonly ErrorCode[];
}

export function specSideOfRevision(revision: string): SpecSide {
  const spec = loadSpec(revision);
  return { revision, document: spec.json, methods: methodTable(revision), errorCodes: pinnedErrorCodes(revision) ?? deriveErrorCodes(spec.json) };
}

/**
 * A schema.json given by path. When its bytes hash to a pinned revision it IS that
 * revision (same curated method table and codes); otherwise methods and codes are derived
 * from the document itself (see derive-methods.ts and error-codes.ts).
 */
export function specSideOfFile(path: string, bytes: Buffer, json: Json): SpecSide {
  const digest = sha256(bytes);
  const pinned = readSpecLock().revisions.find((r) => r.sha256 === digest);
  if (pinned) return specSideOfRevision(pinned.revision);
  const { document } = applyErrata(json);
  const schemaTs = join(dirname(path), "schema.ts");
  const source = existsSync(schemaTs) ? readFileSync(schemaTs, "utf8") : undefined;
  return { revision: undefined, document, methods: deriveMethodLists(document), errorCodes: deriveErrorCodes(document, source) };
}
