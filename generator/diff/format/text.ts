import { LEVELS } from "../types.js";
import type { DiffResult } from "../types.js";
import { changesOfLevel } from "./grouping.js";
import { summaryLine } from "./summary.js";

/** Grouped by level (breaking first); inside a level, by kind (methods before definitions …). */
export function formatText(result: DiffResult): string {
  const lines = [`${result.old} → ${result.new}: ${summaryLine(result.changes)}`];
  for (const level of LEVELS) {
    const group = changesOfLevel(result.changes, level);
    if (group.length === 0) continue;
    const width = Math.max(...group.map((c) => c.rule.length));
    lines.push("", `${level} (${group.length})`);
    for (const c of group) lines.push(`  ${c.rule.padEnd(width)}  ${c.path}`, `  ${" ".repeat(width)}  ${c.message}`);
  }
  return lines.join("\n") + "\n";
}
