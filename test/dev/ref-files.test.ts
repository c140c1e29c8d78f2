// The files whose edits make mcp-gen dev regenerate: the manifest and every file its $refs reach.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { regenerateTriggers } from "../../generator/dev/ref-files.js";

const DIR = mkdtempSync(join(tmpdir(), "mcp-gen-dev-refs-"));
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

describe("regenerateTriggers", () => {
  it("follows file $refs through referenced files, skipping local, shared and network refs", () => {
    mkdirSync(join(DIR, "schemas", "deep"), { recursive: true });
    writeFileSync(
      join(DIR, "mcp.yaml"),
      [
        "tools:",
        "  a:",
        "    input: { $ref: './schemas/note.json#/$defs/Note' }",
        "  b:",
        "    input: { type: object, properties: { x: { $ref: '#/definitions/X' }, y: { $ref: 'https://example.com/s.json' }, z: { $ref: '#/$defs/Z' } } }",
        "  c:",
        "    input: { $ref: schemas/missing.yaml }",
      ].join("\n"),
    );
    writeFileSync(join(DIR, "schemas", "note.json"), JSON.stringify({ $defs: { Note: { $ref: "./deep/tag.yaml" } } }));
    writeFileSync(join(DIR, "schemas", "deep", "tag.yaml"), "type: object\nproperties:\n  back: { $ref: '../note.json' }\n");
    expect([...regenerateTriggers(join(DIR, "mcp.yaml"))].sort()).toEqual(
      [join(DIR, "mcp.yaml"), join(DIR, "schemas", "deep", "tag.yaml"), join(DIR, "schemas", "missing.yaml"), join(DIR, "schemas", "note.json")].sort(),
    );
  });

  it("still names the manifest when it does not parse", () => {
    writeFileSync(join(DIR, "broken.yaml"), "tools: [unclosed\n");
    expect([...regenerateTriggers(join(DIR, "broken.yaml"))]).toEqual([join(DIR, "broken.yaml")]);
  });
});
