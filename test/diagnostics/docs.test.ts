// The docs tables of diagnostic codes equal the registry: each page is compared with its
// rendering (generator/diagnostics/docs-tables.ts), and the tables are also parsed back, so a
// renderer that dropped rows would fail too. Every code is listed exactly once across the pages,
// on the page its range names, under the heading its anchor names.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DIAGNOSTIC_CODES } from "../../generator/diagnostics/codes.js";
import { DOCS_PAGES, headingAnchor, markedRanges, renderDocsPage } from "../../generator/diagnostics/docs-tables.js";
import { syncDocs } from "../../generator/diagnostics/sync-docs.js";

const ROOT = join(import.meta.dirname, "..", "..");
const read = (page: string) => readFileSync(join(ROOT, page), "utf8");

/** Rows of the code tables of a page: `| MCPGENxxxx | severity | meaning | …`. */
function documentedRows(text: string): { code: string; severity: string; meaning: string; line: number }[] {
  return text.split("\n").flatMap((row, index) => {
    const m = /^\| (`?)(MCPGEN\d{4})\1 \| ([^|]+) \| ((?:[^|\\]|\\.)+) \|/.exec(row);
    return m ? [{ code: m[2]!, severity: m[3]!.trim(), meaning: m[4]!.trim().replace(/\\\|/g, "|"), line: index + 1 }] : [];
  });
}

describe("docs tables of diagnostic codes", () => {
  it.each(DOCS_PAGES)("%s equals its rendering from the registry (run `node dist/generator/diagnostics/sync-docs.js` to fix)", (page) => {
    const text = read(page);
    expect(markedRanges(text).length).toBeGreaterThan(0);
    expect(text).toBe(renderDocsPage(text, page));
  });

  it("list every code exactly once, with its meaning and severity, on its range's page", () => {
    const rows = DOCS_PAGES.flatMap((page) => documentedRows(read(page)).map((row) => ({ ...row, page })));
    expect(rows.map((r) => r.code).sort()).toEqual(DIAGNOSTIC_CODES.map((c) => c.code).sort());
    for (const info of DIAGNOSTIC_CODES) {
      const row = rows.find((r) => r.code === info.code)!;
      expect(row.page, info.code).toBe(info.range.page);
      expect(row.meaning, info.code).toBe(info.meaning);
      expect(row.severity.split(" ")[0], info.code).toBe(info.severity);
    }
  });

  it("docs/diagnostics.md lists every range with a link to its table", () => {
    const text = read("docs/diagnostics.md");
    expect(text).toContain("<!-- ranges:begin -->");
    expect(text).toContain("| MCPGEN40xx | `mcp-gen pull` | [docs/pull.md](pull.md#errors) |");
    expect(text).toContain("| MCPGEN05xx | `mcp-gen generate` and writing its output folder | [below](#generate-and-write-mcpgen05xx) |");
  });

  it("have a heading for every anchor the registry names", () => {
    for (const info of DIAGNOSTIC_CODES) {
      const anchors = [...read(info.range.page).matchAll(/^#{1,6} (.+)$/gm)].map((m) => headingAnchor(m[1]!));
      expect(anchors, info.docs).toContain(info.range.anchor);
    }
  });

  it("headingAnchor follows GitHub's rule", () => {
    expect(headingAnchor("JSON Schema → zod emitter (MCPGEN03xx)")).toBe("json-schema--zod-emitter-mcpgen03xx");
    expect(headingAnchor("`mcp-gen init` (MCPGEN08xx)")).toBe("mcp-gen-init-mcpgen08xx");
  });

  it("sync-docs --check finds nothing stale (and writes nothing)", () => {
    const before = DOCS_PAGES.map(read);
    expect(syncDocs(true)).toEqual([]);
    expect(DOCS_PAGES.map(read)).toEqual(before);
  });

  it("a stale table is detected and rewritten", () => {
    const page = read("docs/pull.md");
    const stale = page.replace(/^\| MCPGEN4011 \|.*\n/m, "");
    expect(stale).not.toBe(page);
    expect(renderDocsPage(stale, "docs/pull.md")).toBe(page);
  });
});
