import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { errorCodesInDocument, errorKey, pinnedErrorCodes } from "../../generator/diff/spec/error-codes.js";
import { SHARED_SPEC_DIR } from "../../generator/paths.js";
import { revisionNames } from "../../generator/spec/lock.js";
import { loadSpec } from "../../generator/spec/load.js";

/** `export const NAME = -32xxx;` lines of a schema.ts. */
function constantsOf(schemaTs: string): { name: string; code: number }[] {
  return [...schemaTs.matchAll(/^export const ([A-Z_]+)\s*=\s*(-?\d+);/gm)].map((m) => ({ name: m[1]!, code: Number(m[2]) }));
}

describe.each(revisionNames())("error codes of %s", (revision) => {
  const pinned = pinnedErrorCodes(revision)!;

  it("the hand-written table matches the constants of schema.ts (shared spec checkout)", (context) => {
    const schemaTs = join(SHARED_SPEC_DIR, revision, "schema.ts");
    if (!existsSync(schemaTs)) return context.skip("no shared spec checkout beside the repository");
    const sort = (list: readonly { name: string; code: number }[]) => [...list].map((c) => `${c.name}=${c.code}`).sort();
    expect(sort(pinned)).toEqual(sort(constantsOf(readFileSync(schemaTs, "utf8"))));
  });

  it("every code const of schema.json is in the table under the same name", () => {
    const inJson = errorCodesInDocument(loadSpec(revision).json);
    for (const c of inJson) {
      const match = pinned.find((p) => p.code === c.code);
      expect(match, `${c.name} ${c.code}`).toBeDefined();
      expect(errorKey(match!.name)).toBe(errorKey(c.name));
    }
  });
});

it("schema.json holds error code consts only from 2025-11-25 on (why the table exists)", () => {
  expect(errorCodesInDocument(loadSpec("2025-06-18").json)).toEqual([]);
  expect(errorCodesInDocument(loadSpec("2026-07-28").json).map((c) => c.code).sort()).toEqual([-32700, -32603, -32602, -32601, -32600, -32022, -32021, -32020].sort());
});
