import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { errorCodesInDocument, errorKey, pinnedErrorCodes } from "../../generator/diff/spec/error-codes.js";
import { SHARED_SPEC_DIR } from "../../generator/paths.js";
import { revisionNames } from "../../generator/spec-schema/lock.js";
import { loadSpec } from "../../generator/spec-schema/load.js";
import { skipWhenListed } from "../support/skips.js";

/** `export const NAME = -32xxx;` lines of a schema.ts (a second reading, independent of the code under test). */
function constantsOf(schemaTs: string): { name: string; code: number }[] {
  return schemaTs
    .split("\n")
    .filter((line) => line.startsWith("export const ") && /= -?\d+;$/.test(line.trim()))
    .map((line) => {
      const [, name, code] = /^export const (\w+) = (-?\d+);/.exec(line)!;
      return { name: name!, code: Number(code) };
    });
}

describe.each(revisionNames())("error codes of %s", (revision) => {
  const pinned = pinnedErrorCodes(revision)!;

  it("the hand-written table matches the constants of schema.ts (shared spec checkout)", (context) => {
    const schemaTs = join(SHARED_SPEC_DIR, revision, "schema.ts");
    skipWhenListed(context, "specSchemaTs");
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

describe("a schema.json that is not pinned, with schema.ts next to it", () => {
  it("takes its error codes from the schema.ts constants", async () => {
    const { mkdtempSync, writeFileSync, readFileSync: read } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { diffArguments } = await import("../../generator/diff/diff.js");
    const { syncedSchemaPath } = await import("../../generator/spec-schema/sync.js");
    const dir = mkdtempSync(join(tmpdir(), "mcpgen-codes-"));
    const schema = JSON.parse(read(syncedSchemaPath("2025-06-18"), "utf8"));
    writeFileSync(join(dir, "schema.json"), JSON.stringify(schema)); // other bytes: not recognised as pinned
    writeFileSync(join(dir, "schema.ts"), "export const PARSE_ERROR = -32700;\nexport const SESSION_EXPIRED = -32050;\n");
    const result = await diffArguments("2025-06-18", join(dir, "schema.json"));
    expect(result.changes).toEqual([expect.objectContaining({ rule: "ERROR_CODE_ADDED", path: "-32050", kind: "error-code" })]);
  });
});
