import type { Rule } from "../types.js";
import { markdownCell } from "./markdown.js";

export function formatRulesText(rules: readonly Rule[]): string {
  const idWidth = Math.max(...rules.map((r) => r.id.length));
  return rules.map((r) => `${r.id.padEnd(idWidth)}  ${r.level.padEnd(8)}  ${r.categories.join(",")}\n${" ".repeat(idWidth)}  ${r.purpose}`).join("\n") + "\n";
}

export function formatRulesJson(rules: readonly Rule[]): string {
  return JSON.stringify({ rules: rules.map((r) => ({ id: r.id, level: r.level, categories: r.categories, purpose: r.purpose })) }, null, 2) + "\n";
}

export function formatRulesMarkdown(rules: readonly Rule[]): string {
  const rows = rules.map((r) => `| \`${r.id}\` | ${r.level} | ${r.categories.join(", ")} | ${markdownCell(r.purpose)} |`);
  return ["| Rule | Level | Categories | Purpose |", "| --- | --- | --- | --- |", ...rows].join("\n") + "\n";
}
