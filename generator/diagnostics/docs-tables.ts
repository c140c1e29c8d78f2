// The docs tables of diagnostic codes are generated from the registry, never written by hand:
// a page marks each table with `<!-- codes:begin 10-16 -->` … `<!-- codes:end -->` (a range of
// code prefixes, see ranges.ts) and `renderDocsPage` rewrites what lies between. sync-docs.ts
// writes the pages; test/diagnostics/docs.test.ts fails while a page differs from its rendering.
import { type CodeInfo, DIAGNOSTIC_CODES } from "./codes.js";
import { CODE_RANGES } from "./ranges.js";

const BLOCK = /(<!-- codes:begin (\d{2})-(\d{2}) -->\n)[\s\S]*?(<!-- codes:end -->)/g;
const RANGES_BLOCK = /(<!-- ranges:begin -->\n)[\s\S]*?(<!-- ranges:end -->)/g;

/** Every page that holds a code table, in the order of the ranges. */
export const DOCS_PAGES: readonly string[] = [...new Set(CODE_RANGES.map((r) => r.page))];

/** A `|` inside a cell ends the cell in GitHub markdown, even inside a code span. */
function cell(text: string): string {
  return text.replace(/\|/g, "\\|");
}

function severityCell(info: CodeInfo): string {
  return info.warningWhen === undefined ? info.severity : `${info.severity} (warning ${info.warningWhen})`;
}

/** The markdown table of the codes whose prefix lies in `[first, last]`; a Fix column when any has one. */
export function renderCodeTable(first: string, last: string): string {
  const rows = DIAGNOSTIC_CODES.filter((c) => c.range.prefix >= first && c.range.prefix <= last);
  if (rows.length === 0) throw new Error(`no diagnostic code has a prefix in ${first}-${last}`);
  const withFix = rows.some((c) => c.fix !== undefined);
  const head = withFix ? "| Code | Severity | Meaning | Fix |\n| --- | --- | --- | --- |" : "| Code | Severity | Meaning |\n| --- | --- | --- |";
  const body = rows.map((c) => `| ${c.code} | ${severityCell(c)} | ${cell(c.meaning)} |${withFix ? ` ${cell(c.fix ?? "")} |` : ""}`);
  return [head, ...body].join("\n") + "\n";
}

/** The table of ranges (ranges.ts), linking each to its table; links are relative to `page`. */
export function renderRangeTable(page: string): string {
  const dir = page.slice(0, page.lastIndexOf("/") + 1);
  const link = (target: string, anchor: string) => (target === page ? `#${anchor}` : `${target.startsWith(dir) ? target.slice(dir.length) : target}#${anchor}`);
  const rows = CODE_RANGES.map((r) => `| MCPGEN${r.prefix}xx | ${cell(r.area)} | [${r.page === page ? "below" : r.page}](${link(r.page, r.anchor)}) |`);
  return ["| Codes | Reported by | Listed in |", "| --- | --- | --- |", ...rows].join("\n") + "\n";
}

/** The page with every marked table replaced by its rendering from the registry. */
export function renderDocsPage(text: string, page = ""): string {
  return text
    .replace(BLOCK, (_all, begin: string, first: string, last: string, end: string) => `${begin}${renderCodeTable(first, last)}${end}`)
    .replace(RANGES_BLOCK, (_all, begin: string, end: string) => `${begin}${renderRangeTable(page)}${end}`);
}

/** The `first-last` prefix ranges a page marks, in page order. */
export function markedRanges(text: string): { first: string; last: string }[] {
  return [...text.matchAll(BLOCK)].map((m) => ({ first: m[2]!, last: m[3]! }));
}

/** GitHub's heading anchor: lower case, punctuation dropped, spaces become hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");
}
