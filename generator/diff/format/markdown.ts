import { LEVELS } from "../types.js";
import type { DiffResult } from "../types.js";
import { changesOfLevel } from "./grouping.js";
import { summaryLine } from "./summary.js";

/** Table cells: pipes and newlines would break the row. */
export function markdownCell(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/\|/g, "\\|").replace(/\r?\n/g, " ");
}

const HEADINGS = { breaking: "Breaking changes", warning: "Warnings", info: "Other changes" } as const;

/** For PR comments: a summary line, then one table per level; info is folded away. */
export function formatMarkdown(result: DiffResult): string {
  const lines = [`### mcp-gen diff: \`${markdownCell(result.old)}\` → \`${markdownCell(result.new)}\``, "", `**${summaryLine(result.changes)}**`];
  for (const level of LEVELS) {
    const group = changesOfLevel(result.changes, level);
    if (group.length === 0) continue;
    const table = ["| Rule | Kind | Path | Change |", "| --- | --- | --- | --- |", ...group.map((c) => `| \`${c.rule}\` | ${c.kind} | \`${markdownCell(c.path)}\` | ${markdownCell(c.message)} |`)];
    if (level === "info") lines.push("", `<details><summary>${HEADINGS[level]} (${group.length})</summary>`, "", ...table, "", "</details>");
    else lines.push("", `#### ${HEADINGS[level]} (${group.length})`, "", ...table);
  }
  return lines.join("\n") + "\n";
}
