// docs/manifest.md must document every field of schema/manifest.schema.json (in the section of
// its schema part). Its table of diagnostic codes is checked with every other docs table of codes
// in test/diagnostics/docs.test.ts.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { manifestSchema } from "../generator/manifest/manifest-schema.js";
import { fieldsBySection } from "./manifests/schema-paths.js";

const DOCS = readFileSync(join(import.meta.dirname, "..", "docs", "manifest.md"), "utf8");

/** Text of each `<!-- schema: name -->` section, up to the next marker. */
function docSections(): Map<string, string> {
  const out = new Map<string, string>();
  const parts = DOCS.split(/<!-- schema: (\S+) -->/);
  for (let i = 1; i < parts.length; i += 2) out.set(parts[i] as string, parts[i + 1] ?? "");
  return out;
}

describe("docs/manifest.md", () => {
  const sections = docSections();
  const fields = fieldsBySection(manifestSchema());
  it("has a section for every schema part with fields", () => {
    expect([...sections.keys()].sort()).toEqual([...fields.keys()].sort());
  });
  for (const [section, names] of fields) {
    it(`documents every field of ${section}`, () => {
      const text = sections.get(section) ?? "";
      const missing = names.filter((n) => !text.includes(`| \`${n}\` |`));
      expect(missing).toEqual([]);
    });
  }
});
