import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { PACKAGE_ROOT } from "../../generator/paths.js";
import { ALL_RULES } from "../../generator/diff/rules/index.js";

const docs = readFileSync(join(PACKAGE_ROOT, "docs", "diff.md"), "utf8");

it.each(ALL_RULES.map((r) => [r.id, r] as const))("docs/diff.md documents %s with its level, categories and purpose", (_id, rule) => {
  expect(docs).toContain(`| \`${rule.id}\` | ${rule.level} | ${rule.categories.join(", ")} | ${rule.purpose} |`);
});

it("docs/diff.md lists no rule that does not exist", () => {
  const documented = [...docs.matchAll(/^\| `([A-Z][A-Z0-9_]+)` \| (?:breaking|warning|info) \|/gm)].map((m) => m[1]);
  expect(documented.sort()).toEqual(ALL_RULES.map((r) => r.id).sort());
});
